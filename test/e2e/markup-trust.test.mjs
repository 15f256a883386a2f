/**
 * Markup is not script: a `<merchant-ads>` someone else wrote into a partner's page (user HTML a sanitizer kept,
 * any markup injection) can neither run another origin's code with the page's nonce, nor point the app at another
 * API or other words, nor hand it a token to keep. Replayed on the examples page, under its own policy
 * (`script-src 'self' 'nonce-…'`, `base-uri 'none'`, Trusted Types with the one policy `merchant-ads`), against a
 * stranger on another loopback port that answers every `.js` with `window.__pwned = 1`, every language file with
 * reworded text, and every API call as a sign-in would. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { liveServerAndBrowser } from './live.mjs';

const live = liveServerAndBrowser(['dist/merchant-ads.js', 'dist/locales/en.json']);

/** The stranger: another origin, which records every request it gets. */
let stranger;
let strangerOrigin;
const strangerSaw = [];
before(async () => {
  stranger = createServer((req, res) => {
    strangerSaw.push(req.url);
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.url.endsWith('.js'))
      return res.writeHead(200, { 'content-type': 'text/javascript' }).end('window.__pwned = 1;');
    if (req.url.endsWith('.json'))
      return res
        .writeHead(200, { 'content-type': 'application/json', ...cors })
        .end(JSON.stringify({ auth: { login: 'Enter your bank PIN' } }));
    res
      .writeHead(200, { 'content-type': 'application/json', ...cors })
      .end(JSON.stringify({ code: 200, msg: 'success', data: {} }));
  });
  stranger.listen(0, '127.0.0.1');
  await once(stranger, 'listening');
  strangerOrigin = `http://127.0.0.1:${stranger.address().port}`;
});
after(() => stranger?.close());

/** The examples page (its policy, its script tag), with every `<merchant-ads>` event recorded on `window.__heard`. */
async function examplesPage(t) {
  const context = await live.browser.newContext({ viewport: { width: 1200, height: 900 } });
  t.after(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  t.after(() => assert.deepEqual(errors, [], 'no uncaught errors on the page'));
  await page.goto(`${live.server.origin}/`);
  await page.locator('#app').getByRole('button', { name: 'Log in' }).waitFor();
  await page.evaluate(() => {
    window.__heard = [];
    for (const type of ['error', 'ready'])
      document.addEventListener(`merchant-ads:${type}`, (e) => window.__heard.push({ type, ...e.detail }), true);
  });
  return page;
}

/** Writes `<merchant-ads …attributes>` into the page, as parsed markup would (attributes only, no script). */
const insertMarkup = (page, attributes) =>
  page.evaluate((attributes) => {
    const el = document.createElement('merchant-ads');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    el.style.height = '400px';
    document.body.append(el);
  }, attributes);

const heard = (page, code) => page.waitForFunction((code) => window.__heard.some((e) => e.code === code), code);

test(
  "an assets-base in markup runs no other origin's script: the loader refuses the file, the host hears why",
  { timeout: 60_000 },
  async (t) => {
    const page = await examplesPage(t);
    await page.evaluate(() => MerchantAds.define());
    const before = strangerSaw.length;
    await insertMarkup(page, {
      'api-base': '/api',
      routing: 'memory',
      metrics: '',
      'assets-base': `${strangerOrigin}/`,
    });
    // Showing that nothing happens: the replayed attack ran the stranger's script within five seconds.
    await page.waitForTimeout(5000);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, "the stranger's script never ran");
    assert.deepEqual(strangerSaw.slice(before), [], 'nothing was even asked of the stranger');
    await heard(page, 'asset_origin_refused');
    const refusal = await page.evaluate(() => window.__heard.find((e) => e.code === 'asset_origin_refused').msg);
    assert.match(refusal, new RegExp(`${strangerOrigin}/.*outside the SDK's folder`));
  },
);

test(
  "an assets-base the host allowed from script (define's allowedOrigins) is taken: the loader asks that origin",
  { timeout: 60_000 },
  async (t) => {
    const page = await examplesPage(t);
    await page.evaluate((origin) => MerchantAds.define({ allowedOrigins: [origin] }), strangerOrigin);
    const before = strangerSaw.length;
    await insertMarkup(page, {
      'api-base': '/api',
      routing: 'memory',
      metrics: '',
      'assets-base': `${strangerOrigin}/`,
    });
    await page.waitForFunction(() => window.__pwned === 1);
    assert.ok(
      strangerSaw.slice(before).some((u) => u.endsWith('.js')),
      'the file came from the allowed origin',
    );
  },
);

