import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { LANGUAGES } from '../../src/api/languages';
import { UNSTORED_CONFIG_KEYS, type BasicConfig } from '../../src/api/shapes/config';
import { startServer } from './helpers';

test('basic config: open call with the full shape', async (t) => {
  const s = await startServer(t);
  const r = await s.call('basicConfig', {});
  assert.equal(r.status, 200);
  assert.equal(r.body.code, 200);
  const c: BasicConfig = r.body.data;
  assert.deepEqual(Object.keys(c).sort(), [
    'banner_config',
    'client_language_map',
    'currency',
    'customer_service_url',
    'faq_config',
    'operating_rules',
    'privacy_policy',
    'recharge_customer_service_url',
    'withdraw_method_config',
  ]);
  // Every amount is money in this ISO 4217 currency.
  assert.equal(c.currency, 'USD');
  for (const k of UNSTORED_CONFIG_KEYS) assert.ok(k in c);

  // One language-map entry per language; every source list includes codes and maps to a known language.
  assert.deepEqual(c.client_language_map.map((e) => e.targets).sort(), [...LANGUAGES].sort());
  for (const e of c.client_language_map) {
    assert.ok(e.description && e.description.length > 1);
    assert.match(e.source, /^[A-Za-z0-9-]+(,[A-Za-z0-9-]+)*$/);
  }
  const find = (code: string) => c.client_language_map.find((e) => e.source.split(',').includes(code))?.targets;
  assert.equal(find('zh-TW'), 'cht');
  assert.equal(find('zh-HK'), 'cht');
  assert.equal(find('zh-Hant'), 'cht');
  assert.equal(find('de-AT'), 'de');
  assert.equal(find('de-CH'), 'de');
  assert.equal(find('zh-CN'), 'zh');
  assert.equal(find('ja'), 'jp');
  assert.equal(find('ko'), 'kor');
  assert.equal(find('es'), 'spa');
  assert.equal(find('en-US'), 'en');
  // No code maps to two languages.
  const all = c.client_language_map.flatMap((e) => e.source.split(','));
  assert.equal(new Set(all).size, all.length);

  // Contacts: an in-app one (type 1, /chat.html) and an external https one, labelled in all 12 languages.
  const types = c.customer_service_url.map((x) => x.type);
  assert.ok(types.includes(1) && types.some((x) => x !== 1));
  assert.ok(c.customer_service_url.some((x) => x.type === 1 && x.url === '/chat.html'));
  assert.ok(c.customer_service_url.some((x) => x.type !== 1 && x.url.startsWith('https://')));
  for (const contact of [...c.customer_service_url, ...c.recharge_customer_service_url]) {
    assert.equal(typeof contact.id, 'number');
    assert.deepEqual(Object.keys(contact.label).sort(), [...LANGUAGES].sort());
    assert.ok(Object.values(contact.label).every((v) => v.length > 0));
  }
  assert.ok(c.recharge_customer_service_url.length >= 1);

  assert.equal(c.faq_config.length, 5);
  for (const f of c.faq_config) assert.ok(f.question.en && f.answer.en && typeof f.id === 'number');
  assert.ok(c.privacy_policy.length > 20);
  assert.equal(c.banner_config.length, 3);
  for (const b of c.banner_config) assert.ok(b.image && b.title.en && b.content.en);
  assert.ok(c.withdraw_method_config.length >= 1);
  for (const w of c.withdraw_method_config) assert.ok(['bank', 'wallet'].includes(w.kind));

  // lang is accepted; an unknown privacy translation falls back to English. No token needed, and a bad one is ignored.
  const de = await s.call('basicConfig', { lang: 'de' }, 'not-a-token');
  assert.equal(de.body.code, 200);
  assert.equal(de.body.data.privacy_policy, c.privacy_policy);
});

test('health, API cache headers, CORS and compression', async (t) => {
  const s = await startServer(t);
  const h = await s.request('/api/health');
  assert.deepEqual(h.body, { code: 200, msg: 'ok', data: {} });
  assert.equal(h.headers.get('cache-control'), 'no-store');
  assert.equal(h.headers.get('access-control-allow-origin'), '*');

  const pre = await fetch(`${s.base}/api/user/info`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'https://shop.example',
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'x-ct, x-tz',
    },
  });
  assert.ok(pre.status === 204 || pre.status === 200);
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /X-CT/i);
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /X-TZ/i);
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Content-Type/i);

  // basic_config is a few KB: compressed when asked.
  const gz = await fetch(`${s.base}/api/basic_config`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gz.headers.get('content-encoding'), 'gzip');
  assert.equal(((await gz.json()) as { code: number }).code, 200);
});

