/**
 * A plain page (no build tool) that uses `<merchant-ads>` through the script tag: `<script src="/sdk/merchant-ads.js">`
 * then `MerchantAds.define()`, one element written in the HTML before the scripts and one after. One origin serves
 * the page (this folder's .html files), the packed tarball's dist/ under /sdk/ (test/hosts/pack.mjs), and passes
 * /api on to the reference server.
 *
 * Checked in Chromium as the page's own script would use the element: the script alone defines nothing; define()
 * upgrades what the parser made, and a property set before it (the theme) is kept and applied; the events reach a
 * listener on document (bubbling, composed) with their detail; the language attribute changes the running app;
 * removal unmounts a microtask later while a move in one task keeps the app; navigate(); two apps on one page;
 * `merchant-ads:open-url` cancelable; a clean console.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { liveServerAndBrowser } from '../../e2e/live.mjs';
import { phonePage } from '../host.mjs';
import { packedPackage } from '../pack.mjs';
import { contentType, fileUnder, passToApi, serveOnLoopback } from '../site.mjs';

const DIR = fileURLToPath(new URL('.', import.meta.url));
const PACKAGE = packedPackage();
const DIST = join(PACKAGE, 'dist');
const VERSION = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).version;

const live = liveServerAndBrowser();

/**
 * The partner's site on 127.0.0.1:<port>: its pages, the SDK under /sdk/, and /api passed on to the reference server
 * (the element's `api-base="/api"` is the page's own origin). Started once for the file.
 */
let site;
before(async () => {
  site = await serveOnLoopback(async (req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    if (pathname.startsWith('/api/')) return passToApi(req, res, live.server.origin);
    const path = pathname.startsWith('/sdk/')
      ? fileUnder(DIST, pathname.slice('/sdk/'.length))
      : pathname.endsWith('.html')
        ? fileUnder(DIR, pathname)
        : undefined;
    const body = path && (await readFile(path).catch(() => undefined));
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': contentType(path) });
    res.end(body);
  });
});
after(() => site?.close());

/** One of the pages in a phone-sized Chromium page; what the page heard on document, and its console. */
async function open(t, path) {
  const { page, errors, warnings } = await phonePage(t, live.browser);
  const api = [];
  const sdk = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) api.push(pathname);
    if (pathname.startsWith('/sdk/')) sdk.push(pathname.slice('/sdk/'.length));
  });
  await page.goto(`${site.origin}/${path}`);
  const heard = (type, id) =>
    page.evaluate(([type, id]) => window.__heard.filter((h) => h.type === type && (!id || h.id === id)), [type, id]);
  return { page, first: page.locator('#first'), second: page.locator('#second'), errors, warnings, api, sdk, heard };
}

/** The login screen (its submit button: the register screen has a "Log in" link button too, after the form). */
const loginButton = (widget, name = 'Log in') => widget.getByRole('form').getByRole('button', { name, exact: true });

test(
  'the script alone defines nothing; MerchantAds.define() upgrades the element (and define(tag) another name)',
  { timeout: 60_000 },
  async (t) => {
    const { page, first, errors, warnings, api, sdk } = await open(t, 'script-only.html');
    const before = await page.evaluate(() => ({
      global: typeof window.MerchantAds?.define,
      defined: customElements.get('merchant-ads'),
      shadow: document.getElementById('first').shadowRoot,
    }));
    assert.deepEqual(
      before,
      { global: 'function', defined: undefined, shadow: null },
      'loaded, nothing defined, no shadow root',
    );
    assert.deepEqual(api, [], 'nothing asked of the API');
    // (The script asks for the English words as it runs, by design: every mount shows them. The element's own file
    // is another matter: define() loads it.)
    assert.deepEqual(
      sdk.filter((f) => f.includes('element')),
      [],
      "the element's file not fetched before define()",
    );

    // define() loads the element's own file (beside the script) and settles with the class.
    const defined = await page.evaluate(async () => {
      const called = MerchantAds.define();
      const cls = await called;
      return {
        promise: called instanceof Promise,
        same: customElements.get('merchant-ads') === cls,
        again: (await MerchantAds.define()) === cls,
        upgraded: document.getElementById('first') instanceof cls,
      };
    });
    assert.deepEqual(
      defined,
      { promise: true, same: true, again: true, upgraded: true },
      'define() settles with the class, a second call keeps it',
    );
    await loginButton(first).waitFor();

    await page.evaluate(() => MerchantAds.define('partner-ads'));
    assert.equal(
      await page.evaluate(() => customElements.get('partner-ads') !== customElements.get('merchant-ads')),
      true,
      'a class of its own',
    );
    await loginButton(page.locator('#renamed')).waitFor();
    assert.deepEqual([...errors, ...warnings], [], 'a clean console');
  },
);

