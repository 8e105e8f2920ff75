import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The contracts package ships TypeScript source; Next compiles it with the app.
  transpilePackages: ['@apimarket/contracts'],
  // `npm run typecheck` checks the whole workspace with TypeScript 7; the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  experimental: { optimizePackageImports: ['antd'] },
};

export default nextConfig;
