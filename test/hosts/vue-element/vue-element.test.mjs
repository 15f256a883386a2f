/**
 * A Vite 8 + Vue 3 app in TypeScript that uses the <merchant-ads> custom element straight in its template, with no
 * mount code of its own: `import 'merchant-ads-sdk/element'` defines it, Vue's `isCustomElement` leaves it to the
 * browser, attributes and a `.prop` theme object are bound to the page's state, and `@merchant-ads:…` listeners
 * hear its events. Installed as a partner does (its own lock, then the packed tarball).
 *
 * Checked: vue-tsc passes on the app with the package's Vue template types (merchant-ads-sdk/vue) and reports each
 * mistake of a wrong usage; the same app rendered on the server (`vite build --ssr`, Vue's renderToString in node,
 * the element's module imported there) holds the element's tag with its attributes; and in Chromium, on Vite's
 * development server (where Vue prints its warnings), on the built app (`vite preview`), and on the server-rendered
 * page hydrated by the same bundle: the English login, German from the host's own button (an attribute change,
 * no remount), the theme object applied and changed, the events heard by the host, the element moved within the
 * page keeping its app, removed by v-if (its shadow root emptied) and inserted again (a new app), two elements as
 * two apps, and a console free of errors and of Vue warnings (no "failed to resolve component", no hydration
 * mismatch).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { liveServerAndBrowser } from '../../e2e/live.mjs';
import { englishThenGerman, freePort, installHost, phonePage, run, startHostServer } from '../host.mjs';

const DIR = fileURLToPath(new URL('.', import.meta.url));
const bin = (name) => join(DIR, 'node_modules', '.bin', name);
const live = liveServerAndBrowser();

/** Milliseconds since `start`, for the report of where the file's time goes. */
const since = (start) => `${Math.round(performance.now() - start)} ms`;

