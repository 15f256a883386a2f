/**
 * A Vite 8 + React 18 app, the way `npm create vite` sets one up (StrictMode around the app), with the widget as the
 * component merchant-ads-sdk/react exports, installed from the packed tarball and bundled by the host's own Vite.
 *
 * Built twice from the same sources: a development build (NODE_ENV=development), where StrictMode runs every
 * effect's cleanup and setup twice on mount and React prints its warnings, as in a partner's daily `vite` work;
 * and the production build a partner ships, where StrictMode does nothing. `vite preview` serves each and passes
 * /api on to the reference server.
 *
 * Checked as a merchant sees it (the English login without localesBase, German through the widget's own sheet,
 * `ready` heard by the host, a clean console), and what StrictMode puts at risk: exactly one app mounted, once;
 * no React warning; and "Hide widget" leaves the page as it was before the widget came (the document, its adopted
 * sheets, its global listeners) and the detached host's shadow root empty. Shown again: one live app again.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { liveServerAndBrowser } from '../../e2e/live.mjs';
import {
  englishThenGerman,
  freePort,
  installHost,
  phonePage,
  recordGlobalListeners,
  run,
  startHostServer,
} from '../host.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const VITE = join(HERE, 'node_modules', '.bin', 'vite');

const live = liveServerAndBrowser();
const durations = [];

async function timed(label, work) {
  const start = performance.now();
  const result = await work();
  durations.push(`${label} ${Math.round(performance.now() - start)} ms`);
  return result;
}

// Installing and building need nothing else. (The preview servers need the reference server's origin, which the
// other before hook starts: Node 20 runs a file's before hooks side by side, so they start in the tests.)
before(
  async () => {
    await timed('npm ci + tarball', () => installHost(HERE));
    for (const mode of ['development', 'production']) {
      await timed(`vite build (${mode})`, () =>
        run(HERE, VITE, ['build', '--outDir', `dist/${mode}`], { NODE_ENV: mode }),
      );
    }
  },
  { timeout: 300_000 },
);

/** `vite preview` of one build, /api passed on to the reference server; its origin. Started once per build. */
const previews = {};
function preview(mode) {
  previews[mode] ??= (async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const args = ['preview', '--outDir', `dist/${mode}`, '--host', '127.0.0.1', '--port', String(port), '--strictPort'];
    const server = await startHostServer(HERE, VITE, args, `${origin}/`, {
      env: { MERCHANT_ADS_API: live.server.origin },
    });
    return { origin, stop: server.stop };
  })();
  return previews[mode].then((p) => p.origin);
}

after(() => Promise.all(Object.values(previews).map(async (p) => (await p.catch(() => null))?.stop())));

/**
 * Runs before the page's scripts. Counts the apps the SDK mounts: every shadow root attached is watched, and each
 * `.ma-root` added to one is an app mounted there (a remount into a shadow root it reuses counts too). (The page's
 * global listeners are kept by recordGlobalListeners.)
 */
function probe() {
  const hosts = [];
  let mounted = 0;
  Object.defineProperty(window, '__shadowHosts', { value: hosts });
  Object.defineProperty(window, '__appsMounted', { get: () => mounted });
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function attachShadow(init) {
    const shadow = attach.call(this, init);
    hosts.push(this);
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.classList?.contains('ma-root')) mounted++;
    }).observe(shadow, { childList: true });
    return shadow;
  };
}

/**
 * What the page holds outside the widget's shadow root: its markup, the document's adopted sheets, its listeners.
 * Without the <link rel="modulepreload"> elements Vite's own loader adds to <head> for the chunks a dynamic import
 * needs: the bundler's, kept on purpose for the page's life, whatever the widget does.
 */
const pageState = (page) =>
  page.evaluate(() => ({
    html: (() => {
      const copy = document.documentElement.cloneNode(true);
      for (const link of copy.querySelectorAll('link[rel="modulepreload"]')) link.remove();
      return copy.outerHTML;
    })(),
    adoptedStyleSheets: document.adoptedStyleSheets.length,
    listeners: window.__globalListeners(),
  }));

/** The shadow hosts in the document, and in each its apps (`.ma-root`) and stylesheets. */
const liveApps = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((e) => e.shadowRoot)
      .map((e) => ({
        id: e.id,
        apps: e.shadowRoot.querySelectorAll('.ma-root').length,
        styles: e.shadowRoot.querySelectorAll('style').length + e.shadowRoot.adoptedStyleSheets.length,
      })),
  );