test(
  'before and after the scripts: two English logins; the theme set before define() kept and applied; ready on document with the version',
  { timeout: 60_000 },
  async (t) => {
    const { first, second, errors, warnings, heard } = await open(t, 'index.html');
    await loginButton(first).waitFor();
    await loginButton(second).waitFor();

    assert.equal(await first.evaluate((el) => el.theme?.primary), '#e60012', 'the property survived the upgrade');
    const rootStyle = await first.evaluate(
      (el) => el.shadowRoot.querySelector('.ma-root')?.getAttribute('style') ?? '',
    );
    assert.match(rootStyle, /--ma-primary:\s*#e60012/, `.ma-root's inline style: ${rootStyle}`);
    assert.equal(
      await loginButton(first).evaluate((b) => getComputedStyle(b).backgroundColor),
      'rgb(230, 0, 18)',
      "the login button in the theme's colour",
    );
    assert.equal(
      await loginButton(second).evaluate((b) => getComputedStyle(b).backgroundColor),
      'rgb(22, 104, 220)',
      'the second, without a theme, in the default colour',
    );

    await first
      .page()
      .waitForFunction(() =>
        ['first', 'second'].every((id) => window.__heard.some((h) => h.type === 'merchant-ads:ready' && h.id === id)),
      );
    for (const id of ['first', 'second']) {
      const [ready, ...more] = await heard('merchant-ads:ready', id);
      assert.deepEqual(more, [], `one ready from #${id}`);
      assert.equal(ready.detail.version, VERSION, "detail.version is the package's");
      assert.deepEqual([ready.bubbles, ready.composed, ready.cancelable], [true, true, false]);
      assert.equal((await heard('merchant-ads-ready', id)).length, 1, 'the dash name too, once');
    }
    assert.deepEqual([...errors, ...warnings], [], 'a clean console');
  },
);

test('the language attribute: German in the same app (no second ready)', { timeout: 60_000 }, async (t) => {
  const { page, first, second, errors, warnings, heard } = await open(t, 'index.html');
  await loginButton(first).waitFor();
  await page.waitForFunction(() => window.__heard.some((h) => h.type === 'merchant-ads:ready' && h.id === 'first'));
  await first.evaluate((el) => {
    el.shadowRoot.querySelector('.ma-root').__before = true;
    el.setAttribute('language', 'de');
  });
  await loginButton(first, 'Anmelden').waitFor();
  await page.waitForFunction(() =>
    window.__heard.some((h) => h.type === 'merchant-ads:language' && h.id === 'first' && h.detail.lang === 'de'),
  );
  assert.ok(
    await first.evaluate((el) => el.shadowRoot.querySelector('.ma-root').__before === true),
    'the same app root: no remount',
  );
  assert.equal((await heard('merchant-ads:ready', 'first')).length, 1, 'ready once');
  assert.equal(await loginButton(second).count(), 1, 'the second element keeps English');
  t.diagnostic(
    `language events: ${JSON.stringify(await page.evaluate(() => window.__heard.filter((h) => h.type === 'merchant-ads:language').map((h) => [h.id, h.detail.lang])))}`,
  );
  assert.deepEqual([...errors, ...warnings], [], 'a clean console');
});

test('removed: the shadow root empty a microtask later; appended again: a new app', { timeout: 60_000 }, async (t) => {
  const { page, first, errors, warnings, heard } = await open(t, 'index.html');
  await loginButton(first).waitFor();
  await page.waitForFunction(() => window.__heard.some((h) => h.type === 'merchant-ads:ready' && h.id === 'first'));
  const removed = await first.evaluate(async (el) => {
    const parent = el.parentNode;
    el.remove();
    const atOnce = el.shadowRoot.childNodes.length;
    await Promise.resolve();
    const microtaskLater = el.shadowRoot.childNodes.length;
    window.__detached = el;
    return { atOnce, microtaskLater, parent: parent.id };
  });
  t.diagnostic(
    `shadow root's nodes: ${removed.atOnce} right after remove(), ${removed.microtaskLater} a microtask later`,
  );
  assert.equal(removed.microtaskLater, 0, 'unmounted a microtask after the removal');
  assert.equal(
    await page.evaluate(() => document.querySelectorAll('merchant-ads').length),
    1,
    'one element left on the page',
  );

  await page.evaluate(() => document.getElementById('top').append(window.__detached));
  await loginButton(first).waitFor();
  await page.waitForFunction(
    () => window.__heard.filter((h) => h.type === 'merchant-ads:ready' && h.id === 'first').length === 2,
  );
  assert.equal((await heard('merchant-ads:ready', 'first')).length, 2, 'a second app: ready again');
  const rootStyle = await first.evaluate((el) => el.shadowRoot.querySelector('.ma-root')?.getAttribute('style') ?? '');
  assert.match(rootStyle, /--ma-primary:\s*#e60012/, "the new app has the element's theme");
  assert.deepEqual([...errors, ...warnings], [], 'a clean console');
});

test(
  'navigate("/register") shows the register screen; moved within the page in one task: the same app on the same screen',
  { timeout: 60_000 },
  async (t) => {
    const { page, first, errors, warnings, heard } = await open(t, 'index.html');
    await loginButton(first).waitFor();
    await page.waitForFunction(() => window.__heard.some((h) => h.type === 'merchant-ads:ready' && h.id === 'first'));
    await first.evaluate((el) => el.navigate('/register'));
    const register = first.getByRole('form', { name: 'Register' });
    await register.waitFor();
    await first.getByLabel('Confirm password').waitFor();

    await first.evaluate((el) => {
      el.shadowRoot.querySelector('.ma-root').__before = true;
      document.getElementById('bottom').append(el);
    });
    // Nothing must happen: a fixed wait to show that no unmount, no remount and no second ready follow the move.
    await page.waitForTimeout(1_000);
    assert.equal(await first.evaluate((el) => el.parentNode.id), 'bottom', 'moved');
    assert.ok(
      await first.evaluate((el) => el.shadowRoot.querySelector('.ma-root')?.__before === true),
      'the same app root',
    );
    assert.ok(await register.isVisible(), 'still the register screen');
    assert.equal((await heard('merchant-ads:ready', 'first')).length, 1, 'no second ready');
    await first.evaluate((el) => el.ready);
    assert.deepEqual([...errors, ...warnings], [], 'a clean console');
  },
);

test(
  'merchant-ads:open-url is cancelable: prevented, the page opens nothing; not prevented, the app opens a window',
  { timeout: 60_000 },
  async (t) => {
    const { page, first, errors, warnings, heard } = await open(t, 'index.html');
    await loginButton(first).waitFor();
    const popups = [];
    page.context().on('page', (p) => popups.push(p));
    // The seeded link's site, answered here: the test machine may have no way out.
    await page
      .context()
      .route('https://example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Support</title>' }),
      );

    // The customer-service sheet (open to anyone) lists the seeded "Support website", a link that goes out.
    await page.evaluate(() =>
      document.addEventListener('merchant-ads:open-url', (e) => e.preventDefault(), { once: true }),
    );
    await first.evaluate((el) => el.openCustomerService());
    await first.getByRole('dialog').getByRole('button', { name: 'Support website' }).click();
    await page.waitForFunction(() => window.__heard.some((h) => h.type === 'merchant-ads:open-url'));
    const [taken] = await heard('merchant-ads:open-url', 'first');
    assert.deepEqual(taken.detail, { url: 'https://example.com/support', purpose: 'customerService' });
    assert.equal(taken.cancelable, true, 'cancelable');
    // Nothing must open: a fixed wait to show that no window follows the prevented event.
    await page.waitForTimeout(1_000);
    assert.equal(popups.length, 0, 'prevented: no window opened by the app');

    await first.getByRole('dialog').waitFor({ state: 'detached' });
    await first.evaluate((el) => el.openCustomerService());
    const opened = page.context().waitForEvent('page');
    await first.getByRole('dialog').getByRole('button', { name: 'Support website' }).click();
    const popup = await opened;
    assert.equal((await heard('merchant-ads:open-url', 'first')).length, 2);
    await popup.waitForURL('https://example.com/support');
    await popup.close();
    assert.deepEqual([...errors, ...warnings], [], 'a clean console');
  },
);
