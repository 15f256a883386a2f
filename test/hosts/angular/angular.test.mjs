/**
 * An Angular app as `ng new` sets one up today (a standalone component, no zone.js, the application builder, strict
 * templates), that uses the <merchant-ads> element with no glue code: `import 'merchant-ads-sdk/element'` in
 * main.ts, CUSTOM_ELEMENTS_SCHEMA, and the template binds the element's attributes, its theme property and its
 * events (the hyphenated names: Angular reads `(merchant-ads:ready)` as the event "ready" on a global target and
 * refuses to compile it). Installed as a partner does (its own lock, then the packed tarball), built by the host's
 * own `ng build` (production), served by the partner's small server (serve.mjs) that passes /api on to the reference
 * server.
 *
 * Checked in Chromium as a merchant sees it: two widgets on one page, two login screens; the page's own language
 * button reaches the first widget through its attribute without a remount (the page heard ready once, and the
 * language); the theme object given as a property colours the first widget only; the second widget's own language
 * sheet; removal by `@if` empties the element's shadow root and the element shown again mounts a new app (ready
 * again); and a clean console.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { liveServerAndBrowser } from '../../e2e/live.mjs';
import { englishThenGerman, freePort, installHost, phonePage, startHostServer } from '../host.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const NG = join(HERE, 'node_modules', '.bin', 'ng');

const live = liveServerAndBrowser();

/** Milliseconds since `start`, for the report of where the file's time goes. */
const since = (start) => `${Math.round(performance.now() - start)} ms`;

/**
 * `ng build` (production), its whole output: the CLI prints its warnings on stderr, which host.mjs's run() leaves
 * out of what it returns. Analytics off here too (angular.json says so): the CLI asks no question and sends nothing.
 */
function ngBuild() {
  const build = spawnSync(NG, ['build'], {
    cwd: HERE,
    env: { ...process.env, NG_CLI_ANALYTICS: 'false', NO_COLOR: '1' },
    encoding: 'utf8',
  });
  const output = `${build.stdout}\n${build.stderr}`;
  if (build.status !== 0) throw new Error(`ng build failed (${build.status ?? build.signal}):\n${output}`);
  return output;
}

// Installed and built in a test of its own, after the file's before hook has started the reference server and
// Chromium: installing and building block this process, which must not hold up the server's start.
let built = false;
test(
  'installed from its lock and the tarball; ng build (production, strict templates) builds it without a warning',
  { timeout: 300_000 },
  (t) => {
    let start = performance.now();
    installHost(HERE);
    t.diagnostic(`npm ci and the tarball: ${since(start)}`);
    start = performance.now();
    const output = ngBuild();
    t.diagnostic(`ng build: ${since(start)}`);
    // The compiler type-checks the template against the package's types (the element's events in
    // HTMLElementEventMap), and esbuild bundles its module build: neither may have anything to say.
    assert.doesNotMatch(output, /WARNING|▲/, output);
    assert.match(output, /Application bundle generation complete/);
    built = true;
  },
);

/** serve.mjs on a free port, /api passed on to the reference server; started once, stopped after the file. */
let site;
function serve() {
  site ??= (async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = await startHostServer(
      HERE,
      process.execPath,
      [join(HERE, 'serve.mjs'), String(port)],
      `${origin}/`,
      { env: { MERCHANT_ADS_API: live.server.origin } },
    );
    return { origin, stop: server.stop };
  })();
  return site.then((s) => s.origin);
}
after(async () => (await site?.catch(() => null))?.stop());

/** The built app in a phone-sized page: the two widgets, what the page says it heard from each, its console. */
async function open(t) {
  const { page, errors, warnings } = await phonePage(t, live.browser);
  await page.goto(`${await serve()}/`);
  return {
    page,
    errors,
    warnings,
    first: page.locator('#first'),
    second: page.locator('#second'),
    heardFirst: page.getByRole('status', { name: 'First widget' }),
    heardSecond: page.getByRole('status', { name: 'Second widget' }),
  };
}

/** Waits until `locator` (the page's own text of what it heard) reads `text` exactly. */
async function reads(locator, text) {
  await locator.filter({ hasText: new RegExp(`^\\s*${text}\\s*$`) }).waitFor();
}

