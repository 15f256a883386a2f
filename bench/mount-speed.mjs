#!/usr/bin/env node
/**
 * Mount speed benchmark, run by hand (`npm run bench`, not part of `npm test`).
 *
 * Side by side in one run, in one Chromium with 4x CPU throttling:
 *   1. "mount → login form": `MerchantAds.mount()` until the login form's username input and submit button are
 *      visible, for the baseline build (git commit 5fab1bb, built once in build/bench-baseline) and the current
 *      build (`dist/` of this checkout, or `--current <dir>`), alternating a/b/a/b.
 *   2. "sign-in → home" (current build only): submit demo / demo1234 until the ad-centre home is shown, alternating
 *      the default mount options and `prefetch: false`.
 * Every round is a fresh browser context (cold HTTP cache, empty storage) loading the files from a local server.
 * See bench/README.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, renameSync, statSync, symlinkSync } from 'node:fs';
import { createServer, request as httpRequest, Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { startReferenceServer } from '../test/reference-server.mjs';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const BASELINE_COMMIT = '5fab1bb';
const BASELINE_DIR = join(ROOT, 'build', 'bench-baseline');
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
const DEMO = { username: 'demo', password: 'demo1234' };
// What the login form is in both builds (src/screens/auth/login/Login.tsx and 5fab1bb's src/screens/auth/Login.tsx).
const LOGIN_READY = [
  'input[autocomplete="username"]',
  'input[autocomplete="current-password"]',
  'button[type="submit"]',
];
// The ad-centre home's root (src/screens/ad-center/home/Home.tsx), and its account card once user info is in.
const HOME_SHOWN = ['.ma-home'];
const HOME_DATA = ['.ma-home__proxy-id'];

const log = (line) => process.stderr.write(`[bench] ${line}\n`);

// ---------------------------------------------------------------------------------------------------------------
// Options

function usage() {
  return `Usage: node bench/mount-speed.mjs [options]   (or: npm run bench -- [options])

  --rounds N          timed rounds per build (default 25); the sign-in scenario runs as many per variant
  --signin-rounds N   timed rounds per variant of the sign-in scenario (default: --rounds)
  --warmup N          untimed rounds per build/variant first (default 1)
  --current DIR       the current build's dist directory (default: dist of this checkout)
  --throttle N        CDP CPU throttling rate (default 4)
  --no-signin         only the mount scenario
  --signin-only       only the sign-in scenario
  --prepare-only      build the baseline in build/bench-baseline if needed, then stop
  --timeout MS        how long one measurement may take (default 30000)
  -h, --help`;
}

function parseArgs(argv) {
  const o = {
    rounds: 25,
    signinRounds: null,
    warmup: 1,
    current: join(ROOT, 'dist'),
    throttle: 4,
    mount: true,
    signin: true,
    prepareOnly: false,
    timeout: 30_000,
  };
  const num = (name, v, min) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} needs an integer >= ${min}, got "${v}"`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--rounds':
        o.rounds = num(flag, value(), 1);
        break;
      case '--signin-rounds':
        o.signinRounds = num(flag, value(), 1);
        break;
      case '--warmup':
        o.warmup = num(flag, value(), 0);
        break;
      case '--current':
        o.current = value();
        break;
      case '--throttle':
        o.throttle = num(flag, value(), 1);
        break;
      case '--timeout':
        o.timeout = num(flag, value(), 1000);
        break;
      case '--no-signin':
        o.signin = false;
        break;
      case '--signin-only':
        o.mount = false;
        o.signin = true;
        break;
      case '--prepare-only':
        o.prepareOnly = true;
        break;
      case '-h':
      case '--help':
        console.log(usage());
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${a}\n\n${usage()}`);
    }
  }
  o.signinRounds ??= o.rounds;
  o.current = resolve(o.current); // a given directory is relative to where the command runs
  return o;
}

// ---------------------------------------------------------------------------------------------------------------
// The baseline build: a git worktree of 5fab1bb in build/bench-baseline, installed and built once, reused after.

const running = new Set(); // child processes still running, killed on an early exit
let stopping = false; // a signal came: the servers and the browser are being stopped

/** Runs a command, its output shown as it comes, or with `quiet` kept and only its last lines shown on failure. */
function run(cmd, args, { cwd, timeoutMs, quiet = false }) {
  log(`$ (cd ${cwd.replace(ROOT, '.') || '.'} && ${cmd} ${args.join(' ')})`);
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      cwd,
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
      env: process.env,
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
    child.on('exit', (code) => {
      if (quiet && code !== 0) {
        const lines = output
          .split('\n')
          .filter((l) => /\S/.test(l) && !/^npm (warn|error) +(--|\[|$)|^npm error {3}/.test(l));
        process.stderr.write(
          lines
            .slice(0, 12)
            .map((l) => `  | ${l}\n`)
            .join(''),
        );
      }
    });
    running.add(child);
    const timer = setTimeout(() => {
      log(`  timed out after ${timeoutMs / 1000} s, stopping it`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      running.delete(child);
      done({ ok: false, why: e.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      done({ ok: code === 0, why: signal ? `killed by ${signal}` : `exit code ${code}` });
    });
  });
}

const git = (...args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });

async function prepareBaseline() {
  const script = join(BASELINE_DIR, 'dist', 'merchant-ads.js');
  if (existsSync(script)) {
    log(`baseline: reusing ${script.replace(ROOT + sep, '')} (delete build/bench-baseline/dist to rebuild it)`);
    return join(BASELINE_DIR, 'dist');
  }

  if (!existsSync(BASELINE_DIR)) {
    log(`baseline: creating a git worktree of ${BASELINE_COMMIT} at build/bench-baseline`);
    const added = git('worktree', 'add', '--detach', BASELINE_DIR, BASELINE_COMMIT);
    if (added.status !== 0) throw new Error(`git worktree add failed:\n${added.stderr}`);
  } else if (!existsSync(join(BASELINE_DIR, '.git'))) {
    throw new Error(`${BASELINE_DIR} exists but is not a git worktree; remove it and run again`);
  } else {
    log('baseline: reusing the worktree at build/bench-baseline');
  }
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: BASELINE_DIR, encoding: 'utf8' }).stdout.trim();
  const want = git('rev-parse', `${BASELINE_COMMIT}^{commit}`).stdout.trim();
  if (head !== want)
    throw new Error(
      `build/bench-baseline is at ${head.slice(0, 7)}, not ${BASELINE_COMMIT}; remove it (git worktree remove --force build/bench-baseline) and run again`,
    );

  const modules = join(BASELINE_DIR, 'node_modules');
  const linkMainModules = () => {
    if (existsSync(modules) || isSymlink(modules)) {
      const aside = `${modules}.failed-${Date.now()}`;
      log(`baseline: moving its node_modules aside to ${aside.replace(ROOT + sep, '')}`);
      renameSync(modules, aside);
    }
    log(`baseline: linking node_modules to ${join(ROOT, 'node_modules')} (only rollup and its plugins are needed)`);
    symlinkSync(join(ROOT, 'node_modules'), modules, 'dir');
  };

  if (!existsSync(modules)) {
    log('baseline: installing its dependencies (about 2 minutes: better-sqlite3 compiles)');
    const install = { cwd: BASELINE_DIR, timeoutMs: 15 * 60_000 };
    let r = await run('npm', ['ci', '--no-audit', '--no-fund'], { ...install, quiet: true });
    if (!r.ok) {
      log(`baseline: npm ci failed (${r.why}); trying npm install`);
      r = await run('npm', ['install', '--no-audit', '--no-fund'], install);
    }
    if (!r.ok) {
      log(`baseline: npm install failed (${r.why})`);
      linkMainModules();
    }
  } else {
    log(`baseline: reusing ${isSymlink(modules) ? 'the linked' : 'its'} node_modules`);
  }

  log(`baseline: building it (npm run build in build/bench-baseline)`);
  const build = { cwd: BASELINE_DIR, timeoutMs: 10 * 60_000 };
  let r = await run('npm', ['run', 'build'], build);
  if (!r.ok && !isSymlink(modules)) {
    log(`baseline: the build failed (${r.why}) with its own node_modules; trying again with this checkout's`);
    linkMainModules();
    r = await run('npm', ['run', 'build'], build);
  }
  if (!r.ok || !existsSync(script)) throw new Error(`the baseline build failed (${r.why}); see its output above`);
  log(`baseline: built ${script.replace(ROOT + sep, '')}`);
  return join(BASELINE_DIR, 'dist');
}

