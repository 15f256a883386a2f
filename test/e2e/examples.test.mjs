/**
 * The examples page as a person uses it: `server/main.ts --test-api` (what `npm start` runs) on a fresh in-memory
 * database, the page opened in Chromium, every control clicked. Needs `npm run build` first (npm test does it).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { startReferenceServer } from '../reference-server.mjs';
import { deep, openEnginePage, OTHER_ENGINES } from './engine-page.mjs';

let server;
let browser;
let base;

before(async () => {
  server = await startReferenceServer();
  base = `${server.origin}/`;
  browser = await chromium.launch(chromiumLaunchOptions());
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh page (own storage) at `path`, closed after the test, which also fails on any uncaught page error. */
async function openPage(t, path) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  t.after(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A script, style or frame the page's CSP refused is a broken page too (the widget's <style> without its nonce).
  page.on('console', (m) => /Content Security Policy/.test(m.text()) && errors.push(m.text()));
  t.after(() => assert.deepEqual(errors, [], 'no uncaught errors on the page'));
  await page.goto(base + path);
  return page;
}

/** The examples page with the widget mounted. */
async function open(t) {
  const page = await openPage(t, '');
  const app = page.locator('#app');
  await app.getByRole('button', { name: 'Log in' }).waitFor();
  return { page, app };
}

async function logIn(app, username = 'demo') {
  await app.getByLabel(/^Username/).fill(username);
  await app.getByLabel(/^Password/).fill('demo1234');
  await app.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Clicks an error-flow button and waits until the page has acted on the answer: it logs `host <tool> <answer>`
 * and, on success, remounts the widget in the same task. Anything on screen before the click proves nothing.
 */
async function tool(page, name) {
  const button = page.getByRole('button', { name, exact: true });
  const kind = await button.getAttribute('data-tool');
  const before = await page.evaluate(logEntries, kind);
  await button.click();
  // A function, not a string: the page's CSP allows no eval.
  await page.waitForFunction(
    ([k, n]) =>
      document
        .getElementById('log')
        .textContent.split('\n')
        .filter((l) => l.includes(` host ${k} `)).length > n,
    [kind, before],
  );
}
/** Runs in the page: how many `host <kind>` lines the event log holds. */
const logEntries = (kind) =>
  document
    .getElementById('log')
    .textContent.split('\n')
    .filter((l) => l.includes(` host ${kind} `)).length;

test('log in, then each error-flow button: 503 back to login, 402/403/404 dialogs, active again, 99+', async (t) => {
  const { page, app } = await open(t);
  await logIn(app);
  await app.getByText('Hello, ').waitFor();
  assert.match(page.url(), /#\/ad-center$/, 'hash routing shows the route in the page URL');

  await tool(page, 'Expire its sessions (503)');
  await app.getByText('Login expired, please log in again').waitFor();
  await app.getByRole('button', { name: 'Log in' }).waitFor();
  assert.match(await page.locator('#log').textContent(), /logout/);

  await logIn(app);
  await app.getByText('Hello, ').waitFor();
  for (const [button, text] of [
    ['Not activated (402)', 'Your account is not activated. Please contact customer service.'],
    ['Disabled (403)', 'Your account is not enabled. Please contact customer service.'],
    ['Deleted (404)', 'Your account has been deleted. Please contact customer service.'],
  ]) {
    await tool(page, button);
    await app.getByRole('dialog').getByText(text).waitFor();
  }
  await tool(page, 'Active again');
  await app.getByText('Hello, ').waitFor();
  assert.equal(await app.getByRole('dialog').count(), 0);

  await tool(page, '120 unread notices (99+)');
  await app.getByText('99+', { exact: true }).waitFor(); // exact: a figure such as "$786.99+92.1%" holds it too
});

test('the language select, unmount and memory routing', async (t) => {
  const { page, app } = await open(t);
  await page.locator('#lang').selectOption('de');
  await app.getByRole('button', { name: 'Anmelden' }).waitFor();

  await page.getByRole('button', { name: 'Unmount' }).click();
  assert.equal(await page.locator('#app').evaluate((el) => el.shadowRoot?.childNodes.length ?? 0), 0);
  assert.equal(await page.locator('#app').evaluate((el) => el.childNodes.length), 0);

  const before = page.url();
  await page.getByLabel(/memory routing/).check();
  await page.getByRole('button', { name: 'Mount', exact: true }).click();
  await page.getByRole('button', { name: '/register' }).click();
  await app.getByRole('button', { name: 'Registrieren' }).first().waitFor();
  assert.equal(page.url(), before, 'memory routing leaves the page URL alone');
});

test('a remount does not download the basic config again: the browser asks with its ETag and gets a 304', async (t) => {
  const { page, app } = await open(t);
  const configAnswers = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === '/api/basic_config')
        .map((e) => ({ transfer: e.transferSize, body: e.decodedBodySize })),
    );
  // The first mount's config, asked for once the login form has painted.
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === '/api/basic_config'),
  );
  await page.getByRole('button', { name: 'Unmount' }).click();
  await page.getByRole('button', { name: 'Mount', exact: true }).click();
  await app.getByRole('button', { name: 'Log in' }).waitFor();
  await page.waitForFunction(
    () =>
      performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/api/basic_config').length >=
      2,
  );
  const [first, second] = await configAnswers();
  assert.ok(
    first.body > 10_000 && first.transfer > 5_000,
    `the first mount downloads the config: ${JSON.stringify(first)}`,
  );
  assert.equal(second.body, first.body, 'the second mount has the same config');
  assert.ok(second.transfer < 1_000, `the second mount's answer is headers only (a 304): ${JSON.stringify(second)}`);
});