test(
  "two widgets: two logins; the page's language button reaches the first without a remount; its theme; the second's own sheet",
  { timeout: 120_000 },
  async (t) => {
    assert.ok(built, 'the host was installed and built (see the test above)');
    const { page, errors, warnings, first, second, heardFirst, heardSecond } = await open(t);
    const start = performance.now();

    // Two elements, two apps, two English login screens (the attribute language is absent: the widget's default).
    await first.getByRole('button', { name: 'Log in' }).waitFor();
    await second.getByRole('button', { name: 'Log in' }).waitFor();
    await reads(heardFirst, 'ready: 1, language: \\(none\\)');
    await reads(heardSecond, 'ready: 1');
    t.diagnostic(`two English logins, ready heard from each: ${since(start)}`);

    // The theme object, bound as a property, reaches the first app (a CSS variable on its root) and colours its
    // login; the second, given none, keeps the widget's own blue.
    assert.equal(
      await first.evaluate((host) => host.shadowRoot.querySelector('.ma-root').style.getPropertyValue('--ma-primary')),
      '#e60012',
      "the theme's primary on the app root",
    );
    const background = (widget) =>
      widget.getByRole('button', { name: /^(Log in|Anmelden)$/ }).evaluate((b) => getComputedStyle(b).backgroundColor);
    assert.equal(await background(first), 'rgb(230, 0, 18)', "the first login in the theme's primary");
    assert.equal(await background(second), 'rgb(22, 104, 220)', "the second login in the widget's own primary");

    // The page's own button sets [attr.language]: the running app changes language in place (its root node stays,
    // no second ready), and the page hears the language event.
    await first.evaluate((host) => {
      host.shadowRoot.querySelector('.ma-root').dataset.firstApp = 'yes';
    });
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await first.getByRole('button', { name: 'Anmelden' }).waitFor();
    await reads(heardFirst, 'ready: 1, language: de');
    assert.equal(
      await first.evaluate((host) => host.shadowRoot.querySelector('.ma-root')?.dataset.firstApp),
      'yes',
      'the same app, not a new one',
    );
    assert.equal(await first.getAttribute('language'), 'de', 'Angular set the attribute');
    assert.equal(await background(first), 'rgb(230, 0, 18)', "still in the theme's colour");
    assert.ok(
      await second.getByRole('button', { name: 'Log in' }).isVisible(),
      'the second widget is still in English',
    );
    t.diagnostic(`German through the page's button: ${since(start)}`);

    // The second widget's own language sheet, as a merchant uses it in any host.
    await englishThenGerman(page, second);
    await reads(heardSecond, 'ready: 1');
    await reads(heardFirst, 'ready: 1, language: de');
    t.diagnostic(`the second widget's own sheet: ${since(start)}`);

    assert.deepEqual(errors, [], 'no console error');
    assert.deepEqual(warnings, [], 'no console warning');
  },
);

test(
  "@if removes the first widget: its shadow root is emptied; shown again, a new app mounts (ready again), in the page's language",
  { timeout: 60_000 },
  async (t) => {
    assert.ok(built, 'the host was installed and built (see the first test)');
    const { page, errors, warnings, first, second, heardFirst, heardSecond } = await open(t);
    const start = performance.now();
    await first.getByRole('button', { name: 'Log in' }).waitFor();
    await reads(heardFirst, 'ready: 1, language: \\(none\\)');
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await first.getByRole('button', { name: 'Anmelden' }).waitFor();

    const removed = await first.elementHandle();
    await page.getByRole('button', { name: 'Hide widget' }).click();
    await page.getByRole('button', { name: 'Show widget' }).waitFor();
    assert.equal(await first.count(), 0, 'the element is gone from the page');
    // The app unmounts a microtask after the element leaves the page: wait for its shadow root to empty.
    await page.waitForFunction((host) => !host.isConnected && host.shadowRoot.childNodes.length === 0, removed);
    assert.ok(await second.getByRole('button', { name: 'Log in' }).isVisible(), 'the second widget runs on');
    t.diagnostic(`hidden, its shadow root empty: ${since(start)}`);

    // Angular makes a new element: a new app, which the page hears get ready, in the language the page still asks.
    await page.getByRole('button', { name: 'Show widget' }).click();
    await first.getByRole('button', { name: 'Anmelden' }).waitFor();
    await reads(heardFirst, 'ready: 2, language: de');
    assert.ok(await first.evaluate((host, old) => host !== old, removed), 'a new element');
    assert.equal(
      await removed.evaluate((host) => host.shadowRoot.childNodes.length),
      0,
      'the removed element stays empty',
    );
    await reads(heardSecond, 'ready: 1');
    t.diagnostic(`shown again, German: ${since(start)}`);

    assert.deepEqual(errors, [], 'no console error');
    assert.deepEqual(warnings, [], 'no console warning');
  },
);
