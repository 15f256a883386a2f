import type { NextConfig } from 'next';

// The widget calls its API at `apiBase="/api"`, the site's own origin, as the README asks of a partner; the site
// passes /api on to the merchant API. Next writes rewrites into the build, so the API's origin is read when
// `next build` runs (the test starts the reference server first and hands over its origin).
const api = process.env.MERCHANT_ADS_API;
if (!api)
  throw new Error(
    'Set MERCHANT_ADS_API to the merchant API origin (e.g. http://127.0.0.1:8080) when running next build',
  );

const config: NextConfig = {
  // The site is its own project: without this, Next takes the enclosing checkout's lockfile for the workspace root.
  turbopack: { root: __dirname },
  async rewrites() {
    return [{ source: '/api/:path*', destination: `${api}/api/:path*` }];
  },
};

export default config;
