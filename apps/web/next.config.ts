import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A second development server on the same checkout needs its own build folder: Next keeps one
  // development server per folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The contracts package ships TypeScript source; Next compiles it with the app.
  transpilePackages: ['@apimarket/contracts'],
  // `npm run typecheck` checks the whole workspace with TypeScript 7; the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  experimental: { optimizePackageImports: ['antd'] },
  // /ApiSearch is the spelling the header links to (spec 01 §2.4), /solutionPlan/Logistics one
  // of the logistics page's spellings (§2.1). A second folder differing only in case would break
  // on case-insensitive file systems, so they are rewrites.
  async rewrites() {
    return [
      { source: '/ApiSearch', destination: '/apiSearch' },
      { source: '/solutionPlan/Logistics', destination: '/solutionPlan/logistics' },
    ];
  },
};

export default nextConfig;