test('CORS_ORIGINS restricts origins', async (t) => {
  const s = await startServer(t, { corsOrigins: ['https://allowed.example'] });
  const ok = await fetch(`${s.base}/api/health`, { headers: { Origin: 'https://allowed.example' } });
  assert.equal(ok.headers.get('access-control-allow-origin'), 'https://allowed.example');
  const no = await fetch(`${s.base}/api/health`, { headers: { Origin: 'https://evil.example' } });
  assert.equal(no.headers.get('access-control-allow-origin'), null);
});

test("static files: examples at /, dist, bridge, locales, the script tag's files at / too; missing folders answer 404", async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'ma-static-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  // Only examples/ and locales/ exist at first.
  mkdirSync(join(root, 'examples'));
  mkdirSync(join(root, 'locales'));
  writeFileSync(join(root, 'examples', 'index.html'), '<!doctype html><title>demo</title>');
  writeFileSync(join(root, 'locales', 'en.json'), JSON.stringify({ hello: 'Hello' }));
  writeFileSync(join(root, 'examples', '.env'), 'SECRET=1');
  const s = await startServer(t, { staticRoot: root });

  const index = await s.request('/');
  assert.equal(index.status, 200);
  assert.match(index.text, /demo/);
  assert.match(index.headers.get('content-type') ?? '', /text\/html/);
  // A page carries a fresh CSP nonce in its header and body (http/pages.ts): never kept and reused.
  assert.equal(index.headers.get('cache-control'), 'no-store');
  const locale = await s.request('/locales/en.json');
  assert.equal(locale.body.hello, 'Hello');
  // Every mount fetches its words, also from a partner's origin or a sandboxed frame (origin "null").
  assert.equal(locale.headers.get('access-control-allow-origin'), '*');
  assert.equal((await s.request('/dist/merchant-ads.mjs')).status, 404);
  assert.equal((await s.request('/bridge/bridge.js')).status, 404);
  assert.equal((await s.request('/merchant-ads.js')).status, 404);
  assert.equal((await s.request('/missing.html')).status, 404);
  assert.equal((await s.request('/.env')).status, 404);
  const escape = await fetch(`${s.base}/locales/..%2f..%2fpackage.json`);
  assert.ok(escape.status >= 400 && escape.status < 500);

  // dist/ appears later (a build while the server runs): served without a restart.
  mkdirSync(join(root, 'dist', 'bridge'), { recursive: true });
  writeFileSync(join(root, 'dist', 'merchant-ads.mjs'), 'export const x = 1;');
  writeFileSync(join(root, 'dist', 'chunk.0123abcd.js'), 'export {};');
  writeFileSync(join(root, 'dist', 'bridge', 'bridge.js'), 'window.bridge = 1;');
  const mjs = await s.request('/dist/merchant-ads.mjs');
  assert.equal(mjs.status, 200);
  assert.match(mjs.headers.get('content-type') ?? '', /javascript/);
  assert.equal(mjs.headers.get('cache-control'), 'no-cache');
  assert.match((await s.request('/dist/chunk.0123abcd.js')).headers.get('cache-control') ?? '', /immutable/);
  assert.equal((await s.request('/bridge/bridge.js')).text, 'window.bridge = 1;');
  // The script tag's own files are also at /, one folder up from the bridge page, which loads them from there; no
  // other file of dist/ is (a module build's, another hashed file).
  writeFileSync(join(root, 'dist', 'merchant-ads.js'), 'var MerchantAds = {};');
  writeFileSync(join(root, 'dist', 'merchant-ads.plan-Ab_9-z.js'), 'plan();');
  assert.equal((await s.request('/merchant-ads.js')).text, 'var MerchantAds = {};');
  assert.match((await s.request('/merchant-ads.js')).headers.get('content-type') ?? '', /javascript/);
  assert.equal((await s.request('/merchant-ads.plan-Ab_9-z.js')).text, 'plan();');
  assert.equal((await s.request('/dist/merchant-ads.js')).text, 'var MerchantAds = {};');
  for (const path of ['/merchant-ads.mjs', '/chunk.0123abcd.js'])
    assert.equal((await s.request(path)).status, 404, path);

  // The API is never shadowed by the examples folder.
  mkdirSync(join(root, 'examples', 'api'));
  writeFileSync(join(root, 'examples', 'api', 'nope'), 'static');
  const api = await s.request('/api/nope');
  assert.equal(api.status, 404);
  assert.equal(api.body.code, 405);
});

