/**
 * A Vite 8 + Svelte 5 app (runes) that uses the `<merchant-ads>` custom element from `merchant-ads-sdk/element`:
 * two elements on one page inside an `{#if}`, the language and a theme object passed as Svelte props, the events
 * bound with Svelte's event attributes. Installed as a partner does (its own lock, then the packed tarball), built
 * by its own Vite (`vite build`), served by `vite preview` with /api passed on to the reference server.
 *
 * What Svelte does with the element, checked here: an element already defined gets a property for every prop it has
 * a setter for (`language`, `theme`), an attribute for the rest (`api-base`, kebab-case, has no setter); an event
 * attribute `onmerchant-ads-ready` listens to `merchant-ads-ready`; `onmerchant-ads:ready` listens to
 * `merchant-ads:ready` too, but the compiler warns (attribute_illegal_colon), so the dash form is the one to use.
 *
 * Checked in Chromium as a merchant sees it: the English login in both elements; German when the host changes its
 * `lang` (the same app, `ready` heard once); the theme applied; hiding empties each element's shadow root and
 * showing again mounts new apps; a clean console.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { liveServerAndBrowser } from '../../e2e/live.mjs';
import { freePort, installHost, phonePage, run, startHostServer } from '../host.mjs';

const DIR = fileURLToPath(new URL('.', import.meta.url));
const VITE = join(DIR, 'node_modules', '.bin', 'vite');
const live = liveServerAndBrowser();

/** Milliseconds since `start`, for the report of where the file's time goes. */
const since = (start) => `${Math.round(performance.now() - start)} ms`;

