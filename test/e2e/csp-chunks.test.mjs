/**
 * The script-tag build's route-group files under a strict CSP: the examples page (`script-src 'self' 'nonce-…'`,
 * `style-src 'self' 'nonce-…'`, a fresh nonce per answer) mounts the widget from /dist/merchant-ads.js with its
 * nonce; the login form needs that one script, and sign-in → the ad-centre home loads its group files as <script>
 * elements carrying the nonce, styled by the group's CSS, without a single CSP report. The bridge page runs the same
 * script tag, from one folder up, and its files come from there too. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../reference-server.mjs';
import { liveServerAndBrowser } from './live.mjs';

const en = JSON.parse(readFileSync(join(ROOT, 'locales/en.json'), 'utf8'));
/** A route-group file of the script-tag build: `merchant-ads.<group>-<hash>.js` (the entry has no hash). */
const GROUP_FILE = /\/dist\/merchant-ads\.[\w-]+-[\w-]{6,}\.js$/;

const live = liveServerAndBrowser([
  'dist/merchant-ads.js',
  'dist/bridge/index.html',
  'dist/bridge/bridge.js',
  'dist/locales/en.json',
]);

/**
 * Runs in the page before any of its scripts (page.addInitScript). Records, on `window.__probe`:
 *   - every securitypolicyviolation report (they bubble and are composed, so one capturing listener on the document
 *     hears those of the widget's shadow root too);
 *   - every <script> element put into the document, with its src, the nonce it carries and when (performance.now());
 *   - when the widget's login form first showed its English login button (`loginShownAt`): each shadow root is
 *     watched from its creation, so the moment is the DOM change itself, before any idle-time work of the page.
 */
function probe(loginText) {
  const p = { reports: [], scripts: [], loginShownAt: null };
  Object.defineProperty(window, '__probe', { value: p });
  document.addEventListener(
    'securitypolicyviolation',
    (e) => {
      p.reports.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: e.sourceFile,
        line: e.lineNumber,
        sample: e.sample,
      });
    },
    true,
  );
  const seen = new WeakSet();
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeName === 'SCRIPT' && !seen.has(n)) {
          seen.add(n);
          p.scripts.push({ src: n.src, nonce: n.nonce, at: performance.now() });
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    const check = () => {
      if (p.loginShownAt !== null) return;
      const button = root.querySelector('form button[type="submit"]');
      if (button && button.textContent.includes(loginText)) p.loginShownAt = performance.now();
    };
    new MutationObserver(check).observe(root, { childList: true, subtree: true, characterData: true });
    return root;
  };
}

/** A page of `viewport` size with the probe, keeping its uncaught errors and its console's CSP messages; closed after `t`. */
async function probedPage(t, viewport) {
  const context = await live.browser.newContext({ viewport });
  t.after(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.addInitScript(probe, en.auth.login);
  const pageErrors = [];
  const cspConsole = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && cspConsole.push(m.text()));
  return { page, pageErrors, cspConsole };
}

