// Browser tests: the rollup-built test bundles (build/test) run in Chromium (test/chromium.mjs) through playwright.
// The reference server is started here, on 127.0.0.1 with an in-memory database, and stopped when the run ends;
// /api is proxied to it so the SDK under test talks to it over real HTTP from the page's own origin.
import { readFile } from 'node:fs/promises';
import { createServer, request as forward } from 'node:http';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from './chromium.mjs';
import { pagePoolLauncher } from './page-pool.mjs';
import { ROOT, startReferenceServer } from './reference-server.mjs';

let server;
let apiOrigin;

/**
 * Faults a test puts on one API path for one session (`POST /__api-faults {path, token, mode}`; mode null clears
 * it): 'hold' keeps its requests waiting until the fault is cleared (what a screen shows while loading), 'fail'
 * answers HTTP 502 (a gateway down: what a screen shows when a load or refresh fails), 'business' answers HTTP 200
 * with the envelope's code 500 (the server up but refusing: a different path through the client), 'hold-answer' lets
 * the request reach the server and keeps its answer until the fault is cleared (an answer read before a later change
 * that arrives after it: a slow network's race). A held request the browser cancels meanwhile is dropped. Only requests
 * carrying that token (X-CT) are touched, so test files running side by side never meet each other's faults.
 *
 * Every API request is also counted by path and token (`POST /__api-calls {path, token}` answers the count so far,
 * `answered`: how many of them the server has answered, held or not, and `open`: change streams open now),
 * so a test can say "no second request was sent" about requests, not about what the screen chose to show.
 */
const faults = new Map();
const calls = new Map();
const answered = new Map();
/** Change streams open through this proxy now, by path and token. */
const openStreams = new Map();
let released = [];
const release = () => {
  const r = released;
  released = [];
  for (const ok of r) ok();
};

const apiProxy = async (ctx, next) => {
  // The bridge tests frame the host page from the API server's own origin: a real second origin.
  if (ctx.url === '/__api-origin') {
    ctx.body = apiOrigin ?? '';
    return;
  }
  if (ctx.path === '/__api-faults' && ctx.method === 'POST') {
    const chunks = [];
    for await (const c of ctx.req) chunks.push(c);
    const { path, token, mode } = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    if (mode) faults.set(`${path} ${token}`, mode);
    else faults.delete(`${path} ${token}`);
    release();
    ctx.body = { faults: Object.fromEntries(faults) };
    return;
  }
  if (ctx.path === '/__api-calls' && ctx.method === 'POST') {
    const chunks = [];
    for await (const c of ctx.req) chunks.push(c);
    const { path, token } = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    const key = `${path} ${token}`;
    ctx.body = { count: calls.get(key) ?? 0, answered: answered.get(key) ?? 0, open: openStreams.get(key) ?? 0 };
    return;
  }
  // The reference server serves uploaded images at /uploads/ beside /api/ (what an upload's answer names).
  if (!ctx.url.startsWith('/api/') && !ctx.url.startsWith('/uploads/')) return next();
  const fault = `${ctx.path.slice('/api'.length)} ${ctx.get('x-ct')}`;
  calls.set(fault, (calls.get(fault) ?? 0) + 1);
  while (faults.get(fault) === 'hold') await new Promise((ok) => released.push(ok));
  // A request the browser cancelled while it was held never reaches the server, as on a slow network where the
  // cancel comes before the request has left the phone.
  if (ctx.req.socket.destroyed) {
    ctx.respond = false;
    return;
  }
  if (faults.get(fault) === 'fail') {
    ctx.status = 502;
    ctx.body = 'Bad gateway (a fault set by the test)';
    return;
  }
  if (faults.get(fault) === 'business') {
    ctx.body = { code: 500, msg: 'Server error (a fault set by the test)', data: null };
    return;
  }
  const chunks = [];
  for await (const c of ctx.req) chunks.push(c);
  const headers = { ...ctx.request.headers };
  delete headers.host;
  delete headers['content-length'];
  // The page calls /api on its own origin, and for the server this proxy is that origin: a same-origin request
  // stays same-origin (the test API answers nothing else), one from another origin keeps its Origin.
  if (headers.origin === ctx.origin) headers.origin = apiOrigin;
  const upstream = new AbortController();
  const res = await fetch(apiOrigin + ctx.url, {
    method: ctx.method,
    headers,
    body: ['GET', 'HEAD'].includes(ctx.method) ? undefined : Buffer.concat(chunks),
    signal: upstream.signal,
  });
  // The change stream (GET /api/events) is passed on as it comes, as a proxy in front of the server must, and ends
  // when the page drops it.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    answered.set(fault, (answered.get(fault) ?? 0) + 1);
    openStreams.set(fault, (openStreams.get(fault) ?? 0) + 1);
    ctx.res.once('close', () => {
      openStreams.set(fault, openStreams.get(fault) - 1);
      upstream.abort();
    });
    ctx.status = res.status;
    ctx.set('content-type', res.headers.get('content-type'));
    ctx.set('cache-control', 'no-store');
    ctx.body = Readable.fromWeb(res.body).on('error', () => undefined);
    return;
  }
  const body = Buffer.from(await res.arrayBuffer());
  answered.set(fault, (answered.get(fault) ?? 0) + 1);
  while (faults.get(fault) === 'hold-answer') await new Promise((ok) => released.push(ok));
  ctx.status = res.status;
  ctx.set('content-type', res.headers.get('content-type') ?? 'application/json');
  ctx.body = body;
};