let built = null;
test(
  'installed from its lock and the tarball; vue-tsc clean, and a wrong usage caught; built for the browser and the server',
  { timeout: 240_000 },
  (t) => {
    let start = performance.now();
    const sdk = installHost(DIR);
    t.diagnostic(`npm ci and the tarball: ${since(start)}`);

    // The app as a partner writes it type-checks with the package's template types...
    start = performance.now();
    run(DIR, bin('vue-tsc'), ['--noEmit', '-p', 'tsconfig.json']);
    t.diagnostic(`vue-tsc on the app: ${since(start)}`);

    // ... and they bite: each mistake in src/wrong/WrongUsage.vue is reported on its own line, the right use beside
    // them is not (vue-tsc maps its errors back to the .vue file's lines).
    start = performance.now();
    let report = '';
    try {
      execFileSync(bin('vue-tsc'), ['--noEmit', '-p', 'tsconfig.wrong.json'], {
        cwd: DIR,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      report = `${e.stdout}${e.stderr}`;
    }
    t.diagnostic(`vue-tsc on the wrong usage: ${since(start)}`);
    assert.ok(report, 'vue-tsc fails on the wrong usage');
    const source = readFileSync(join(DIR, 'src', 'wrong', 'WrongUsage.vue'), 'utf8').split('\n');
    const lineOf = (text) => source.findIndex((l) => l.includes(text)) + 1;
    const errorLines = new Set([...report.matchAll(/WrongUsage\.vue\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
    assert.ok(!errorLines.has(lineOf('routing="hash"')), `routing="hash" is right:\n${report}`);
    assert.ok(errorLines.has(lineOf(`:routing="'sideways'"`)), `routing 'sideways' is an error:\n${report}`);
    assert.ok(errorLines.has(lineOf('e.detail.nope')), `ready's detail has no "nope":\n${report}`);
    assert.ok(errorLines.has(lineOf(`:theme.prop="'red'"`)), `the theme is an object, not a string:\n${report}`);
    assert.equal(errorLines.size, 3, `only the three mistakes:\n${report}`);

    start = performance.now();
    run(DIR, bin('vite'), ['build', '--logLevel', 'warn', '--outDir', 'dist/client']);
    run(DIR, bin('vite'), ['build', '--logLevel', 'warn', '--ssr', 'src/entry-server.ts', '--outDir', 'dist/server']);
    t.diagnostic(`vite build, browser and server: ${since(start)}`);
    built = { version: JSON.parse(readFileSync(join(sdk, 'package.json'), 'utf8')).version };
  },
);

test(
  "on the server: the element's module imports in node, and the app renders <merchant-ads> with its attributes",
  { timeout: 30_000 },
  () => {
    assert.ok(built, 'the host was installed and built (see the test above)');
    // The server bundle leaves node_modules outside (Vite's default for SSR), so node itself imports
    // merchant-ads-sdk/element from the installed package, as a partner's server does.
    const html = run(DIR, process.execPath, [
      '--input-type=module',
      '-e',
      [
        "const element = await import('merchant-ads-sdk/element');",
        "if (typeof element.define !== 'function') throw new Error('no define() export');",
        "const { render } = await import('./dist/server/entry-server.js');",
        'process.stdout.write(await render());',
      ].join('\n'),
    ]);
    const tag = /<merchant-ads\b[^>]*>/.exec(html)?.[0];
    assert.ok(tag, `the HTML holds the element:\n${html}`);
    assert.match(tag, /\sapi-base="\/api"/);
    assert.match(tag, /\slanguage="en"/);
    assert.match(tag, /\srouting="memory"/);
    // The theme is a property: nothing of it in the HTML (no theme="[object Object]").
    assert.doesNotMatch(tag, /theme/i, 'no theme attribute');
    assert.match(
      html,
      /<merchant-ads\b[^>]*><\/merchant-ads>/,
      'the element is rendered empty: its app renders in the browser',
    );
    assert.match(html, /<li>ready: 0<\/li>/);
  },
);

/** Starts a server (Vite's, or the SSR one) on a free port, /api passed on to the reference server; stopped after the test. */
async function serve(t, label, command, args) {
  const start = performance.now();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startHostServer(DIR, command, args(port), `${origin}/`, {
    env: { MERCHANT_ADS_API: live.server.origin },
  });
  t.after(() => server.stop());
  t.diagnostic(`${label} answering: ${since(start)}`);
  return origin;
}
const vite =
  (...first) =>
  (port) => [...first, '--host', '127.0.0.1', '--port', String(port), '--strictPort'];

/**
 * Runs before the page's scripts: keeps the first <merchant-ads> the HTML parser makes, so the test can tell a
 * hydrated page (Vue adopted that very element) from one Vue rendered again.
 */
function keepParsedElement() {
  new MutationObserver((records, observer) => {
    const el = records.flatMap((r) => [...r.addedNodes]).find((n) => n.localName === 'merchant-ads');
    if (el) {
      window.__parsedElement = el;
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The whole of what a partner's page does with the element, at `origin`; `ssr`: the page came rendered. */
async function partnerPage(t, origin, { ssr = false } = {}) {
  const { page, errors, warnings } = await phonePage(t, live.browser);
  await page.addInitScript(keepParsedElement);
  const start = performance.now();
  await page.goto(`${origin}/`);
  const heard = (text) => page.getByRole('list', { name: 'Heard by the host' }).getByText(text, { exact: true });
  const first = page.locator('merchant-ads#first');
  const second = page.locator('merchant-ads#second');

  // The English login in the element's shadow root; the host heard ready, with the package's version.
  await first.getByRole('button', { name: 'Log in' }).waitFor();
  await heard('ready: 1').waitFor();
  await heard(`version: ${built.version}`).waitFor();
  await heard('route: /login').waitFor();
  t.diagnostic(`English login and ready: ${since(start)}`);
  if (ssr) {
    assert.ok(
      await first.evaluate((el) => el === window.__parsedElement),
      'hydrated: the element is the one the server rendered',
    );
  }

  // The app root inside the shadow root, marked: the same node later means the same app (no remount).
  const root = first.locator('.ma-root');
  await root.evaluate((r) => {
    r.dataset.hostMark = 'first app';
  });
  const sameApp = () => root.evaluate((r) => r.dataset.hostMark === 'first app');
  const primary = () => root.evaluate((r) => r.style.getPropertyValue('--ma-primary'));
  // The button's colour eases to a new value (a CSS transition): wait for where it ends, then read it.
  const loginColour = (name, expected) =>
    first.getByRole('button', { name }).evaluate(
      (b, want) =>
        new Promise((ok) => {
          const settled = () =>
            getComputedStyle(b).backgroundColor === want || !b.getAnimations().length
              ? ok(getComputedStyle(b).backgroundColor)
              : requestAnimationFrame(settled);
          settled();
        }),
      expected,
    );

  // The theme object given as a property applies; a new object from the host's button applies too.
  assert.equal(await primary(), '#0b7a3e', 'the first theme applies');
  assert.equal(
    await loginColour('Log in', 'rgb(11, 122, 62)'),
    'rgb(11, 122, 62)',
    "the login button in the theme's primary",
  );
  await page.getByRole('button', { name: 'Red theme' }).click();
  await page.waitForFunction(
    () =>
      document.querySelector('#first').shadowRoot.querySelector('.ma-root').style.getPropertyValue('--ma-primary') ===
      '#e60012',
  );
  assert.equal(
    await loginColour('Log in', 'rgb(230, 0, 18)'),
    'rgb(230, 0, 18)',
    'the login button in the new primary',
  );

  // German from the host's button: the language attribute changes, the app takes it without a remount.
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await first.getByRole('button', { name: 'Anmelden' }).waitFor();
  await heard('language: de').waitFor();
  assert.ok(await heard('ready: 1').isVisible(), 'still one ready: no remount');
  assert.ok(await sameApp(), 'the same app root');

  // Moved within the page (Vue moves its section after the footer): the same app, still German.
  await page.getByRole('button', { name: 'Move widget' }).click();
  await page.waitForFunction(() => document.querySelector('section:last-of-type #first'));
  assert.ok(await sameApp(), 'the moved element keeps its app');
  await first.getByRole('button', { name: 'Anmelden' }).waitFor();
  assert.ok(await heard('ready: 1').isVisible(), 'still one ready after the move');

  // Removed by v-if: the element's shadow root is emptied (the app unmounted); shown again: a new app, ready again.
  const removed = await first.elementHandle();
  await page.getByRole('button', { name: 'Hide widget' }).click();
  await page.getByRole('button', { name: 'Show widget' }).waitFor();
  assert.equal(await first.count(), 0, 'the element is gone from the page');
  await removed.evaluate(
    (el) =>
      new Promise((ok) => {
        const empty = () => el.shadowRoot.childNodes.length === 0;
        if (empty()) return ok();
        new MutationObserver((_, o) => empty() && (o.disconnect(), ok())).observe(el.shadowRoot, { childList: true });
      }),
  );
  await removed.dispose();
  await page.getByRole('button', { name: 'Show widget' }).click();
  await first.getByRole('button', { name: 'Anmelden' }).waitFor();
  await heard('ready: 2').waitFor();
  assert.ok(!(await sameApp()), 'a new app in the new element');

  // English again from the host's button. (The app keeps the language it was given in the page's storage, where a
  // second element with no language attribute of its own would start from it.)
  await page.getByRole('button', { name: 'English' }).click();
  await first.getByRole('button', { name: 'Log in' }).waitFor();
  await heard('language: en').waitFor();

  // Two elements on one page: two apps, two login screens; the second's own language sheet leaves the first alone.
  await page.getByRole('button', { name: 'Show second widget' }).click();
  await second.getByRole('button', { name: 'Log in' }).waitFor();
  await heard('second ready: 1').waitFor();
  assert.equal(await page.locator('merchant-ads').count(), 2);
  await englishThenGerman(page, second);
  assert.ok(await first.getByRole('button', { name: 'Log in' }).isVisible(), 'the first still shows its English login');
  assert.ok(await heard('ready: 2').isVisible(), 'the first app was not mounted again');
  t.diagnostic(`the whole page in Chromium: ${since(start)}`);

  assert.deepEqual(errors, [], 'a clean console');
  assert.deepEqual(
    warnings.filter((m) => m.includes('[Vue warn]') || /hydrat/i.test(m)),
    [],
    'no Vue warning',
  );
}

test(
  "the development server (vite, Vue's warnings on) in Chromium: the element in a Vue template, every step",
  { timeout: 90_000 },
  async (t) => {
    assert.ok(built, 'the host was installed and built (see the first test)');
    await partnerPage(t, await serve(t, 'vite (development server)', bin('vite'), vite()));
  },
);

test('the built app (vite preview) in Chromium: the same', { timeout: 90_000 }, async (t) => {
  assert.ok(built, 'the host was installed and built (see the first test)');
  await partnerPage(t, await serve(t, 'vite preview', bin('vite'), vite('preview', '--outDir', 'dist/client')));
});

test(
  'the server-rendered page (node server.mjs) hydrated in Chromium: the same, on the element the server rendered',
  { timeout: 90_000 },
  async (t) => {
    assert.ok(built, 'the host was installed and built (see the first test)');
    const origin = await serve(t, 'node server.mjs', process.execPath, (port) => ['server.mjs', String(port)]);
    const html = await (await fetch(`${origin}/`)).text();
    assert.match(html, /<div id="app"><!--\[--><header/, 'the page comes rendered');
    assert.match(html, /<merchant-ads id="first" api-base="\/api" language="en" routing="memory"><\/merchant-ads>/);
    await partnerPage(t, origin, { ssr: true });
  },
);