test(
  'an api-base or locales-base on another origin in markup mounts nothing and asks the stranger nothing; allowed from script, it mounts',
  { timeout: 60_000 },
  async (t) => {
    const page = await examplesPage(t);
    await page.evaluate(() => MerchantAds.define());
    const before = strangerSaw.length;
    await insertMarkup(page, { 'api-base': `${strangerOrigin}/api`, routing: 'memory', id: 'rogue-api' });
    await insertMarkup(page, {
      'api-base': '/api',
      routing: 'memory',
      'locales-base': `${strangerOrigin}/locales/`,
      id: 'rogue-words',
    });
    await page.waitForFunction(() => window.__heard.filter((e) => e.code === 'origin_refused').length === 2);
    const msgs = await page.evaluate(() => window.__heard.filter((e) => e.code === 'origin_refused').map((e) => e.msg));
    assert.ok(
      msgs.some((m) => m.includes('api-base') && m.includes(strangerOrigin)),
      msgs.join('\n'),
    );
    assert.ok(
      msgs.some((m) => m.includes('locales-base') && m.includes(strangerOrigin)),
      msgs.join('\n'),
    );
    for (const id of ['rogue-api', 'rogue-words'])
      assert.equal(
        await page.evaluate((id) => document.getElementById(id).shadowRoot, id),
        null,
        `#${id} holds no app`,
      );
    // The app on the page's own API, named by markup, still mounts: the README's snippet is markup too.
    await insertMarkup(page, { 'api-base': '/api', routing: 'memory', 'locales-base': '/dist/locales/', id: 'own' });
    await page.locator('#own').getByRole('button', { name: 'Log in' }).waitFor();
    assert.deepEqual(strangerSaw.slice(before), [], 'the stranger was asked nothing');
    // Another origin the host allowed from script: the reference server under its other loopback name.
    const other = live.server.origin.replace('127.0.0.1', 'localhost');
    await page.evaluate((origin) => MerchantAds.define({ allowedOrigins: [origin] }), other);
    await insertMarkup(page, {
      'api-base': `${other}/api`,
      routing: 'memory',
      'storage-prefix': 'other:',
      id: 'allowed',
    });
    await page.locator('#allowed').getByRole('button', { name: 'Log in' }).waitFor();
  },
);

test(
  "a token in markup, with persist-token, neither signs the element in nor replaces the merchant's stored session",
  { timeout: 60_000 },
  async (t) => {
    const page = await examplesPage(t);
    const app = page.locator('#app');
    await app.getByLabel(/^Username/).fill('demo');
    await app.getByLabel(/^Password/).fill('demo1234');
    await app.getByRole('button', { name: 'Log in' }).click();
    await app.getByText('Hello, ').waitFor();
    const storedTokens = () =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.includes('token@'))
          .map((k) => [k, localStorage.getItem(k)]),
      );
    const own = await storedTokens();
    assert.equal(own.length, 1, "the merchant's session is stored");
    // The attacker's own account, whose token the rogue markup carries.
    const res = await fetch(`${live.server.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'newbie', password: 'demo1234' }),
    });
    const attacker = (await res.json()).data.token;
    await page.evaluate(() => MerchantAds.define());
    await insertMarkup(page, {
      'api-base': '/api',
      routing: 'memory',
      token: attacker,
      'persist-token': '',
      'storage-prefix': 'merchant-ads:',
      id: 'rogue',
    });
    await page.waitForFunction(() => window.__heard.some((e) => e.type === 'ready'));
    // The element shows the merchant's own session (the one stored), never the attacker's account.
    await page.locator('#rogue').getByText('Hello, ').waitFor();
    const greeting = (id) => page.locator(`${id} .ma-home__greeting`).textContent();
    assert.equal(await greeting('#rogue'), await greeting('#app'));
    assert.deepEqual(await storedTokens(), own, "the stored session is still the merchant's own");
  },
);

test(
  "a page that refused the SDK's Trusted Types policy (another copy made it first) tells the host with the error event",
  { timeout: 60_000 },
  async (t) => {
    const context = await live.browser.newContext({ viewport: { width: 1200, height: 900 } });
    t.after(() => context.close());
    const page = await context.newPage();
    // Before any script of the page: a policy of the SDK's name, as a second copy of the SDK would make it.
    await page.addInitScript(() => {
      window.__early = window.trustedTypes.createPolicy('merchant-ads', { createScriptURL: (s) => s });
    });
    await page.goto(`${live.server.origin}/`);
    await page.waitForFunction(() => / error .*trusted_types_policy/.test(document.getElementById('log').textContent));
    const line = await page.evaluate(() =>
      document
        .getElementById('log')
        .textContent.split('\n')
        .find((l) => l.includes('trusted_types_policy')),
    );
    assert.match(line, /the page refused the Trusted Types policy 'merchant-ads' \(.*already exists/);
  },
);
