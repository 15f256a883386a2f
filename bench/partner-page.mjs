#!/usr/bin/env node
/**
 * The partner page benchmark, run by hand (`npm run bench:partner`, not part of `npm test`).
 *
 * What a partner sees in Lighthouse: a plain article page whose own hero paragraph is its largest element, and the
 * README's snippet mounting the widget in a 480 px box below it. Lighthouse mobile (its default: a phone's screen,
 * simulated slow 4G and a 4x slower CPU) runs the page without the snippet and with it, once per `loading` mode,
 * round after round in a rotating order, each run in a fresh Chromium. It prints the medians of LCP, TBT and CLS,
 * and each mode's difference from the page without the widget. See bench/README.md.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../test/chromium.mjs';
import { ROOT, startReferenceServer } from '../test/reference-server.mjs';

const MODES = ['eager', 'visible', 'idle'];
const log = (line) => process.stderr.write(`[partner-page] ${line}\n`);

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    dist: { type: 'string', default: join(ROOT, 'dist') },
    // Another build's dist/ (an earlier commit's `npm run build`), measured in the same run: its rows are "before".
    before: { type: 'string' },
    // How the snippet mounts: the element (`<merchant-ads loading=…>`) or mount() from a deferred script.
    snippet: { type: 'string', default: 'element' },
    save: { type: 'string' },
    serve: { type: 'boolean' },
    // Only these pages (comma-separated names as in --serve's addresses, e.g. none,now-after-load-visible).
    pages: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  process.stdout
    .write(`Usage: npm run bench:partner -- [--rounds N] [--dist DIR] [--before DIR] [--snippet element|mount] [--save DIR]

  --rounds N     runs of each page (default 5); a round runs every page once, in a rotating order
  --dist DIR     the build measured (default: dist/ of this checkout, as \`npm run build\` left it)
  --before DIR   another build's dist/ (an earlier commit's), measured in the same rounds with loading="eager"
  --snippet S    element (default): <merchant-ads loading="…">, the README's snippet; mount: MerchantAds.mount()
  --save DIR     write every Lighthouse report there (JSON), to read a run's trace-based audits
  --pages LIST   only these pages (their names in --serve's addresses: none,now-after-load-visible,…)
  --serve        only serve the pages (until Ctrl-C) and print their addresses, to trace one by hand
`);
  process.exit(0);
}
const rounds = Number(args.rounds);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`--rounds needs a whole number >= 1, got "${args.rounds}"`);
if (!['element', 'mount'].includes(args.snippet))
  throw new Error(`--snippet is element or mount, got "${args.snippet}"`);
const builds = { now: resolve(args.dist), ...(args.before ? { before: resolve(args.before) } : {}) };
for (const dir of Object.values(builds)) {
  try {
    statSync(join(dir, 'merchant-ads.js'));
  } catch {
    throw new Error(
      `no merchant-ads.js in ${dir}: run \`npm run build\` first (the benchmark measures a build, it never makes one)`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The article page: the partner's own content first, the widget's box below its hero paragraph.

const ARTICLE = [
  'Every shop on the high street now sells online as well, and most of them found out the hard way that a web shop is a second business with its own rhythm.',
  'The orders come at night, the questions come at lunch, and the returns come on Monday. Planning for that rhythm is most of the work.',
  'What follows is how three small merchants in our town set up their week around it, and what they would do differently.',
];

/**
 * The widget's part of the page. `after-load`: the README's recommended snippet, which adds the SDK's script once the
 * page has loaded and painted; `defer`: the plain `<script defer>` before it (the snippet the README gave first);
 * `script`: that script alone, nothing mounted (what the file itself costs).
 */