/**
 * The script-tag build's files under a folder of a test's own: `/__assets/<key>/<file>` is dist/<file> (and
 * `locales/<lang>.json` dist/locales/), so a test that mounts with `assetsBase: '/__assets/<key>/'` fetches files
 * that no other test, nor the test file running beside it, ever asks for. Faults on them (`POST /__asset-faults
 * {pattern, mode}`; mode null clears it) touch every such request whose path contains `pattern` (put the key in it):
 * 'fail' answers 404 (a file missing from the deploy), 'hold' keeps it waiting until the fault is cleared (a slow
 * network). Answers are never reused by the browser, so a retry reaches this server.
 */
const assetFaults = new Map();
const assetWaiting = [];
const assetFiles = async (ctx, next) => {
  if (ctx.path === '/__asset-faults' && ctx.method === 'POST') {
    const chunks = [];
    for await (const c of ctx.req) chunks.push(c);
    const { pattern, mode } = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    if (mode) assetFaults.set(pattern, mode);
    else assetFaults.delete(pattern);
    for (const ok of assetWaiting.splice(0)) ok();
    ctx.body = { faults: Object.fromEntries(assetFaults) };
    return;
  }
  const m = /^\/__assets\/[\w-]+\/((?:locales\/)?[\w-]+(?:\.[\w-]+)*)$/.exec(ctx.path);
  if (!m) return next();
  const fault = () => [...assetFaults].filter(([p]) => ctx.path.includes(p)).map(([, mode]) => mode);
  while (fault().includes('hold')) await new Promise((ok) => assetWaiting.push(ok));
  // The test runner marks every file cacheable for a year, over any cache-control set here (its cacheMiddleware
  // wraps this one): `Vary: *` keeps the browser from reusing an answer, so a retry, a 404's too, reaches this server.
  ctx.set('vary', '*');
  if (fault().includes('fail')) {
    ctx.status = 404;
    ctx.body = 'Not found (a fault set by the test)';
    return;
  }
  try {
    ctx.body = await readFile(join(ROOT, 'dist', m[1]));
  } catch {
    return next();
  }
  ctx.type = extname(m[1]);
};

/**
 * The built bridge host page (dist/bridge/), its config script written from `?config=<JSON>` as a deployer would
 * write it: a test page cannot put settings in the page's URL any more (only the config script sets apiBase,
 * allowedOrigins, token), so this dev server, which lives only for the test run, plays the deployer. Tests frame
 * it through the host-page port below: a real second origin of the same site (so the browser lets it keep
 * storage, as a shell's WebView does), whose /api goes through the proxy above. The page loads the script tag one
 * folder up: its files are served from dist/ at the root, as the reference server serves them.
 */
const SCRIPT_TAG_FILE = /^\/(merchant-ads(?:\.[\w-]+)?\.js)$/;
const bridgePage = async (ctx, next) => {
  const scriptTag = SCRIPT_TAG_FILE.exec(ctx.path)?.[1];
  if (!scriptTag && !ctx.path.startsWith('/bridge/')) return next();
  const dir = scriptTag ? join(ROOT, 'dist') : join(ROOT, 'dist', 'bridge');
  const name = scriptTag ?? (ctx.path.slice('/bridge/'.length) || 'index.html');
  if (!/^[\w-]+(\.[\w-]+)*$/.test(name)) return next();
  let body;
  try {
    body = await readFile(join(dir, name), name.endsWith('.html') ? 'utf8' : undefined);
  } catch {
    return next();
  }
  const config = ctx.query.config;
  if (name === 'index.html' && typeof config === 'string') {
    const json = JSON.stringify(JSON.parse(config)).replace(/</g, '\\u003c');
    body = body.replace(
      /(<script type="application\/json" id="merchant-ads-config">)[^<]*(<\/script>)/,
      (_, open, close) => open + json + close,
    );
  }
  ctx.type = extname(name);
  ctx.body = body;
};

