// Browser tests: the rollup-built test bundles (build/test) run in Debian's Chromium through playwright.
// The reference server is started here, on 127.0.0.1 with an in-memory database, and stopped when the run ends;
// /api is proxied to it so the SDK under test talks to it over real HTTP from the page's own origin.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { playwrightLauncher } from '@web/test-runner-playwright';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

let server;
let apiOrigin;

async function startApi() {
  const port = await freePort();
  apiOrigin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE: ':memory:', ENABLE_TEST_API: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout.on('data', () => {});
  const deadline = Date.now() + 20000;
  for (;;) {
    try {
      const r = await fetch(`${apiOrigin}/api/health`);
      if (r.ok) return;
    } catch {}
    if (server.exitCode !== null) throw new Error(`reference server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('reference server did not start within 20 s');
    await new Promise((r) => setTimeout(r, 150));
  }
}

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
  rootDir: root,
  files: ['build/test/**/*.test.js'],
  nodeResolve: false,
  concurrency: 2,
  concurrentBrowsers: 1,
  testFramework: { config: { timeout: 15000 } },
  testsFinishTimeout: 600000,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
      },
    }),
  ],
  middleware: [apiProxy],
  plugins: [
    {
      name: 'reference-server',
      async serverStart() { if (!process.env.NO_API) await startApi(); },
      async serverStop() { server?.kill('SIGTERM'); },
    },
  ],
};