function snippet(build, how, mode) {
  const src = `/sdk/${build}/merchant-ads.js`;
  if (how === 'script') return `<div class="widget"></div>\n<script src="${src}" defer></script>`;
  const start =
    args.snippet === 'mount'
      ? `MerchantAds.mount(document.getElementById('merchant-ads'), { apiBase: '/api', routing: 'memory', loading: '${mode}' })`
      : 'MerchantAds.define()';
  const widget =
    args.snippet === 'mount'
      ? '<div id="merchant-ads" class="widget"></div>'
      : `<merchant-ads class="widget" api-base="/api" routing="memory" loading="${mode}"></merchant-ads>`;
  if (how === 'defer') {
    return `${widget}
<script src="${src}" defer></script>
<script>document.addEventListener('DOMContentLoaded', () => ${start});</script>`;
  }
  return `${widget}
<script>
  const nonce = document.currentScript.nonce;
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(() => {
    const sdk = document.createElement('script');
    sdk.src = '${src}';
    sdk.nonce = nonce;
    sdk.onload = () => ${start};
    document.head.append(sdk);
  })));
</script>`;
}

const page = (widget) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Running a small shop online</title>
<style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #222; }
  main { max-width: 40rem; margin: 0 auto; padding: 16px; }
  h1 { font-size: 1.5rem; margin: 0 0 8px; }
  .hero { font-size: 1.25rem; line-height: 1.6; margin: 0 0 16px; }
  .widget { display: block; height: 480px; margin: 16px 0; border: 1px solid #ddd; }
</style>
</head>
<body>
<main>
<h1>Running a small shop online</h1>
<p class="hero">${ARTICLE.join(' ')}</p>
${widget}
${ARTICLE.map((p) => `<p>${p}</p>`).join('\n')}
</main>
</body>
</html>
`;

// ---------------------------------------------------------------------------------------------------------------
// One local server: the pages, each build's files under /sdk/<build>/, /api proxied to the reference server.

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

async function startSite(apiOrigin) {
  const api = new URL(apiOrigin);
  const agent = new Agent({ keepAlive: true });
  // Compressed as a CDN or any web server sends text: what crosses the simulated network is what a partner's does.
  const send = (
    res,
    status,
    type,
    body,
    cache = 'no-store',
    gzip = /\bgzip\b/.test(res.req.headers['accept-encoding'] ?? ''),
  ) => {
    const bytes = gzip ? gzipSync(body) : Buffer.from(body);
    res.writeHead(status, {
      'content-type': type,
      'content-length': bytes.length,
      'cache-control': cache,
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    res.end(bytes);
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (url.pathname.startsWith('/api/')) {
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
      up.on('error', (e) => (res.headersSent ? res.destroy() : send(res, 502, 'text/plain', e.message)));
      return req.pipe(up);
    }
    const article = /^\/article\/(none|(now|before)-(script|defer|after-load)(?:-(eager|visible|idle))?)\.html$/.exec(
      url.pathname,
    );
    if (article)
      return send(
        res,
        200,
        'text/html; charset=utf-8',
        page(article[1] === 'none' ? '' : snippet(article[2], article[3], article[4])),
      );
    const file = /^\/sdk\/(now|before)\/([\w./-]+)$/.exec(url.pathname);
    if (!file || !builds[file[1]]) return send(res, 404, 'text/plain', 'not found');
    const path = resolve(builds[file[1]], file[2]);
    if (!path.startsWith(builds[file[1]] + sep)) return send(res, 403, 'text/plain', 'outside the build');
    try {
      // Named by the build's id, as a CDN serves them.
      send(
        res,
        200,
        TYPES[extname(path)] ?? 'application/octet-stream',
        readFileSync(path),
        'public, max-age=31536000, immutable',
      );
    } catch {
      send(res, 404, 'text/plain', 'not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    stop: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse

async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions().executablePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const value = (id) => lhr.audits[id]?.numericValue;
    const lcpItem = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    // The widget's own share of the blocking time: its files' long tasks (the page's own vary from run to run on a
    // busy machine far more than the widget's do).
    const widgetTasks = (lhr.audits['long-tasks']?.details?.items ?? []).filter((t) => /\/sdk\//.test(t.url));
    return {
      widgetTbt: widgetTasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      fcp: value('first-contentful-paint'),
      lcpElement: lcpItem?.snippet ?? '?',
      report: result.report,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// ---------------------------------------------------------------------------------------------------------------

// An earlier build is measured as the README's first snippet loaded it, and with today's recommended one (a build
// that does not know the `loading` option starts at once).
const allPages = [
  'none',
  'now-script',
  'now-defer-eager',
  ...MODES.map((m) => `now-after-load-${m}`),
  ...(builds.before ? ['before-defer-eager', 'before-after-load-visible'] : []),
];
const pages = args.pages ? allPages.filter((p) => args.pages.split(',').includes(p)) : allPages;
if (!pages.includes('none'))
  throw new Error('--pages must include none: every difference is from the page without the widget');
const server = await startReferenceServer();
const site = await startSite(server.origin);
if (args.serve) {
  for (const name of pages) process.stdout.write(`${site.origin}/article/${name}.html\n`);
  await new Promise((stop) => process.once('SIGINT', stop));
  await site.stop();
  await server.stop();
  process.exit(0);
}
const results = Object.fromEntries(pages.map((p) => [p, []]));
let started;
try {
  if (args.save) mkdirSync(args.save, { recursive: true });
  // A machine still busy with a build measures the build: wait (a minute at most) for it to calm down.
  for (let waited = 0; loadavg()[0] > cpus().length / 2 && waited < 60; waited += 5)
    await new Promise((ok) => setTimeout(ok, 5000));
  started = loadavg()[0];
  log(
    `${cpus().length} CPUs, load ${started.toFixed(2)}; ${rounds} rounds of ${pages.length} pages, snippet: ${args.snippet}`,
  );
  for (let round = 0; round < rounds; round++) {
    // Rotated each round, so no page always runs first (a cold machine) or right after the same one.
    const order = pages.map((_, i) => pages[(i + round) % pages.length]);
    for (const name of order) {
      const r = await audit(`${site.origin}/article/${name}.html`);
      results[name].push(r);
      if (args.save) writeFileSync(join(args.save, `${name}-${round + 1}.json`), r.report);
      log(
        `round ${round + 1} ${name.padEnd(22)} LCP ${Math.round(r.lcp)} ms  TBT ${Math.round(r.tbt)} ms (widget ${Math.round(r.widgetTbt)})  CLS ${r.cls.toFixed(3)}  (largest: ${r.lcpElement.slice(0, 40)})`,
      );
    }
  }
} finally {
  await site.stop();
  await server.stop();
}

const base = { lcp: median(results.none.map((r) => r.lcp)), tbt: median(results.none.map((r) => r.tbt)) };
const rows = pages.map((name) => {
  const runs = results[name];
  const lcp = median(runs.map((r) => r.lcp));
  const tbt = median(runs.map((r) => r.tbt));
  const cls = median(runs.map((r) => r.cls));
  const fcp = median(runs.map((r) => r.fcp));
  const own = median(runs.map((r) => r.widgetTbt));
  const signed = (n) => (name === 'none' ? '' : `${n >= 0 ? '+' : ''}${Math.round(n)}`);
  const largest = [...new Set(runs.map((r) => r.lcpElement.slice(0, 28)))].join(' / ');
  return [
    name === 'none' ? 'without the widget' : name.replace(/-(script|defer|after-load)-?/, ' $1 ').trim(),
    Math.round(fcp),
    Math.round(lcp),
    signed(lcp - base.lcp),
    Math.round(tbt),
    signed(tbt - base.tbt),
    name === 'none' ? '' : Math.round(own),
    cls.toFixed(3),
    largest,
  ];
});
const head = ['page', 'FCP', 'LCP', 'ΔLCP', 'TBT', 'ΔTBT', "widget's TBT", 'CLS', 'largest element'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
process.stdout.write(
  `\nLighthouse ${results.none.length ? 'mobile' : ''}, medians of ${rounds} runs (ms; CLS unitless), snippet: ${args.snippet}\n`,
);
process.stdout.write(
  `${line(head)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${rows.map(line).join('\n')}\n`,
);
process.stdout.write(
  `load average ${started.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end (${cpus().length} CPUs)\n`,
);