/**
 * A stranger's API on another origin (`/__evil-api/*`): records every request's X-CT, so a test can show that
 * no token travels there; `/__evil-log` reads the record. (`/__host-origin` names the host-page port.)
 */
const strangerRequests = [];
const strangerApi = async (ctx, next) => {
  if (ctx.path === '/__host-origin') {
    ctx.body = hostOrigin ?? '';
    return;
  }
  if (ctx.path === '/__evil-log') {
    ctx.body = strangerRequests;
    return;
  }
  if (!ctx.path.startsWith('/__evil-api/')) return next();
  strangerRequests.push({ path: ctx.path, token: ctx.get('x-ct') || null });
  ctx.set('access-control-allow-origin', '*');
  ctx.set('access-control-allow-headers', 'X-CT, X-TZ, Content-Type');
  ctx.body = { code: 401, msg: 'Not logged in', data: {} };
};

/**
 * The real language files are public, as the reference server serves them: a bridge page in a sandboxed frame
 * (origin "null") reads them cross-origin.
 */
const publicLocales = async (ctx, next) => {
  if (/^\/locales\/\w+\.json$/.test(ctx.path)) ctx.set('access-control-allow-origin', '*');
  return next();
};

/** A second port of this dev server, 127.0.0.1:<random>: every request passed through as it is. */
let hostPort;
let hostOrigin;
async function startHostPort(devPort) {
  hostPort = createServer((req, res) => {
    const out = forward(
      { host: '127.0.0.1', port: devPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        // As on the reference server, language files are readable from any origin, a sandboxed bridge page's too,
        // on every answer (a 304 included).
        if (req.url?.startsWith('/locales/')) answer.headers['access-control-allow-origin'] = '*';
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  hostPort.listen(0, '127.0.0.1');
  await once(hostPort, 'listening');
  hostOrigin = `http://127.0.0.1:${hostPort.address().port}`;
}

/**
 * Each test file's page, as @web/test-runner-mocha's documented runTests() runs one, with one step of ours: once the
 * file has added its tests, failures are made plain data before the results are sent (see plain-failures.mjs).
 */
const testPage = (testFramework) => `<!DOCTYPE html>
<html>
  <head></head>
  <body>
    <script type="module">
      import { mocha, runTests } from '${testFramework}';
      import { reportFailuresPlainly } from '/test/plain-failures.mjs';
      runTests(async () => {
        await import(window.__WTR_CONFIG__.testFile);
        reportFailuresPlainly(mocha);
      });
    </script>
  </body>
</html>`;

export default {
  hostname: '127.0.0.1',
  rootDir: ROOT,
  files: ['build/test/**/*.test.js'],
  nodeResolve: false,
  // Three files at once on two cores: most of a file's time is spent waiting (the server, polling, transitions), not
  // computing; a run used about a fifth of the machine's CPU at two.
  concurrency: 3,
  concurrentBrowsers: 1,
  // 30 s: the longest tests take about 10 s alone, and twice that on a loaded two-core machine.
  // Mocha's module for pages that say when to run (testPage), rather than the one that runs a file by itself.
  testFramework: {
    path: fileURLToPath(import.meta.resolve('@web/test-runner-mocha/dist/standalone.js')),
    config: { timeout: 30000 },
  },
  testRunnerHtml: testPage,
  // The longest file takes about 30 s alone; a file still running after 3 minutes is stuck (see watched-page.mjs),
  // and waiting 10 minutes for it only made the whole run overrun its time.
  testsFinishTimeout: 180000,
  browsers: [pagePoolLauncher({ launchOptions: chromiumLaunchOptions() })],
  middleware: [apiProxy, assetFiles, bridgePage, strangerApi, publicLocales],
  plugins: [
    {
      name: 'reference-server',
      async serverStart({ config }) {
        await startHostPort(config.port);
        if (process.env.NO_API) return;
        server = await startReferenceServer();
        apiOrigin = server.origin;
      },
      async serverStop() {
        hostPort?.close();
        await server?.stop();
      },
    },
  ],
};