test('signed partner links: an existing user goes in, a new one opens the account on the welcome page, an expired one is explained', async (t) => {
  const { page, app } = await open(t);
  const html = await page.content();
  assert.doesNotMatch(html, /demo-partner(-de)?-secret/, 'no partner key in the page');

  await page.getByRole('button', { name: 'signed partner link: existing user' }).click();
  await app.getByText('Hello, ').waitFor();
  assert.match(page.url(), /#\/ad-center$/);

  await page.getByRole('button', { name: 'signed partner link: new user (de)' }).click();
  await app.getByLabel(/^Autorisierungscode/).fill('DEMO-AUTH');
  assert.match(
    page.url(),
    /#\/ad-welcome\?entry=partner-de&uid=new-[^&]+&ts=\d+&sig=[0-9a-f]{64}$/,
    'the query is kept, and it holds no ticket',
  );
  await app.getByRole('button', { name: 'Werbekonto eröffnen' }).click();
  await app.getByText('Hallo, ').waitFor();

  await page.locator('#lang').selectOption('en');
  await page.getByRole('button', { name: 'expired partner link' }).click();
  await app
    .getByText('This link has expired or was already used. Please open it again from the partner app.')
    .waitFor();
});

test('a test-route failure is logged and leaves the widget as it was', async (t) => {
  const { page, app } = await open(t);
  await page.locator('#tool-user').fill('nobody-at-all');
  await tool(page, 'Disabled (403)');
  await page
    .locator('#log')
    .getByText(/Unknown user/)
    .waitFor();
  await app.getByRole('button', { name: 'Log in' }).waitFor();
});

test("customer service: the demo chat runs inside the app, sandboxed on an opaque origin, under the pages' CSP", async (t) => {
  const { page, app } = await open(t);
  await logIn(app);
  await app.getByText('Hello, ').waitFor();
  await app.getByRole('button', { name: 'Customer service' }).first().click();
  await app.getByRole('button', { name: 'Online customer service' }).click();
  const frame = app.locator('iframe');
  assert.doesNotMatch(await frame.getAttribute('sandbox'), /allow-same-origin/);
  const chat = page.frameLocator('#app >> iframe');
  await chat.getByLabel('Message').fill('Where is my refund?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await chat.getByText('Where is my refund?').waitFor();
});

/**
 * The simulated native shell's log lines (`12:00:01 web → shell ready protocols: [1], …`) for a direction, a message
 * type and, optionally, what the summary after it must match.
 */
const logged = (page, dir, type, rest = '') =>
  page
    .locator('#messages > li')
    .filter({ has: page.locator('summary', { hasText: new RegExp(`${dir}\\s+${type}(?:\\s|$)${rest}`) }) });

test('the simulated native shell: ready → init, token, customer-service link → openUrl, language, back → close, reopen, logout', async (t) => {
  const page = await openPage(t, 'native-shell.html');
  const web = page.frameLocator('#webview').locator('#merchant-ads-app');
  await logged(page, 'web → shell', 'ready').first().waitFor();
  await logged(page, 'shell → web', 'init', '.*platform: web-simulator').waitFor();
  await web.getByRole('button', { name: 'Log in' }).waitFor();

  await page.getByRole('button', { name: 'token (log in demo)' }).click();
  await web.getByText('Hello, ').waitFor();
  await logged(page, 'web → shell', 'routeChanged', '.*path: /ad-center').first().waitFor();

  // A customer-service contact of type 2 is not ours to show: the page asks the shell to open it.
  await web.getByRole('button', { name: 'Customer service' }).first().click();
  const popup = page.context().waitForEvent('page');
  await web.getByRole('button', { name: 'Support website' }).click();
  await logged(
    page,
    'web → shell',
    'openUrl',
    '.*url: https://example\\.com/support, purpose: customerService',
  ).waitFor();
  await popup;
  await web.getByRole('dialog').waitFor({ state: 'detached' });

  await page.locator('#lang').selectOption('de');
  await page.getByRole('button', { name: 'language', exact: true }).click();
  await web.getByText('Hallo, ').waitFor();

  // The home page has no previous page: back is the native close action.
  await page.getByRole('button', { name: 'back', exact: true }).click();
  await logged(page, 'web → shell', 'close', '.*reason: back').waitFor();
  await page.getByText('The web app asked to close.').waitFor();
  await page.getByRole('button', { name: 'Open again' }).click();
  await web.getByText('Hallo, ').waitFor();

  await page.getByRole('button', { name: 'logout', exact: true }).click();
  await web.getByRole('button', { name: 'Anmelden' }).waitFor();
});

test("the native shell's log: one line per message, which comes first explained, the payload pretty-printed on demand, bounded, cleared", async (t) => {
  const page = await openPage(t, 'native-shell.html');
  const entries = page.locator('#messages > li');
  await logged(page, 'shell → web', 'init').waitFor();

  // Above the log, in two lines: the page's ready first, then the shell's init.
  const order = page.locator('#order');
  assert.match(await order.innerText(), /^First ready, web → shell: .+\nThen init, shell → web: .+$/);

  // The first message is the page's ready; each entry is one <details>, closed, with one line that never wraps.
  assert.match(
    await entries.first().locator('summary').innerText(),
    /web → shell\s+ready\s+protocols: \[1\], sdk: .+, capabilities: /,
  );
  const lines = () =>
    entries.evaluateAll((lis) =>
      lis.map((li) => {
        const summary = li.querySelector('details > summary');
        return {
          details: li.querySelectorAll('details').length,
          open: li.querySelector('details').open,
          dir: summary.querySelector('.dir').textContent,
          type: summary.querySelector('.type').textContent,
          lines: summary.getBoundingClientRect().height / parseFloat(getComputedStyle(summary).lineHeight),
        };
      }),
    );
  // On a desktop and on a phone: one closed entry per message, each one line, and the page no wider than the screen.
  for (const width of [1200, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const all = await lines();
    assert.ok(all.length >= 2, 'ready and init at least');
    for (const l of all) {
      assert.equal(l.details, 1);
      assert.equal(l.open, false, 'collapsed by default');
      assert.match(l.dir, /^(web → shell|shell → web)$/);
      assert.match(l.type, /^[a-zA-Z]+$/);
      assert.ok(l.lines < 1.5, `${width} px: one line, not ${l.lines.toFixed(2)}`);
    }
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth),
      width,
      `${width} px: no sideways scrolling`,
    );
  }
  // A long summary is cut with an ellipsis on its one line, never broken inside a token.
  const ready = entries.first();
  assert.deepEqual(
    await ready.locator('.sum').evaluate((el) => [getComputedStyle(el).whiteSpace, getComputedStyle(el).textOverflow]),
    ['nowrap', 'ellipsis'],
  );

  // Opened from the keyboard: the whole message, pretty-printed.
  const init = logged(page, 'shell → web', 'init');
  const payload = init.locator('pre');
  assert.equal(await payload.isVisible(), false);
  await init.locator('summary').focus();
  await page.keyboard.press('Enter');
  await payload.waitFor();
  const text = await payload.textContent();
  const message = JSON.parse(text);
  assert.equal(text, JSON.stringify(message, null, 2), 'JSON.stringify(message, null, 2)');
  assert.deepEqual(
    { ns: message.ns, v: message.v, kind: message.kind, type: message.type },
    { ns: 'merchant-ads', v: 1, kind: 'event', type: 'init' },
  );
  assert.equal(message.payload.platform, 'web-simulator');
  await init.locator('summary').click();
  await payload.waitFor({ state: 'hidden' });

  // The log keeps the latest 200 messages (every language sent is one more, and the page answers with its title).
  await page.evaluate(() => {
    for (let i = 0; i < 210; i++) document.getElementById('language').click();
  });
  await page
    .locator('#count')
    .getByText(/^\d+ messages, the latest 200 shown$/)
    .waitFor();
  assert.equal(await entries.count(), 200);

  await page.getByRole('button', { name: 'Clear' }).click();
  assert.equal(await entries.count(), 0);
  assert.equal(await page.locator('#count').textContent(), 'no messages yet');
  await page.getByRole('button', { name: 'back', exact: true }).click();
  await logged(page, 'shell → web', 'back').waitFor();
});

test("the bridge protocol is a page: PROTOCOL.md rendered, under the pages' CSP, linked from the shell, its old address moved", async (t) => {
  const page = await openPage(t, 'native-shell.html');
  await page.getByRole('link', { name: 'The bridge protocol' }).click();
  await page.waitForURL(/\/bridge\/protocol\.html$/);
  assert.match(await page.locator('h1').innerText(), /^Merchant Ads bridge protocol, version 1$/);
  assert.equal(await page.locator('h1').count(), 1);
  // Rendered, not raw: tables, code blocks, headings with their anchors, and no markdown syntax left in the text.
  assert.ok((await page.locator('main table').count()) >= 4, 'the tables');
  assert.ok((await page.locator('main pre > code').count()) >= 4, 'the code blocks');
  await page.locator('h2#settings-of-the-host-page').waitFor();
  const body = await page.locator('body').innerText();
  assert.doesNotMatch(body, /^\s*#{1,6} /m, 'no markdown heading');
  assert.doesNotMatch(body, /^\|.*\|$/m, 'no markdown table row');
  assert.doesNotMatch(body, /```/, 'no code fence');
  // The stylesheet applied (its <style> carries the nonce: a refused one is a CSP console error, which fails the test).
  assert.equal(await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(11, 27, 51)');
  assert.equal(
    await page
      .locator('main table')
      .first()
      .evaluate((el) => getComputedStyle(el).borderCollapse),
    'collapse',
  );
  // On a phone: no sideways scrolling but inside a code block; a table row stands as a card, its cells named.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  assert.equal(
    await page
      .locator('main td[data-label="when"]')
      .first()
      .evaluate((el) => getComputedStyle(el, '::before').content),
    '"when"',
  );
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.getByRole('link', { name: 'Settings of the host page' }).click();
  await page.waitForURL(/#settings-of-the-host-page$/);
  await page.getByRole('link', { name: 'Examples' }).click();
  await page.waitForURL(new RegExp(`^${base}$`));

  await page.goto(`${base}bridge/PROTOCOL.md`);
  assert.match(page.url(), /\/bridge\/protocol\.html$/);
  await page.locator('h1', { hasText: 'bridge protocol' }).waitFor();
});

/** Marks the app's root node in the widget `app` (a locator of its host): a remount would replace it. */
const markRoot = (app) => app.evaluate((el) => (el.shadowRoot.querySelector('.ma-root').dataset.probe = 'first'));
const assertSameRoot = async (app) =>
  assert.equal(
    await app.evaluate((el) => el.shadowRoot.querySelector('.ma-root').dataset.probe),
    'first',
    'the same app, not a remount',
  );

test('the React host page: <MerchantAds> renders the app; the language and token props update it without a remount', async (t) => {
  const page = await openPage(t, 'react.html');
  const app = page.locator('.phone > div');
  await app.getByRole('button', { name: 'Log in' }).waitFor();
  await markRoot(app);
  await page.locator('#lang').selectOption('de');
  await app.getByRole('button', { name: 'Anmelden' }).waitFor();
  await page.getByRole('button', { name: 'Token of demo' }).click();
  await app.getByText('Hallo, ').waitFor();
  await assertSameRoot(app);
  assert.equal(
    await page.evaluate(
      () =>
        document
          .getElementById('log')
          .textContent.split('\n')
          .filter((l) => / ready /.test(l)).length,
    ),
    1,
  );
});

test('the element page: <merchant-ads> from define(); the language attribute and the theme property reach the same app; a move keeps it', async (t) => {
  const page = await openPage(t, 'element.html');
  const app = page.locator('merchant-ads');
  await app.getByRole('button', { name: 'Log in' }).waitFor();
  await markRoot(app);
  await page.locator('#lang').selectOption('de');
  await app.getByRole('button', { name: 'Anmelden' }).waitFor();
  await page.locator('#primary').fill('#e60012');
  await page.waitForFunction(
    () =>
      document
        .querySelector('merchant-ads')
        .shadowRoot.querySelector('.ma-root')
        .style.getPropertyValue('--ma-primary') === '#e60012',
  );
  await page.getByRole('button', { name: 'Move it (keeps the app)' }).click();
  await page.locator('#spare merchant-ads').getByRole('button', { name: 'Anmelden' }).waitFor();
  await assertSameRoot(app);
  assert.equal(
    await page.evaluate(
      () =>
        document
          .getElementById('log')
          .textContent.split('\n')
          .filter((l) => / merchant-ads:ready /.test(l)).length,
    ),
    1,
  );
});

/**
 * In WebKit and Firefox: the examples page from sign-in to home, with real clicks and key presses, and the bridge
 * page in the simulated native shell (ready → init, the shell's token, back → close, reopen). Their drivers hear no
 * uncaught errors on a page they did not write (WebKit's classic WebDriver hears none at all), so these check what
 * shows; the Chromium tests above check the console too.
 */
for (const engine of OTHER_ENGINES) {
  test(`${engine}: the examples page from sign-in to home`, { timeout: 90_000 }, async (t) => {
    const page = await openEnginePage(t, engine, { width: 1200, height: 900 });
    await page.goto(base);
    await page.click(deep, ['#app', 'input', 'Username…'], 'the username field');
    await page.type('demo');
    await page.click(deep, ['#app', 'input', 'Password…'], 'the password field');
    await page.type('demo1234');
    await page.click(deep, ['#app', 'button', 'Log in'], 'the log-in button');
    await page.waitFor(deep, ['#app', '*', 'Hello, …'], "the home screen's greeting");
    assert.match(
      await page.evaluate(() => location.hash),
      /^#\/ad-center$/,
      'hash routing shows the route in the page URL',
    );
    assert.deepEqual(page.errors(), []);
  });

  test(
    `${engine}: the bridge page in the simulated native shell: ready → init, the shell's token, back → close, reopen`,
    { timeout: 90_000 },
    async (t) => {
      const page = await openEnginePage(t, engine, { width: 1200, height: 900 });
      await page.goto(`${base}native-shell.html`);
      const logged = (lines) => lines.every((l) => document.getElementById('messages').textContent.includes(l));
      await page.waitFor(logged, ['ready', 'init'], "ready and init in the shell's log");
      await page.waitFor(deep, ['#merchant-ads-app', 'button', 'Log in', '#webview'], 'the login form in the WebView');
      await page.click(deep, ['body', 'button', 'token (log in demo)'], "the shell's token button");
      await page.waitFor(deep, ['#merchant-ads-app', '*', 'Hello, …', '#webview'], 'home in the WebView');
      await page.waitFor(logged, ['routeChanged'], 'routeChanged in the log');
      // Home has no previous page: back is the native close action.
      await page.click(deep, ['body', 'button', 'back'], "the shell's back button");
      await page.waitFor(deep, ['#closed', 'strong', 'The web app asked to close.'], 'the shell closing the WebView');
      await page.click(deep, ['body', 'button', 'Open again'], 'Open again');
      await page.waitFor(
        deep,
        ['#merchant-ads-app', '*', 'Hello, …', '#webview'],
        'home again in the reopened WebView',
      );
      assert.deepEqual(page.errors(), []);
    },
  );
}