test(
  "sign-in → home under the examples page's CSP: one script for the login form, group files with the nonce, styled, no CSP report",
  { timeout: 90_000 },
  async (t) => {
    const { page, pageErrors, cspConsole } = await probedPage(t, { width: 1200, height: 900 });
    // Every group file the page asks for, and how each ended (so the test can wait for the ones still on the way).
    const groupFiles = new Map(); // url -> { status, failure, done }
    let changed = () => {};
    const settle = (request, fields) => {
      if (!GROUP_FILE.test(new URL(request.url()).pathname)) return;
      groupFiles.set(request.url(), { ...groupFiles.get(request.url()), ...fields });
      changed();
    };
    page.on('request', (r) =>
      settle(r, { types: [...(groupFiles.get(r.url())?.types ?? []), r.resourceType()], done: false }),
    );
    page.on('requestfinished', async (r) => settle(r, { status: (await r.response())?.status(), done: true }));
    page.on('requestfailed', (r) => settle(r, { failure: r.failure()?.errorText, done: true }));
    /** Resolves once `ok(groupFiles)` holds, re-checked on every group-file request event. */
    const groupFilesUntil = (ok, what) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${what}: ${JSON.stringify([...groupFiles])}`)),
          20_000,
        );
        changed = () => {
          if (!ok(groupFiles)) return;
          clearTimeout(timer);
          changed = () => {};
          resolve();
        };
        changed();
      });

    const response = await page.goto(`${live.server.origin}/`);
    const csp = response.headers()['content-security-policy'];
    assert.match(csp, /script-src 'self' 'nonce-[^']+'/, 'the examples page is served with its strict CSP');
    assert.match(csp, /style-src 'self' 'nonce-[^']+'/);
    const nonce = /'nonce-([^']+)'/.exec(csp)[1];

    // The examples page mounts the widget by itself (examples/index.js ends with mountApp()).
    const app = page.locator('#app');
    await app.getByRole('button', { name: en.auth.login }).waitFor();

    // Before the login form showed, the page needed /dist/merchant-ads.js (and its own index.js), no group file.
    const early = await page.evaluate(() => {
      const p = window.__probe;
      const at = p.loginShownAt;
      return {
        at,
        scripts: p.scripts.filter((s) => s.at < at).map((s) => new URL(s.src, location.href).pathname),
        resources: performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime < at)
          .map((e) => ({ path: new URL(e.name).pathname, initiator: e.initiatorType })),
      };
    });
    assert.notEqual(early.at, null, "the login form's showing was observed");
    assert.deepEqual(
      early.scripts,
      ['/dist/merchant-ads.js', '/index.js'],
      'the only script elements before the login form',
    );
    const earlyScripts = early.resources
      .filter((r) => r.initiator === 'script' || /\.m?js$/.test(r.path))
      .map((r) => r.path);
    assert.deepEqual(
      earlyScripts.filter((p) => p.startsWith('/dist/')),
      ['/dist/merchant-ads.js'],
      'the only SDK file fetched before the login form',
    );
    assert.deepEqual(
      early.resources.filter((r) => GROUP_FILE.test(r.path)),
      [],
      'no group file before the login form',
    );
    assert.ok(
      early.resources.some((r) => r.path === '/dist/locales/en.json' && r.initiator === 'fetch'),
      'English was fetched from dist/locales/',
    );

    // Sign in through the widget's form (its inputs are in the open shadow root, which locators pierce).
    await app.getByLabel(/^Username/).fill('demo');
    await app.getByLabel(/^Password/).fill('demo1234');
    await app.getByRole('button', { name: en.auth.login }).click();
    const home = app.locator('.ma-home');
    await home.waitFor();
    await home.getByText('Hello, ').first().waitFor();

    // Styled by the ad-centre file's CSS (src/screens/ad-center/home/home.css): its header is a flex row, which no
    // other stylesheet gives a <header> (a <style> refused by the CSP would leave it a block).
    const top = home.locator('.ma-home__top');
    assert.equal(await top.evaluate((el) => el.tagName), 'HEADER');
    assert.equal(await top.evaluate((el) => getComputedStyle(el).display), 'flex', '.ma-home__top { display: flex }');

    // The session's prefetch (src/shell/prefetch.ts) adds the ad-centre tools: wait for it and for every group file
    // the page asked for to end, so a late refusal cannot slip past the checks below.
    await groupFilesUntil(
      (files) =>
        [...files.keys()].some((u) => /\/merchant-ads\.ad-center-tools-/.test(u)) &&
        [...files.values()].every((f) => f.done),
      'the group files, the ad-centre tools included',
    );
    const files = [...groupFiles];
    assert.ok(
      files.some(([u]) => /\/merchant-ads\.ad-center-[\w-]{6,}\.js$/.test(u) && !/ad-center-tools/.test(u)),
      `the ad-centre file was loaded: ${JSON.stringify(files)}`,
    );
    for (const [url, f] of files) {
      // A file that runs comes from a <script>; the prefetch only brings files into the cache, by fetch() (admitted by
      // connect-src, as the language files are), and a file it brought runs from a <script> when opened.
      assert.ok(
        f.types.every((type) => type === 'script' || type === 'fetch'),
        `${url} is a <script> or prefetch request: ${f.types}`,
      );
      assert.equal(f.failure, undefined, `${url} did not fail`);
      assert.equal(f.status, 200, `${url} answered 200`);
    }
    const ran = files.filter(([, f]) => f.types.includes('script')).map(([u]) => u);
    assert.ok(
      ran.some((u) => /\/merchant-ads\.ad-center-[\w-]{6,}\.js$/.test(u) && !/ad-center-tools/.test(u)),
      `the ad-centre file ran from a <script>: ${JSON.stringify(files)}`,
    );
    assert.ok(
      files.some(([u, f]) => /ad-center-tools/.test(u) && f.types.join() === 'fetch'),
      `the session's prefetch only fetched the tools file: ${JSON.stringify(files)}`,
    );

    const { reports, scripts } = await page.evaluate(() => ({
      reports: window.__probe.reports,
      scripts: window.__probe.scripts,
    }));
    const groupScripts = scripts.filter((s) => s.src && GROUP_FILE.test(new URL(s.src).pathname));
    // Every group file requested came from a <script> element put in by the loader, and each carried the page's nonce.
    // (This page's script-src also allows 'self', under which a same-origin file would run without it; a host whose
    // policy is nonce-only, or 'strict-dynamic', needs the nonce: so it is checked here, not only the absence of reports.)
    assert.deepEqual(
      new Set(groupScripts.map((s) => s.src)),
      new Set(ran),
      'one script element per group file that ran',
    );
    assert.equal(groupScripts.length, ran.length, 'each file run once');
    for (const s of groupScripts) assert.equal(s.nonce, nonce, `${s.src} carries the page's nonce`);

    assert.deepEqual(reports, [], 'no securitypolicyviolation report');
    assert.deepEqual(cspConsole, [], 'no CSP message on the console');
    assert.deepEqual(pageErrors, [], 'no page error');
  },
);

