// Browser tests: the rollup-built test bundles (build/test) run in Chromium (test/chromium.mjs) through playwright.
// The reference server is started here, on 127.0.0.1 with an in-memory database, and stopped when the run ends;
// /api is proxied to it so the SDK under test talks to it over real HTTP from the page's own origin.
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumLaunchOptions } from './chromium.mjs';
import { ROOT, startReferenceServer } from './reference-server.mjs';

let server;
let apiOrigin;

const apiProxy = async (ctx, next) => {
  // The bridge tests frame the host page from the API server's own origin: a real second origin.
  if (ctx.url === '/__api-origin') {
    ctx.body = apiOrigin ?? '';
    return;
  }
  if (!ctx.url.startsWith('/api/')) return next();
  const chunks = [];
  for await (const c of ctx.req) chunks.push(c);
  const headers = { ...ctx.request.headers };
  delete headers.host;
  delete headers['content-length'];
  const res = await fetch(apiOrigin + ctx.url, {
    method: ctx.method,
    headers,
    body: ['GET', 'HEAD'].includes(ctx.method) ? undefined : Buffer.concat(chunks),
  });
  ctx.status = res.status;
  ctx.set('content-type', res.headers.get('content-type') ?? 'application/json');
  ctx.body = Buffer.from(await res.arrayBuffer());
};

export default {
  rootDir: ROOT,
  files: ['build/test/**/*.test.js'],
  nodeResolve: false,
  concurrency: 2,
  concurrentBrowsers: 1,
  testFramework: { config: { timeout: 15000 } },
  testsFinishTimeout: 600000,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: chromiumLaunchOptions(),
    }),
  ],
  middleware: [apiProxy],
  plugins: [
    {
      name: 'reference-server',
      async serverStart() {
        if (process.env.NO_API) return;
        server = await startReferenceServer();
        apiOrigin = server.origin;
      },
      async serverStop() { await server?.stop(); },
    },
  ],
};
