/**
 * A Vite 8 + Vue 3 app that imports the module build (`import { mount } from 'merchant-ads-sdk'`) in a component of
 * its own, mounts it on a template ref and unmounts it when a button of the page hides it. Installed as a partner
 * does (its own lock, then the packed tarball), built and served by its own Vite; both of Vite's servers pass /api
 * on to the reference server. Checked: the package brings no React into a Vue app; Vite makes the language files
 * chunks of the build (nothing copied, no localesBase); and in Chromium, on the built app (`vite preview`) and on
 * the development server (`vite`, where Vue prints its warnings and Vite pre-bundles the package): the English
 * login, German from the widget's own sheet, `ready` once, a clean console, and hiding the widget leaves the page
 * as it was before the mount.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
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

const DIR = fileURLToPath(new URL('.', import.meta.url));
const VITE = join(DIR, 'node_modules', '.bin', 'vite');
const live = liveServerAndBrowser();

/** Milliseconds since `start`, for the report of where the file's time goes. */
const since = (start) => `${Math.round(performance.now() - start)} ms`;

let installed = false;
test(
  'installed from its lock and the tarball: no React in the tree; vite build makes a chunk of each language',
  { timeout: 120_000 },
  (t) => {
    let start = performance.now();
    const sdk = installHost(DIR);
    t.diagnostic(`npm ci and the tarball: ${since(start)}`);

    // The package's React peers are optional: a Vue app that installs it gets no React (and no second UI runtime).
    const tree = JSON.parse(readFileSync(join(DIR, 'node_modules', '.package-lock.json'), 'utf8')).packages;
    assert.ok(tree['node_modules/merchant-ads-sdk'], 'the tree npm installed holds the package');
    const uiRuntimes = Object.keys(tree).filter((p) =>
      /(^|\/)node_modules\/(react|react-dom|preact|@preact\/[^/]+)$/.test(p),
    );
    assert.deepEqual(uiRuntimes, [], 'no react, react-dom or preact installed anywhere in the tree');
    assert.ok(
      !existsSync(join(DIR, 'node_modules', 'react')) && !existsSync(join(DIR, 'node_modules', 'react-dom')),
      'no node_modules/react or react-dom',
    );

    start = performance.now();
    run(DIR, VITE, ['build', '--logLevel', 'warn']);
    t.diagnostic(`vite build: ${since(start)}`);

    // Vite follows the module build's import() of each language module and makes a chunk of it: the German words
    // (the login button's, a string in whatever quotes the minifier chose) are in a chunk of their own, not in the
    // entry, and no language file is copied into the build.
    const out = join(DIR, 'dist');
    const assets = readdirSync(join(out, 'assets'));
    const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(
      readFileSync(join(out, 'index.html'), 'utf8'),
    )?.[1];
    assert.ok(entry && assets.includes(entry), 'the built page loads its entry chunk');
    const german = assets.filter(
      (f) => f.endsWith('.js') && /[`"']Anmelden[`"']/.test(readFileSync(join(out, 'assets', f), 'utf8')),
    );
    assert.equal(german.length, 1, `one chunk holds the German words: ${german.join(', ')}`);
    assert.notEqual(german[0], entry, 'German is not in the entry chunk');
    assert.match(german[0], /^de-[\w-]+\.js$/, 'the German chunk is named after its module');
    const languages = readdirSync(join(sdk, 'dist', 'locales'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length));
    assert.ok(languages.length > 1, 'the package ships its language files');
    for (const lang of languages)
      assert.ok(
        assets.some((f) => f.startsWith(`${lang}-`) && f.endsWith('.js')),
        `a chunk for ${lang}`,
      );
    const copied = readdirSync(out, { recursive: true }).filter((f) => /locales|\.json$/.test(f));
    assert.deepEqual(copied, [], 'no language file copied into the build');
    installed = true;
  },
);

/**
 * Runs before the page's scripts (after recordGlobalListeners): keeps what the page holds just before the widget's
 * mount, its global listeners included, to compare with what is left once the widget is hidden.
 */
function probe() {
  const snapshot = () =>
    window.__beforeMount ??
    Object.defineProperty(window, '__beforeMount', {
      value: {
        head: [...document.head.children].map((e) => e.outerHTML),
        body: [...document.body.children].map((e) => `${e.localName}#${e.id}`),
        styles: document.querySelectorAll('style').length,
        listeners: window.__globalListeners(),
        adopted: [...document.adoptedStyleSheets],
      },
    });
  // The moment Vue puts the host element into the page (before the component's onMounted calls mount) ...
  for (const method of ['insertBefore', 'appendChild']) {
    const insert = Node.prototype[method];
    Node.prototype[method] = function (node, ...rest) {
      const inserted = insert.call(this, node, ...rest);
      if (
        !window.__beforeMount &&
        node?.nodeType === 1 &&
        node.isConnected &&
        (node.id === 'merchant-ads' || node.querySelector('#merchant-ads'))
      )
        snapshot();
      return inserted;
    };
  }
  // ... or, should Vue insert it another way, the widget's first act on the host element.
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function attachShadow(init) {
    if (this.id === 'merchant-ads') snapshot();
    return attach.call(this, init);
  };
}

/** Starts one of Vite's servers on a free port, /api passed on to the reference server; stopped after the test. */
async function serve(t, args) {
  const start = performance.now();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startHostServer(
    DIR,
    VITE,
    [...args, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    `${origin}/`,
    {
      env: { MERCHANT_ADS_API: live.server.origin },
    },
  );
  t.after(() => server.stop());
  t.diagnostic(`vite ${args[0] ?? '(development server)'} answering: ${since(start)}`);
  return origin;
}

/** What a merchant sees, then the page's "Hide widget" button, in a phone-sized Chromium page of the app at `origin`. */
async function merchantThenHide(t, origin) {
  // Vue prints its warnings with console.warn (only in a development build, so they can show on `vite` alone).
  const { page, errors: consoleErrors, warnings } = await phonePage(t, live.browser);
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.addInitScript(recordGlobalListeners);
  await page.addInitScript(probe);

  const start = performance.now();
  await page.goto(`${origin}/`);
  const widget = page.locator('#merchant-ads');
  await englishThenGerman(page, widget);
  const heard = () => page.evaluate(() => (window.__events ?? []).map((e) => e.type));
  await page
    .waitForFunction(() => window.__events?.some((e) => e.type === 'ready'), null, { timeout: 5_000 })
    .catch(async () => assert.fail(`the host never heard ready: ${(await heard()).join(', ')}`));
  t.diagnostic(`English, then German, in Chromium: ${since(start)}`);
  const types = await heard();
  assert.equal(types.filter((type) => type === 'ready').length, 1, `ready exactly once: ${types.join(', ')}`);
  assert.ok(types.includes('language'), 'the host heard the language change');
  assert.deepEqual(
    requests.filter((p) => /locales|\.json$/.test(p)),
    [],
    "the words came from the app's own modules, no file was fetched for them",
  );

  // Hidden by the page's own button: Vue destroys the component, whose onBeforeUnmount unmounts the widget.
  await page.getByRole('button', { name: 'Hide widget' }).click();
  await page.getByRole('button', { name: 'Show widget' }).waitFor();
  assert.equal(await widget.count(), 0, 'the host element is gone');
  // Vite's own loader adds a <link rel="modulepreload"> to the head for the chunks each import() needs (here the
  // widget's prefetch of the screens a merchant opens next) and never removes them: the host's bundler's, not the
  // widget's, and harmless. Everything else must be as it was.
  const left = await page.evaluate(() => {
    const before = window.__beforeMount;
    const vitePreload = (e) => e.matches('link[rel="modulepreload"]') && new URL(e.href).origin === location.origin;
    return {
      before: { head: before.head, body: before.body, styles: before.styles, listeners: before.listeners },
      after: {
        head: [...document.head.children].filter((e) => !vitePreload(e)).map((e) => e.outerHTML),
        body: [...document.body.children].map((e) => `${e.localName}#${e.id}`),
        styles: document.querySelectorAll('style').length,
        listeners: window.__globalListeners(),
      },
      adoptedUnchanged:
        document.adoptedStyleSheets.length === before.adopted.length &&
        document.adoptedStyleSheets.every((s, i) => s === before.adopted[i]),
      shadowHosts: [...document.querySelectorAll('*')].filter((e) => e.shadowRoot).length,
    };
  });
  assert.deepEqual(
    left.after,
    left.before,
    'head, body and the listeners on window and document are what they were before the mount, and no <style> is left',
  );
  assert.ok(left.adoptedUnchanged, 'document.adoptedStyleSheets unchanged');
  assert.equal(left.shadowHosts, 0, 'no shadow root left on the page');

  assert.deepEqual(consoleErrors, [], 'a clean console');
  assert.deepEqual(
    warnings.filter((m) => m.includes('[Vue warn]')),
    [],
    'no Vue warning',
  );
}

test(
  'the built app (vite preview) in Chromium: English then German, ready once, a clean console, nothing left once hidden',
  { timeout: 60_000 },
  async (t) => {
    assert.ok(installed, 'the host was installed and built (see the test above)');
    await merchantThenHide(t, await serve(t, ['preview']));
  },
);

test(
  "the development server (vite, Vue's warnings on, the package pre-bundled) in Chromium: the same",
  { timeout: 60_000 },
  async (t) => {
    assert.ok(installed, 'the host was installed (see the first test)');
    await merchantThenHide(t, await serve(t, []));
  },
);
