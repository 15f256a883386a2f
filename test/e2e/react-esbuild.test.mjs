/**
 * A React 19 host app as a partner writes it: `import { MerchantAds } from 'merchant-ads-sdk/react'`, bundled by
 * esbuild with code splitting, no `localesBase` and no copied files. The package is found as an installed one is,
 * in node_modules/merchant-ads-sdk through package.json "exports" ("./react" → dist/react.mjs); React 19 is the
 * host's (this repository's node_modules). The app's route groups and languages become esbuild chunks that the page
 * loads from its own origin. Needs `npm run build` first (dist/react.mjs).
 *
 * Two ways a host gets the package: installed (`npm install merchant-ads-sdk` unpacks package.json's "files" into
 * node_modules: copied here), and linked (`npm link`, a `file:` dependency or a workspace: a symlink to this
 * checkout). Both must bundle one React and no preact.
 */
import assert from 'node:assert/strict';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, relative, resolve, sep } from 'node:path';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { ROOT, startReferenceServer } from '../reference-server.mjs';

const en = JSON.parse(readFileSync(join(ROOT, 'locales/en.json'), 'utf8'));
const de = JSON.parse(readFileSync(join(ROOT, 'locales/de.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

const MAIN_JSX = `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MerchantAds } from 'merchant-ads-sdk/react';

function Host() {
  const [lang, setLang] = useState('en');
  return (
    <main>
      <button type="button" id="to-de" onClick={() => setLang('de')}>Host: German</button>
      <MerchantAds className="host-widget" apiBase="/api" routing="memory" language={lang} style={{ height: 640 }} />
    </main>
  );
}

createRoot(document.getElementById('root')).render(<Host />);
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>esbuild host</title><link rel="icon" href="data:,"></head>
<body><div id="root"></div><script type="module" src="./main.js"></script></body>
</html>
`;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
};

let tmp;
let installed;
let reference;
let host;
let browser;

/**
 * Writes the host app into `<tmp>/<name>/` with `install(dir)` putting the package into its node_modules, bundles
 * it with esbuild (as a host's build would: bundle, split, ESM, automatic JSX, production React) and returns
 * `{ dir, out, result }` (result.metafile: which module went into which file).
 */
async function hostApp(name, install) {
  const dir = join(tmp, name);
  const out = join(dir, 'out');
  await mkdir(join(dir, 'node_modules'), { recursive: true });
  await install(join(dir, 'node_modules', 'merchant-ads-sdk'));
  await writeFile(join(dir, 'main.jsx'), MAIN_JSX);
  const result = await build({
    absWorkingDir: dir,
    entryPoints: ['main.jsx'],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: out,
    jsx: 'automatic',
    // React 19 (and @preact/signals-react) are this repository's, standing in for the host's own dependencies.
    nodePaths: [join(ROOT, 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'silent',
  });
  await writeFile(join(out, 'index.html'), INDEX_HTML);
  return { dir, out, result };
}

/** What `npm install` puts in node_modules/merchant-ads-sdk: package.json and its "files" ("!path" leaves one out). */
async function installCopy(target) {
  await mkdir(target);
  await cp(join(ROOT, 'package.json'), join(target, 'package.json'));
  for (const f of pkg.files.filter((f) => !f.startsWith('!')))
    await cp(join(ROOT, f), join(target, f), { recursive: true });
  for (const f of pkg.files.filter((f) => f.startsWith('!')))
    await rm(join(target, f.slice(1)), { recursive: true, force: true });
}

/** What `npm link`, a `file:` dependency or a workspace puts there: a symlink to this checkout. */
const installLink = (target) => symlink(ROOT, target, 'dir');

before(
  async () => {
    assert.ok(existsSync(join(ROOT, 'dist/react.mjs')), 'dist/react.mjs is missing: run `npm run build` first');
    tmp = await mkdtemp(join(tmpdir(), 'merchant-ads-esbuild-'));
    installed = await hostApp('installed', installCopy);
    const { out } = installed;

    reference = await startReferenceServer();
    const api = new URL(reference.origin);
    // The host's server: its bundle, and /api/* proxied to the reference server, so the widget's API is same-origin.
    const server = createServer((req, res) => {
      if (req.url.startsWith('/api/')) {
        const upstream = httpRequest(
          {
            host: api.hostname,
            port: api.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: api.host },
          },
          (answer) => {
            res.writeHead(answer.statusCode, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (e) => {
          res.writeHead(502);
          res.end(String(e));
        });
        req.pipe(upstream);
        return;
      }
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      const file = resolve(out, `.${path === '/' ? '/index.html' : path}`);
      if (!file.startsWith(out + sep) || !existsSync(file) || !TYPES[extname(file)]) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[extname(file)], 'cache-control': 'no-store' });
      createReadStream(file).pipe(res);
    });
    await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
    host = {
      origin: `http://127.0.0.1:${server.address().port}`,
      close: () =>
        new Promise((ok) => {
          server.closeAllConnections();
          server.close(ok);
        }),
    };
    browser = await chromium.launch(chromiumLaunchOptions());
  },
  { timeout: 120_000 },
);

after(async () => {
  await browser?.close();
  await host?.close();
  await reference?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The file of `app`'s esbuild output (relative to its outdir) that holds the module named by `pattern`. */
function outputWith(app, pattern) {
  const hits = Object.entries(app.result.metafile.outputs)
    .filter(([, o]) => Object.keys(o.inputs).some((i) => pattern.test(i)))
    .map(([file]) => relative(app.out, resolve(app.dir, file)));
  assert.equal(hits.length, 1, `one output holds ${pattern}: ${hits.join(', ')}`);
  return hits[0];
}

const REACT_ENTRY = /(^|\/)dist\/react\.mjs$/;
const AD_CENTRE = /(^|\/)dist\/merchant-ads\.ad-center-[\w-]{6}\.mjs$/; // not ad-center-tools-<hash>
// A language is the package's one file for it, dist/locales/<code>.json (every build reads it).
const LOCALE = (code) => new RegExp(`(^|/)dist/locales/${code}\\.json$`);

/** One React (the host's, shared by the host app and the SDK) and nothing of preact in `app`'s bundle. */
async function assertOneReactNoPreact(app) {
  const inputs = Object.keys(app.result.metafile.inputs);
  assert.ok(
    inputs.some((i) => REACT_ENTRY.test(i)),
    `dist/react.mjs is bundled (package.json "exports" ./react): ${inputs.filter((i) => /react/.test(i)).join(', ')}`,
  );
  const reactCore = inputs.filter((i) => /(^|\/)node_modules\/react\/cjs\/react\.production(\.min)?\.js$/.test(i));
  assert.equal(reactCore.length, 1, `one copy of React: ${reactCore.join(', ')}`);
  const preact = inputs.filter((i) => /(^|\/)node_modules\/preact\//.test(i));
  const why = Object.entries(app.result.metafile.inputs).flatMap(([file, i]) =>
    i.imports
      .filter((m) => /(^|\/)node_modules\/preact\//.test(m.path) && !/(^|\/)node_modules\/preact\//.test(file))
      .map((m) => `${file} imports "${m.original}" as ${m.path}`),
  );
  assert.deepEqual(preact, [], `no preact module in the bundle:\n${why.join('\n')}`);
  for (const f of (await readdir(app.out)).filter((n) => n.endsWith('.js'))) {
    assert.doesNotMatch(await readFile(join(app.out, f), 'utf8'), /preact\/compat/, `${f} carries no preact/compat`);
  }
}

test('installed: esbuild splits the React build, the ad centre and each language a chunk of its own, with one React and no preact', async () => {
  const app = installed;
  assert.deepEqual(app.result.errors, []);
  const files = (await readdir(app.out)).filter((f) => f.endsWith('.js'));
  assert.ok(files.length > 1, `more than one .js in the outdir: ${files.join(', ')}`);
  const component = outputWith(app, REACT_ENTRY);
  const adCentre = outputWith(app, AD_CENTRE);
  const localeEn = outputWith(app, LOCALE('en'));
  const localeDe = outputWith(app, LOCALE('de'));
  assert.equal(
    new Set([component, adCentre, localeEn, localeDe]).size,
    4,
    `separate files: the component ${component}, the ad centre ${adCentre}, en ${localeEn}, de ${localeDe}`,
  );
  await assertOneReactNoPreact(app);
});

// A linked package's files keep their real paths, in this checkout, where esbuild applies the nearest tsconfig.json to
// every file under it, dist/ included; the SDK's own tsconfig.json maps react and react-dom to preact/compat "paths"
// (for the preact build), so a host's esbuild may take preact for the host's React there.
test(
  'linked (npm link, file:, workspace): the bundle has one React and no preact either',
  { timeout: 30_000 },
  async () => {
    await assertOneReactNoPreact(await hostApp('linked', installLink));
  },
);

test(
  'installed: a React 19 host bundled by esbuild, no localesBase, shows the English login, then German by the language prop',
  { timeout: 60_000 },
  async (t) => {
    const localeEn = outputWith(installed, LOCALE('en'));
    const localeDe = outputWith(installed, LOCALE('de'));
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    t.after(() => context.close());
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    t.after(() => assert.deepEqual(errors, [], 'no page error'));
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));

    await page.goto(`${host.origin}/`);
    const app = page.locator('#root div.host-widget');
    await app.getByRole('button', { name: en.auth.login }).waitFor();
    assert.equal(await app.evaluate((el) => el.shadowRoot?.mode), 'open', "the app is in the component's shadow root");
    assert.ok(requests.includes(`${host.origin}/${localeEn}`), `English came from its chunk ${localeEn}`);
    assert.ok(!requests.includes(`${host.origin}/${localeDe}`), 'German is not loaded before it is asked for');

    await page.getByRole('button', { name: 'Host: German' }).click();
    await app.getByRole('button', { name: de.auth.login }).waitFor();
    assert.equal(await app.getByRole('button', { name: en.auth.login }).count(), 0);
    assert.ok(requests.includes(`${host.origin}/${localeDe}`), `German came from its chunk ${localeDe}`);

    assert.deepEqual(
      requests.filter((u) => /\/locales\/[^/]*\.json(\?|$)/.test(u)),
      [],
      'no language file fetched from locales/',
    );
    assert.deepEqual(
      requests.filter((u) => !u.startsWith(`${host.origin}/`)),
      [],
      "no request outside the host's server",
    );
  },
);