function isSymlink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The local server: /a/ is the baseline's dist, /b/ the current one, /api/ proxied to the reference server.

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

const page = (build) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Merchant Ads mount benchmark</title>
<style>html, body { margin: 0; height: 100%; } #host { display: block; height: 100%; }</style>
</head>
<body>
<div id="host"></div>
<script src="/${build}/merchant-ads.js"></script>
</body>
</html>
`;

async function startStaticServer(dirs, apiOrigin) {
  const api = new URL(apiOrigin);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return proxy(req, res);
    const m = /^\/([ab])(\/.*)$/.exec(url.pathname);
    if (!m) return send(res, 404, 'text/plain', 'not found');
    const [, build, rest] = m;
    if (rest === '/' || rest === '/index.html') return send(res, 200, TYPES['.html'], page(build), 'no-store');
    const root = dirs[build];
    let file;
    try {
      file = resolve(root, `.${decodeURIComponent(rest)}`);
    } catch {
      return send(res, 400, 'text/plain', 'bad path');
    }
    if (file !== root && !file.startsWith(root + sep)) return send(res, 403, 'text/plain', 'outside the build');
    let body;
    try {
      if (!statSync(file).isFile()) return send(res, 404, 'text/plain', 'not found');
      body = readFileSync(file);
    } catch {
      return send(res, 404, 'text/plain', 'not found');
    }
    // Cacheable within a round (a prefetched file is then not fetched twice); every round is a fresh context.
    send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', body, 'max-age=3600');
  });

  function send(res, status, type, body, cache = 'no-store') {
    res.writeHead(status, {
      'content-type': type,
      'content-length': Buffer.byteLength(body),
      'cache-control': cache,
      'access-control-allow-origin': '*',
    });
    res.end(body);
  }

  function proxy(req, res) {
    const up = httpRequest(
      {
        host: api.hostname,
        port: api.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: api.host },
        agent,
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', (e) => {
      if (!res.headersSent) send(res, 502, 'text/plain', `proxy: ${e.message}`);
      else res.destroy();
    });
    req.pipe(up);
  }

  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    stop: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections?.();
        agent.destroy();
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// In the page

/**
 * Runs in the page: resolves with performance.now() once every selector matches a visible element in the host's
 * shadow root, checked on each mutation of the shadow root and on each animation frame (bounded by timeoutMs).
 * Installed as window.__benchWaitFor so both scenarios use the same check.
 */
function installWaiter() {
  window.__benchWaitFor = (selectors, timeoutMs) =>
    new Promise((ok, fail) => {
      const host = document.getElementById('host');
      const visible = (el) =>
        !!el &&
        el.getClientRects().length > 0 &&
        (el.checkVisibility ? el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) : true);
      const ready = () => {
        const root = host.shadowRoot;
        return !!root && selectors.every((s) => visible(root.querySelector(s)));
      };
      let done = false;
      let observer = null;
      const finish = (value, error) => {
        if (done) return;
        done = true;
        observer?.disconnect();
        clearTimeout(timer);
        if (error) fail(error);
        else ok(value);
      };
      const check = () => {
        if (!done && ready()) finish(performance.now());
      };
      const observe = () => {
        if (observer || !host.shadowRoot) return;
        observer = new MutationObserver(check);
        observer.observe(host.shadowRoot, { childList: true, subtree: true, attributes: true, characterData: true });
      };
      const frame = () => {
        if (done) return;
        observe();
        check();
        requestAnimationFrame(frame);
      };
      const timer = setTimeout(() => {
        const text = (host.shadowRoot?.textContent ?? '(no shadow root)').replace(/\s+/g, ' ').trim().slice(0, 300);
        finish(0, new Error(`not shown within ${timeoutMs} ms: ${selectors.join(', ')}; the widget says: "${text}"`));
      }, timeoutMs);
      observe();
      check();
      requestAnimationFrame(frame);
    });
}

/** A page.evaluate that cannot hang the run: a page stuck in a long task is given up after `ms`. */
function bounded(promise, ms, what) {
  let timer;
  const limit = new Promise(
    (_, fail) => (timer = setTimeout(() => fail(new Error(`${what}: no answer from the page within ${ms} ms`)), ms)),
  );
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

const idle = (page) =>
  bounded(
    page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(), { timeout: 2000 }))),
    60_000,
    'idle',
  );

/** Mounts in the page and measures until the login form shows; returns ms plus what the page had fetched by then. */
async function mountAndWaitForLogin(page, options, timeoutMs) {
  return bounded(
    page.evaluate(
      async ({ options, selectors, timeoutMs }) => {
        localStorage.clear();
        sessionStorage.clear();
        const host = document.getElementById('host');
        const before = performance.getEntriesByType('resource').length;
        const t0 = performance.now();
        window.__benchApp = window.MerchantAds.mount(host, options);
        const t1 = await window.__benchWaitFor(selectors, timeoutMs);
        const fetched = performance
          .getEntriesByType('resource')
          .slice(before)
          .filter((e) => e.startTime <= t1);
        const files = fetched.filter((e) => !new URL(e.name).pathname.startsWith('/api/'));
        return {
          ms: t1 - t0,
          files: files.length,
          kb: files.reduce((sum, e) => sum + (e.encodedBodySize || 0), 0) / 1024,
          api: fetched.length - files.length,
          names: files.map((e) => new URL(e.name).pathname.replace(/^\/[ab]\//, '')),
        };
      },
      { options, selectors: LOGIN_READY, timeoutMs },
    ),
    timeoutMs + 30_000,
    'mount',
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Rounds

async function newPage(browser, origin, throttle) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  // Nothing but the local server is expected; a listener (not page.route, whose interception slows every request).
  page.on(
    'request',
    (r) =>
      !r.url().startsWith(`${origin}/`) &&
      !r.url().startsWith('data:') &&
      errors.push(`request outside the local server: ${r.url()}`),
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.addInitScript(installWaiter);
  return { context, page, errors };
}

async function loadPage(page, origin, build) {
  const res = await page.goto(`${origin}/${build}/index.html`, { waitUntil: 'load', timeout: 60_000 });
  if (!res?.ok()) throw new Error(`${origin}/${build}/index.html answered ${res?.status()}`);
  const hasSdk = await page.evaluate(() => typeof window.MerchantAds?.mount === 'function');
  if (!hasSdk) throw new Error(`/${build}/merchant-ads.js did not define MerchantAds.mount`);
  await idle(page); // the same quiet start for both builds
}

async function mountRound(browser, origin, o, build) {
  const { context, page, errors } = await newPage(browser, origin, o.throttle);
  try {
    await loadPage(page, origin, build);
    return await mountAndWaitForLogin(page, { apiBase: '/api', routing: 'memory' }, o.timeout);
  } catch (e) {
    throw withErrors(e, errors);
  } finally {
    await context.close();
  }
}

async function signinRound(browser, origin, o, extra) {
  const { context, page, errors } = await newPage(browser, origin, o.throttle);
  try {
    await loadPage(page, origin, 'b');
    await mountAndWaitForLogin(page, { apiBase: '/api', routing: 'memory', ...extra }, o.timeout);
    await page.locator('#host input[autocomplete="username"]').fill(DEMO.username);
    await page.locator('#host input[autocomplete="current-password"]').fill(DEMO.password);
    // Idle twice: whatever the build fetches ahead while the merchant types has had its chance, for both variants.
    await idle(page);
    await idle(page);
    return await bounded(
      page.evaluate(
        async ({ shown, data, timeoutMs }) => {
          const root = document.getElementById('host').shadowRoot;
          const button = root.querySelector('button[type="submit"]');
          const t0 = performance.now();
          button.click();
          const home = window.__benchWaitFor(shown, timeoutMs);
          const filled = window.__benchWaitFor(data, timeoutMs);
          const [t1, t2] = await Promise.all([home, filled]);
          return { ms: t1 - t0, dataMs: t2 - t0 };
        },
        { shown: HOME_SHOWN, data: HOME_DATA, timeoutMs: o.timeout },
      ),
      o.timeout + 30_000,
      'sign-in',
    );
  } catch (e) {
    throw withErrors(e, errors);
  } finally {
    await context.close();
  }
}

function withErrors(e, errors) {
  if (errors.length) e.message += `\n  page errors:\n    ${errors.slice(0, 8).join('\n    ')}`;
  return e;
}

/**
 * Alternates the variants round by round (a, b, a, b, ...), warm-up rounds first and untimed. A failed round is
 * reported and counted, not retried; more than a third failing stops the scenario.
 */
async function alternate(label, variants, rounds, warmup, runOne) {
  const results = Object.fromEntries(variants.map((v) => [v.key, { samples: [], failures: 0 }]));
  const total = (warmup + rounds) * variants.length;
  let failures = 0;
  for (let i = 0; i < warmup + rounds; i++) {
    for (const v of variants) {
      if (stopping) throw new Error('stopped');
      const timed = i >= warmup;
      try {
        const r = await runOne(v);
        if (timed) results[v.key].samples.push(r);
        log(
          `${label} ${timed ? `round ${i - warmup + 1}/${rounds}` : `warm-up ${i + 1}/${warmup}`} ${v.name}: ${fmt(r.ms)} ms${r.dataMs !== undefined ? ` (with data ${fmt(r.dataMs)} ms)` : ''}${r.files !== undefined ? `, ${r.files} files ${fmt(r.kb)} KB${r.files ? ` (${r.names.join(', ')})` : ''}, ${r.api} API calls` : ''}`,
        );
      } catch (e) {
        failures++;
        results[v.key].failures++;
        log(`${label} ${timed ? `round ${i - warmup + 1}` : 'warm-up'} ${v.name}: FAILED: ${e.message}`);
        if (failures > Math.max(2, total / 3))
          throw new Error(`${label}: ${failures} rounds failed, stopping`, { cause: e });
      }
    }
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

function quantile(sorted, q) {
  if (!sorted.length) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

function summary(values) {
  const s = [...values].sort((x, y) => x - y);
  return {
    n: s.length,
    median: quantile(s, 0.5),
    p25: quantile(s, 0.25),
    p75: quantile(s, 0.75),
    min: s[0],
    max: s[s.length - 1],
  };
}

const fmt = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');

function table(rows) {
  const head = ['scenario', 'variant', 'n', 'fail', 'median ms', 'p25', 'p75', 'min', 'max', 'ratio', 'files', 'KB'];
  const cells = rows.map((r) => [
    r.scenario,
    r.variant,
    String(r.s.n),
    String(r.failures),
    fmt(r.s.median),
    fmt(r.s.p25),
    fmt(r.s.p75),
    fmt(r.s.min),
    fmt(r.s.max),
    r.ratio ?? '',
    r.files ?? '',
    r.kb ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((x, i) => (i < 2 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const cleanups = [];
  const cleanup = async () => {
    for (const child of running) child.kill('SIGTERM');
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (e) {
        log(`cleanup: ${e.message}`);
      }
    }
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      log(`${sig}: stopping the servers and the browser`);
      void cleanup().finally(() => process.exit(130));
    });
  }

  try {
    const load0 = loadavg();
    const baselineDist = o.mount || o.prepareOnly ? await prepareBaseline() : null;
    if (o.prepareOnly) return;

    const currentScript = join(o.current, 'merchant-ads.js');
    if (!existsSync(currentScript)) {
      throw new Error(
        `no current build at ${currentScript}: run \`npm run build\` first (this script does not build it), or point --current at a dist directory`,
      );
    }
    const builtAt = statSync(currentScript).mtimeMs;
    log(`current: ${o.current.replace(ROOT + sep, '')} (merchant-ads.js built ${new Date(builtAt).toISOString()})`);

    log('starting the reference server (in-memory database, test API)');
    const api = await startReferenceServer();
    cleanups.push(() => api.stop());
    const web = await startStaticServer({ a: baselineDist ?? o.current, b: o.current }, api.origin);
    cleanups.push(() => web.stop());
    log(
      `pages: ${web.origin}/a/index.html (baseline${baselineDist ? '' : ', unused'}), ${web.origin}/b/index.html (current); /api → ${api.origin}`,
    );

    // Signals are handled here (playwright's own SIGINT handler would exit before the reference server is stopped).
    const launch = {
      headless: true,
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: LAUNCH_ARGS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    };
    const browser = await chromium.launch(launch);
    cleanups.push(() => browser.close());
    log(`browser: ${launch.executablePath} ${browser.version()}, CPU throttling ${o.throttle}x`);

    const rows = [];
    const collect = (scenario, variant, r, extra = {}) => ({
      scenario,
      variant,
      s: summary(r.samples.map((x) => x[extra.field ?? 'ms'])),
      failures: r.failures,
      ...extra,
    });

    if (o.mount) {
      const variants = [
        { key: 'a', name: `baseline ${BASELINE_COMMIT}` },
        { key: 'b', name: `current ${o.current.replace(ROOT + sep, '')}` },
      ];
      const r = await alternate('mount', variants, o.rounds, o.warmup, (v) =>
        mountRound(browser, web.origin, o, v.key),
      );
      const [a, b] = variants.map((v) => {
        const files = summary(r[v.key].samples.map((x) => x.files));
        const kb = summary(r[v.key].samples.map((x) => x.kb));
        return collect('mount → login form', v.name, r[v.key], { files: fmt(files.median, 0), kb: fmt(kb.median) });
      });
      b.ratio = `${fmt(b.s.median / a.s.median, 2)}x`;
      rows.push(a, b);
    }

    if (o.signin) {
      const variants = [
        { key: 'default', name: 'current, default options', extra: {} },
        { key: 'noprefetch', name: 'current, prefetch: false', extra: { prefetch: false } },
      ];
      const r = await alternate('sign-in', variants, o.signinRounds, o.warmup, (v) =>
        signinRound(browser, web.origin, o, v.extra),
      );
      const [d, n] = variants.map((v) => collect('sign-in → home', v.name, r[v.key]));
      n.ratio = `${fmt(n.s.median / d.s.median, 2)}x`;
      const [dd, nd] = variants.map((v) => collect('sign-in → home data', v.name, r[v.key], { field: 'dataMs' }));
      nd.ratio = `${fmt(nd.s.median / dd.s.median, 2)}x`;
      rows.push(d, n, dd, nd);
    }

    const load1 = loadavg();
    const rebuilt = !existsSync(currentScript) || statSync(currentScript).mtimeMs !== builtAt;
    console.log('');
    console.log(table(rows.map(({ field, ...r }) => r)));
    console.log('');
    console.log(
      'ratio: current / baseline (mount), prefetch: false / default (sign-in); "home data" = until the account card shows the proxy ID',
    );
    console.log(
      `files, KB: median SDK files (script, chunks, locales) fetched between mount() and the login form, and their size (uncompressed)`,
    );
    if (rebuilt)
      console.log(
        `WARNING: ${currentScript} changed during the run, so the current build's figures may mix two builds; measure a copy (--current)`,
      );
    console.log(
      `machine: ${cpus().length} CPUs (${cpus()[0]?.model?.trim() ?? '?'}), load average ${load0.map((x) => x.toFixed(2)).join(' ')} at start, ${load1.map((x) => x.toFixed(2)).join(' ')} at end; Chromium ${browser.version()}, CPU throttling ${o.throttle}x`,
    );
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    if (stopping) return; // the signal handler exits
    log(`error: ${e.stack ?? e.message}`);
    process.exit(1);
  },
);