test("a merchant's own contacts replace basic config's in its user info, per kind; basic config and others are untouched", async (t) => {
  const s = await startServer(t);
  const token = await s.login();
  const demo = await s.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
  await s.db
    .insertInto('contacts')
    .values({
      kind: 'service',
      type: 2,
      url: 'https://manager.example.org/',
      label: JSON.stringify({ en: 'Your account manager' }),
      sort: 0,
      user_id: demo.id,
    })
    .execute();
  const u = (await s.call('userInfo', {}, token)).body.data;
  assert.deepEqual(
    u.customer_service_url!.map((c: { url: string; label: Record<string, string> }) => [c.url, c.label.en]),
    [['https://manager.example.org/', 'Your account manager']],
  );
  assert.equal(u.recharge_customer_service_url, undefined, 'no recharge list of its own');
  const config = (await s.call('basicConfig', {})).body.data as BasicConfig;
  assert.ok(
    !config.customer_service_url.some((c) => c.url === 'https://manager.example.org/'),
    "not in everyone's list",
  );
  const other = await s.call('authRegister', {
    username: 'othershop',
    password: 'secret123',
    confirm_password: 'secret123',
    email: 'o@example.com',
    phone: '+4915112345678',
    license_key: 'DEMO-LICENSE',
    terms: true,
  });
  assert.equal((await s.call('userInfo', {}, other.body.data.token)).body.data.customer_service_url, undefined);
});

test("basic config: an ETag and no-cache, so a second ask with If-None-Match is a 304 without a body; a change, or another language's answer, is a new tag", async (t) => {
  const s = await startServer(t);
  const first = await s.request('/api/basic_config?lang=en');
  assert.equal(first.status, 200);
  const etag = first.headers.get('etag');
  assert.match(etag ?? '', /^W\/"[\w-]{20,}"$/, 'a weak ETag');
  assert.equal(first.headers.get('cache-control'), 'no-cache', 'kept by the browser, asked again each time');
  assert.ok(first.text.length > 10_000, 'the answer is large: what a second mount should not download again');

  const again = await s.request('/api/basic_config?lang=en', { headers: { 'if-none-match': etag! } });
  assert.equal(again.status, 304);
  assert.equal(again.text, '', 'no body');
  assert.equal(again.headers.get('etag'), etag);

  // The tag is the answer's: a language whose answer differs (its terms) has another one.
  await s.db
    .updateTable('config')
    .set({ value: JSON.stringify({ en: 'Terms.', de: 'Bedingungen.' }) })
    .where('key', '=', 'privacy_policy')
    .execute();
  const english = await s.request('/api/basic_config?lang=en');
  const german = await s.request('/api/basic_config?lang=de', {
    headers: { 'if-none-match': english.headers.get('etag')! },
  });
  assert.equal(german.status, 200, 'another language is another answer');
  assert.notEqual(german.headers.get('etag'), english.headers.get('etag'));

  // The operator changes the config: the old tag no longer matches, and the new config comes whole.
  await s.db
    .updateTable('config')
    .set({ value: JSON.stringify({ en: 'New terms.' }) })
    .where('key', '=', 'privacy_policy')
    .execute();
  const changed = await s.request('/api/basic_config?lang=en', { headers: { 'if-none-match': etag! } });
  assert.equal(changed.status, 200);
  assert.notEqual(changed.headers.get('etag'), etag);
  assert.equal(changed.body.data.privacy_policy, 'New terms.');

  // Every other answer of the API is still never stored.
  assert.equal((await s.request('/api/health')).headers.get('cache-control'), 'no-store');
});
