/**
 * The examples page as a person uses it: `server/main.ts --test-api` (what `npm start` runs) on a fresh in-memory
 * database, the page opened in Chromium, every control clicked. Needs `npm run build` first (npm test does it).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { startReferenceServer } from '../reference-server.mjs';

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
  await page.waitForFunction(([k, n]) => document.getElementById('log').textContent.split('\n').filter((l) => l.includes(` host ${k} `)).length > n, [kind, before]);
}
/** Runs in the page: how many `host <kind>` lines the event log holds. */
const logEntries = (kind) => document.getElementById('log').textContent.split('\n').filter((l) => l.includes(` host ${kind} `)).length;

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
  await app.getByText('99+').waitFor();
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

test('signed partner links: an existing user goes in, a new one opens the account on the welcome page, an expired one is explained', async (t) => {
  const { page, app } = await open(t);
  const html = await page.content();
  assert.doesNotMatch(html, /demo-partner(-de)?-secret/, 'no partner key in the page');

  await page.getByRole('button', { name: 'signed partner link: existing user' }).click();
  await app.getByText('Hello, ').waitFor();
  assert.match(page.url(), /#\/ad-center$/);

  await page.getByRole('button', { name: 'signed partner link: new user (de)' }).click();
  await app.getByLabel(/^Autorisierungscode/).fill('DEMO-AUTH');
  assert.match(page.url(), /#\/ad-welcome\?entry=partner-de&uid=new-[^&]+&ts=\d+&sig=[0-9a-f]{64}$/, 'the query is kept, and it holds no ticket');
  await app.getByRole('button', { name: 'Werbekonto eröffnen' }).click();
  await app.getByText('Hallo, ').waitFor();

  await page.locator('#lang').selectOption('en');
  await page.getByRole('button', { name: 'expired partner link' }).click();
  await app.getByText('This link has expired or was already used. Please open it again from the partner app.').waitFor();
});

test('a test-route failure is logged and leaves the widget as it was', async (t) => {
  const { page, app } = await open(t);
  await page.locator('#tool-user').fill('nobody-at-all');
  await tool(page, 'Disabled (403)');
  await page.locator('#log').getByText(/Unknown user/).waitFor();
  await app.getByRole('button', { name: 'Log in' }).waitFor();
});

test('customer service: the demo chat runs inside the app, sandboxed on an opaque origin, under the pages\' CSP', async (t) => {
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

test('the simulated native shell: ready → init, token, customer-service link → openUrl, language, back → close, reopen, logout', async (t) => {
  const page = await openPage(t, 'native-shell.html');
  const log = page.locator('#log');
  const web = page.frameLocator('#webview').locator('#merchant-ads-app');
  await log.getByText(/← web .*"type":"ready"/).first().waitFor();
  await log.getByText(/→ web .*"type":"init"/).waitFor();
  await web.getByRole('button', { name: 'Log in' }).waitFor();

  await page.getByRole('button', { name: 'token (log in demo)' }).click();
  await web.getByText('Hello, ').waitFor();
  await log.getByText(/← web .*"type":"routeChanged".*\/ad-center/).first().waitFor();

  // A customer-service contact of type 2 is not ours to show: the page asks the shell to open it.
  await web.getByRole('button', { name: 'Customer service' }).first().click();
  const popup = page.context().waitForEvent('page');
  await web.getByRole('button', { name: 'Support website' }).click();
  await log.getByText(/← web .*"type":"openUrl".*"url":"https:\/\/example\.com\/support".*"purpose":"customerService"/).waitFor();
  await popup;
  await web.getByRole('dialog').waitFor({ state: 'detached' });

  await page.locator('#lang').selectOption('de');
  await page.getByRole('button', { name: 'language', exact: true }).click();
  await web.getByText('Hallo, ').waitFor();

  // The home page has no previous page: back is the native close action.
  await page.getByRole('button', { name: 'back', exact: true }).click();
  await log.getByText(/← web .*"type":"close"/).waitFor();
  await page.getByText('The web app asked to close.').waitFor();
  await page.getByRole('button', { name: 'Open again' }).click();
  await web.getByText('Hallo, ').waitFor();

  await page.getByRole('button', { name: 'logout', exact: true }).click();
  await web.getByRole('button', { name: 'Anmelden' }).waitFor();
});

test('the React host page: <MerchantAds> renders the app; the language and token props update it without a remount', async (t) => {
  const page = await openPage(t, 'react.html');
  const app = page.locator('.phone > div');
  await app.getByRole('button', { name: 'Log in' }).waitFor();
  // Mark the app's root node: a remount would replace it.
  await app.evaluate((el) => (el.shadowRoot.querySelector('.ma-root').dataset.probe = 'first'));
  await page.locator('#lang').selectOption('de');
  await app.getByRole('button', { name: 'Anmelden' }).waitFor();
  await page.getByRole('button', { name: 'Token of demo' }).click();
  await app.getByText('Hallo, ').waitFor();
  assert.equal(await app.evaluate((el) => el.shadowRoot.querySelector('.ma-root').dataset.probe), 'first', 'the same app, not a remount');
  assert.equal(await page.evaluate(() => document.getElementById('log').textContent.split('\n').filter((l) => / ready /.test(l)).length), 1);
});