test(
  "the bridge page under its CSP: the script tag from one folder up, then bridge.js, with the nonce; the app's files come from the script tag's folder",
  { timeout: 90_000 },
  async (t) => {
    const { page, pageErrors, cspConsole } = await probedPage(t, { width: 390, height: 844 });
    const requested = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));

    const response = await page.goto(`${live.server.origin}/bridge/index.html`);
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
    assert.ok(nonce, 'the bridge page is served with its nonce');
    const app = page.locator('#merchant-ads-app');
    await app.getByRole('button', { name: en.auth.login }).waitFor();

    // The page's own scripts, in the order they run: the script tag one folder up, then the bridge, each with the nonce.
    const own = await page.evaluate(() =>
      [...document.querySelectorAll('body > script[src]')].map((s) => ({
        src: s.getAttribute('src'),
        path: new URL(s.src).pathname,
        nonce: s.nonce,
      })),
    );
    assert.deepEqual(own, [
      { src: '../merchant-ads.js', path: '/merchant-ads.js', nonce },
      { src: 'bridge.js', path: '/bridge/bridge.js', nonce },
    ]);
    // The bridge speaks for the script tag's app: one SDK on the page.
    assert.deepEqual(
      await page.evaluate(() => [
        typeof window.MerchantAds?.mount,
        window.MerchantAdsBridge?.version === window.MerchantAds?.version,
      ]),
      ['function', true],
    );

    await app.getByLabel(/^Username/).fill('demo');
    await app.getByLabel(/^Password/).fill('demo1234');
    await app.getByRole('button', { name: en.auth.login }).click();
    await app.locator('.ma-home').getByText('Hello, ').first().waitFor();

    // Every file the app loaded is the script tag's, from its own folder (dist/, at / here), with the page's nonce.
    const { reports, scripts } = await page.evaluate(() => ({
      reports: window.__probe.reports,
      scripts: window.__probe.scripts,
    }));
    const loaded = scripts
      .filter((s) => s.src)
      .map((s) => ({ path: new URL(s.src).pathname, nonce: s.nonce }))
      .filter((f) => !own.some((o) => o.path === f.path));
    assert.ok(
      loaded.some((f) => /^\/merchant-ads\.ad-center-[\w-]{6}\.js$/.test(f.path)),
      `the ad-centre file was loaded: ${JSON.stringify(loaded)}`,
    );
    for (const f of loaded) {
      assert.match(f.path, /^\/merchant-ads\.[\w-]+-[\w-]{6}\.js$/, 'a file of the script tag, beside it');
      assert.equal(f.nonce, nonce, `${f.path} carries the page's nonce`);
    }
    assert.deepEqual(
      requested.filter((p) => p.startsWith('/bridge/')),
      ['/bridge/index.html', '/bridge/bridge.js'],
      'nothing else from beside bridge.js',
    );
    assert.deepEqual(reports, [], 'no securitypolicyviolation report');
    assert.deepEqual(cspConsole, [], 'no CSP message on the console');
    assert.deepEqual(pageErrors, [], 'no page error');
  },
);