/** A warning only React's development build holds: the one StrictMode would bring out of a careless wrapper. */
const REACT_DEV_ONLY = 'Attempted to synchronously unmount a root while React was already rendering';
const bundled = (mode) =>
  readdirSync(join(HERE, 'dist', mode, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(HERE, 'dist', mode, 'assets', f), 'utf8'))
    .join('\n');

const events = (page, type) => page.evaluate((t) => (window.__events ?? []).filter((e) => e.type === t).length, type);

async function open(t, url) {
  // React's own complaints (a root unmounted during a render, act(), keys, ...) are the warnings.
  const { page, errors: consoleErrors, warnings: consoleWarnings } = await phonePage(t, live.browser);
  await page.addInitScript(recordGlobalListeners);
  await page.addInitScript(probe);
  await page.goto(url);
  return { page, widget: page.locator('#merchant-ads'), consoleErrors, consoleWarnings };
}

test(
  'development build, StrictMode: one app mounted once, English then German, ready once, no error or warning; hidden it leaves nothing, shown again one app',
  { timeout: 90_000 },
  async (t) => {
    t.diagnostic(durations.join(', '));
    // StrictMode double-runs effects only in React's development build: without it this test would check nothing.
    assert.ok(
      bundled('development').includes(REACT_DEV_ONLY),
      "the development build bundles React's development build",
    );
    assert.ok(!bundled('production').includes(REACT_DEV_ONLY), 'the production build does not');
    const { page, widget, consoleErrors, consoleWarnings } = await open(t, `${await preview('development')}/?hidden`);
    const show = page.getByRole('button', { name: 'Show widget' });
    await show.waitFor();
    const before = await pageState(page);

    await show.click();
    await englishThenGerman(page, widget);
    await page.waitForFunction(() => window.__events?.some((e) => e.type === 'ready'));
    assert.equal(
      await page.evaluate(() => window.__appsMounted),
      1,
      "StrictMode's second setup took the running app back: one app mounted, once",
    );
    assert.deepEqual(
      await liveApps(page),
      [{ id: 'merchant-ads', apps: 1, styles: 1 }],
      'one shadow host in the page, one app in it',
    );
    assert.equal(await events(page, 'ready'), 1, 'ready heard once');
    assert.deepEqual(consoleErrors, [], 'no console error');
    assert.deepEqual(consoleWarnings, [], "no console warning (React's included)");

    await page.getByRole('button', { name: 'Hide widget' }).click();
    await show.waitFor();
    assert.equal(await widget.count(), 0, 'the host element is gone');
    assert.deepEqual(await pageState(page), before, 'the page holds what it held before the widget came');
    assert.deepEqual(
      await page.evaluate(() =>
        window.__shadowHosts.map((h) => ({ connected: h.isConnected, left: h.shadowRoot.childNodes.length })),
      ),
      [{ connected: false, left: 0 }],
      "the detached host's shadow root is empty: the app was unmounted, not just taken out of the page",
    );

    await show.click();
    await widget.getByRole('button', { name: 'Anmelden' }).waitFor();
    await page.waitForFunction(() => window.__events.filter((e) => e.type === 'ready').length === 2);
    assert.equal(await page.evaluate(() => window.__appsMounted), 2, 'shown again: one more app, once');
    assert.deepEqual(await liveApps(page), [{ id: 'merchant-ads', apps: 1, styles: 1 }], 'shown again: one live app');
    assert.deepEqual(consoleErrors, [], 'no console error');
    assert.deepEqual(consoleWarnings, [], 'no console warning');
  },
);

test('production build: English then German, ready once, one app, a clean console', { timeout: 60_000 }, async (t) => {
  const { page, widget, consoleErrors, consoleWarnings } = await open(t, `${await preview('production')}/`);
  await englishThenGerman(page, widget);
  await page.waitForFunction(() => window.__events?.some((e) => e.type === 'ready'));
  assert.equal(await events(page, 'ready'), 1, 'ready heard once');
  assert.deepEqual(
    await liveApps(page),
    [{ id: 'merchant-ads', apps: 1, styles: 1 }],
    'one shadow host, one app in it',
  );
  assert.deepEqual(consoleErrors, [], 'no console error');
  assert.deepEqual(consoleWarnings, [], 'no console warning');
});
