import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The contracts package ships TypeScript source; Next compiles it with the app.
  transpilePackages: ['@apimarket/contracts'],
  // `npm run typecheck` checks the whole workspace with TypeScript 7; the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  experimental: { optimizePackageImports: ['antd'] },
  // /ApiSearch is the spelling the header links to (spec 01 §2.4). A second folder differing
  // only in case would break on case-insensitive file systems, so it is a rewrite.
  async rewrites() {
    return [{ source: '/ApiSearch', destination: '/apiSearch' }];
  },
};

export default nextConfig;