let built = false;
test(
  'installed from its lock and the tarball, built by vite build without a Svelte warning',
  { timeout: 180_000 },
  async (t) => {
    let start = performance.now();
    installHost(DIR);
    t.diagnostic(`npm ci and the tarball: ${since(start)}`);

    start = performance.now();
    const output = run(DIR, VITE, ['build', '--logLevel', 'warn']);
    t.diagnostic(`vite build: ${since(start)}`);
    assert.doesNotMatch(output, /svelte|warn/i, `no warning from the build:\n${output}`);

    // The colon form, without the page's svelte-ignore: Svelte compiles it to a listener of `merchant-ads:ready`
    // (what the page checks in Chromium) but warns, which is why the page binds the dash form.
    // (Imported here, not at the top: the host's own Svelte exists only once installHost has run.)
    const { compile } = await import('svelte/compiler');
    const colon = compile('<merchant-ads onmerchant-ads:ready={() => {}}></merchant-ads>', {
      filename: 'Colon.svelte',
    });
    assert.deepEqual(
      colon.warnings.map((w) => w.code),
      ['attribute_illegal_colon'],
    );
    assert.match(colon.js.code, /\.event\('merchant-ads:ready'/);
    const dash = compile('<merchant-ads onmerchant-ads-ready={() => {}}></merchant-ads>', { filename: 'Dash.svelte' });
    assert.deepEqual(dash.warnings, []);
    assert.match(dash.js.code, /\.event\('merchant-ads-ready'/);
    // And the page itself compiles without a warning (its one colon form is silenced on purpose).
    const page = compile(readFileSync(join(DIR, 'src', 'App.svelte'), 'utf8'), { filename: 'App.svelte' });
    assert.deepEqual(
      page.warnings.map((w) => w.code),
      [],
    );
    built = true;
  },
);

let server;
after(() => server?.stop());

/** `vite preview` on a free port, /api passed on to the reference server; its origin. */
async function preview(t) {
  const start = performance.now();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  server = await startHostServer(
    DIR,
    VITE,
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    `${origin}/`,
    {
      env: { MERCHANT_ADS_API: live.server.origin },
    },
  );
  t.diagnostic(`vite preview answering: ${since(start)}`);
  return origin;
}

test(
  "the built app in Chromium: two logins, German from the host's prop without a remount, the theme, {#if} unmounts and mounts again, a clean console",
  { timeout: 90_000 },
  async (t) => {
    assert.ok(built, 'the host was installed and built (see the test above)');
    const origin = await preview(t);
    const { page, errors: consoleErrors, warnings } = await phonePage(t, live.browser);
    const start = performance.now();
    await page.goto(`${origin}/`);

    const first = page.locator('#merchant-ads');
    const second = page.locator('#second');
    const heard = page.locator('#heard');
    // Both elements show their own English login: two apps on one page.
    await first.getByRole('button', { name: 'Log in' }).waitFor();
    await second.getByRole('button', { name: 'Log in' }).waitFor();
    // The host heard ready from each: the first through `onmerchant-ads-ready`, the second through the colon form.
    await heard.filter({ hasText: 'ready: 1,' }).filter({ hasText: 'second ready: 1' }).waitFor();
    assert.match(await heard.textContent(), /version: \d+\.\d+\.\d+/, "ready's detail holds the version");
    t.diagnostic(`two English logins and ready from both: ${since(start)}`);

    // How Svelte passed the props: a property where the element has a setter, an attribute otherwise.
    const passed = await first.evaluate((el) => ({
      theme: el.theme?.primary,
      themeAttribute: el.getAttribute('theme'),
      apiBaseAttribute: el.getAttribute('api-base'),
      routingAttribute: el.getAttribute('routing'),
      languageProperty: el.language,
      languageAttribute: el.getAttribute('language'),
    }));
    t.diagnostic(`what Svelte set on the element: ${JSON.stringify(passed)}`);
    assert.equal(passed.theme, '#e60012', "the theme object is the element's property");
    assert.equal(passed.themeAttribute, null, 'no "[object Object]" attribute');
    assert.equal(passed.apiBaseAttribute, '/api', 'api-base (no property of that name) is an attribute');

    // The theme is applied: the app's root carries it, and the login button is the theme's red.
    const rootStyle = await first.evaluate(
      (el) => el.shadowRoot.querySelector('.ma-root')?.getAttribute('style') ?? '',
    );
    assert.match(rootStyle, /--ma-primary:\s*#e60012/, `.ma-root's inline style: ${rootStyle}`);
    const login = first.getByRole('button', { name: 'Log in' });
    assert.equal(
      await login.evaluate((b) => getComputedStyle(b).backgroundColor),
      'rgb(230, 0, 18)',
      "the login button in the theme's colour",
    );
    assert.equal(
      await second.getByRole('button', { name: 'Log in' }).evaluate((b) => getComputedStyle(b).backgroundColor),
      'rgb(22, 104, 220)',
      'the second element, without a theme, in the default colour',
    );

    // The host changes its `lang`: the same app (the same root node) turns German, and ready is not heard again.
    await first.evaluate((el) => {
      el.shadowRoot.querySelector('.ma-root').__before = true;
    });
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await first.getByRole('button', { name: 'Anmelden' }).waitFor();
    await heard.filter({ hasText: 'language: de' }).waitFor();
    assert.ok(
      await first.evaluate((el) => el.shadowRoot.querySelector('.ma-root').__before === true),
      'the same app root: no remount',
    );
    assert.match(await heard.textContent(), /^ready: 1,/, 'ready heard once');
    assert.equal(
      await second.getByRole('button', { name: 'Log in' }).count(),
      1,
      'the second element keeps its own language',
    );

    // {#if} removes both elements: each one's shadow root is empty a moment later (the apps unmounted) ...
    const removed = await page.evaluateHandle(() => [...document.querySelectorAll('merchant-ads')]);
    await page.getByRole('button', { name: 'Hide widgets' }).click();
    await page.getByRole('button', { name: 'Show widgets' }).waitFor();
    assert.equal(await page.locator('merchant-ads').count(), 0, 'the elements are gone');
    await page.waitForFunction((els) => els.every((el) => el.shadowRoot.childNodes.length === 0), removed);
    assert.equal(await removed.evaluate((els) => els.length), 2);

    // ... and showing them again mounts two new apps (new elements from Svelte), the first in the host's German. The
    // second comes back in German too: both use the default storage prefix, and the language the host gave the first
    // was kept on this device (as a language chosen in the widget is), where the second's new app reads it.
    await page.getByRole('button', { name: 'Show widgets' }).click();
    await first.getByRole('button', { name: 'Anmelden' }).waitFor();
    await second.getByRole('button', { name: 'Anmelden' }).waitFor();
    await heard.filter({ hasText: 'ready: 2,' }).filter({ hasText: 'second ready: 2' }).waitFor();
    const rootStyleAgain = await first.evaluate(
      (el) => el.shadowRoot.querySelector('.ma-root')?.getAttribute('style') ?? '',
    );
    assert.match(rootStyleAgain, /--ma-primary:\s*#e60012/, 'the theme again on the new app');
    t.diagnostic(`the whole page in Chromium: ${since(start)}`);

    const events = await page.evaluate(() =>
      window.__heard.map((h) => `${h.name} ${h.type} ${JSON.stringify(h.detail)}`),
    );
    t.diagnostic(`heard: ${events.join(', ')}`);
    assert.deepEqual([...consoleErrors, ...warnings], [], 'a clean console');
  },
);
