import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startServer, validRegistration } from './helpers';
import { lowerOf } from '../storage/expressions';
import { endpointOf } from '../http/route';
import { bodyLimitOf } from '../http/body-limits';

const expect400 = (body: any, field: string, rule: string) => {
  assert.equal(body.code, 400, JSON.stringify(body));
  assert.deepEqual(body.data, { field, rule });
  assert.equal(body.msg, `${field}: ${rule}`);
};

test('register: each validation rule answers code 400 with field and rule, HTTP 200', async (t) => {
  const s = await startServer(t);
  const cases: [Record<string, unknown>, string, string][] = [
    [{ username: undefined }, 'username', 'required'],
    [{ username: '   ' }, 'username', 'required'],
    [{ username: 'ab' }, 'username', 'username'],
    [{ username: 'x'.repeat(33) }, 'username', 'username'],
    [{ username: 'bad name!' }, 'username', 'username'],
    [{ username: 12345 }, 'username', 'type'],
    [{ password: undefined }, 'password', 'required'],
    [{ password: '123', confirm_password: '123' }, 'password', 'minLength'],
    [{ password: 12345678 }, 'password', 'type'],
    [{ confirm_password: undefined }, 'confirm_password', 'required'],
    [{ confirm_password: 'different1' }, 'confirm_password', 'mismatch'],
    [{ email: undefined }, 'email', 'required'],
    [{ email: 'not-an-email' }, 'email', 'email'],
    [{ email: 'a@b' }, 'email', 'email'],
    [{ phone: undefined }, 'phone', 'required'],
    [{ phone: '12ab' }, 'phone', 'phone'],
    [{ phone: '123' }, 'phone', 'phone'],
    [{ license_key: undefined }, 'license_key', 'required'],
    [{ license_key: ['DEMO-LICENSE'] }, 'license_key', 'type'],
    [{ terms: false }, 'terms', 'terms'],
    [{ terms: undefined }, 'terms', 'terms'],
    [{ terms: 'yes' }, 'terms', 'terms'],
    [{ lang: 'xx' }, 'lang', 'enum'],
    [{ nickname: 'x'.repeat(33) }, 'nickname', 'maxLength'],
  ];
  for (const [over, field, rule] of cases) {
    const r = await s.call('authRegister', validRegistration(over));
    assert.equal(r.status, 200);
    expect400(r.body, field, rule);
  }
  // Nothing was created by the failures.
  const created = await s.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(lowerOf('users.username'), '=', 'newshop')
    .executeTakeFirstOrThrow();
  assert.equal(created.n, 0);
});

test('login, update password and the v2 calls validate too', async (t) => {
  const s = await startServer(t);
  expect400((await s.call('authLogin', { password: 'x' })).body, 'username', 'required');
  expect400((await s.call('authLogin', { username: 'demo' })).body, 'password', 'required');
  expect400((await s.call('authLogin', { username: 'demo', password: true })).body, 'password', 'type');
  expect400((await s.call('authLogin', { username: { $ne: 1 }, password: 'x' })).body, 'username', 'type');
  expect400((await s.call('loginV2', { entry: 'partner' })).body, 'uid', 'required');
  expect400((await s.call('registerV2', { entry: 'partner', uid: 'u', lang: 'klingon' })).body, 'lang', 'enum');
  expect400((await s.call('langV2', {})).body, 'entry', 'required');
  expect400((await s.call('basicConfig', { lang: 'xx' })).body, 'lang', 'enum');
  const token = await s.login();
  expect400(
    (
      await s.call(
        'updatePassword',
        { old_password: 'demo1234', new_password: 'demo1234', confirm_password: 'demo1234' },
        token,
      )
    ).body,
    'new_password',
    'same',
  );
  expect400(
    (
      await s.call(
        'updatePassword',
        { old_password: 'demo1234', new_password: 'newpass1', confirm_password: 'newpass2' },
        token,
      )
    ).body,
    'confirm_password',
    'mismatch',
  );
  expect400((await s.call('userInfoEdit', { email: 'nope' }, token)).body, 'email', 'email');
  expect400((await s.call('openingStore', {}, token)).body, 'auth_code', 'required');
});

test('unknown fields are ignored and not stored or echoed', async (t) => {
  const s = await startServer(t);
  const r = await s.call(
    'authRegister',
    validRegistration({ is_admin: true, state: 'active', balance: '1000000.00', entry: 'partner' }),
  );
  assert.equal(r.body.code, 200);
  assert.deepEqual(Object.keys(r.body.data).sort(), ['expires_at', 'token']);
  const info = await s.call('userInfo', {}, r.body.data.token);
  assert.equal(info.body.data.entry, 'register');
  assert.doesNotMatch(info.text, /is_admin|1000000/);
});

test('malformed JSON, wrong content type, empty and huge bodies → code 400 envelopes, never a stack trace', async (t) => {
  const s = await startServer(t);
  const raw = (body: string, type = 'application/json') =>
    s.request('/api/auth/login', { method: 'POST', headers: { 'content-type': type }, body });

  for (const bad of [
    '{"username":"demo",',
    '{bad json}',
    'null x',
    '{"__proto__":{"admin":true},"username":"a","password":"b"}',
  ]) {
    const r = await raw(bad);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { code: 400, msg: 'body: type', data: { field: 'body', rule: 'type' } }, bad);
  }
  const plain = await raw('username=demo&password=demo1234', 'text/plain');
  assert.deepEqual(plain.body, { code: 400, msg: 'body: type', data: { field: 'body', rule: 'type' } });
  const form = await raw('username=demo&password=demo1234', 'application/x-www-form-urlencoded');
  assert.equal(form.body.code, 400);

  // Empty JSON body is {}: the missing fields are reported.
  const empty = await raw('');
  assert.deepEqual(empty.body.data, { field: 'username', rule: 'required' });
  // A JSON array or scalar is not an object: fields are missing.
  assert.equal((await raw('[1,2]')).body.data.field, 'username');
  assert.equal((await raw('"demo"')).body.data.field, 'username');

  // Login's limit is what its fields can fill (body-limits.ts), a few kilobytes.
  const limit = bodyLimitOf(endpointOf('authLogin').schema);
  const huge = JSON.stringify({ username: 'demo', password: 'demo1234', pad: 'x'.repeat(limit) });
  const big = await raw(huge);
  assert.equal(big.status, 200);
  assert.deepEqual(big.body, { code: 400, msg: 'body: maxLength', data: { field: 'body', rule: 'maxLength' } });

  // Just under the limit is fine (and the unknown field is ignored).
  const ok = await raw(JSON.stringify({ username: 'demo', password: 'demo1234', pad: 'x'.repeat(limit - 100) }));
  assert.equal(ok.body.code, 200);

  // The server still works afterwards.
  assert.equal((await s.request('/api/health')).body.code, 200);
});

test('unknown API paths and methods → HTTP 404 with code 405 not_found (never code 404)', async (t) => {
  const s = await startServer(t);
  for (const [method, path] of [
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api/auth/login'],
    ['POST', '/api/user/info'],
    ['GET', '/api'],
    ['DELETE', '/api/user/info'],
  ] as const) {
    const r = await s.request(path, {
      method,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
    });
    assert.equal(r.status, 404, `${method} ${path}`);
    assert.deepEqual(r.body, { code: 405, msg: 'Not found', data: { reason: 'not_found' } });
  }
  // Every contract call is routed now (the wallet's came last); a path beside one is still unknown.
  assert.equal((await s.request('/api/acceptor/order/nope')).status, 404);
  // A broken URL encoding is a bad request, not a crash.
  for (const path of ['/api/basic_config?lang=%E0%A4%A', '/api/%E0%A4%A']) {
    const bad = await s.request(path);
    assert.equal(bad.status, 200, path);
    assert.equal(bad.body.code, 400, path);
  }
});

test('the test API exists only when enabled', async (t) => {
  const s = await startServer(t, { testApi: false });
  const r = await s.post('/api/__test__/expire-tokens', { username: 'demo' });
  assert.equal(r.status, 404);
  assert.equal(r.body.code, 405);
  assert.equal((await s.post('/api/__test__/set-state', { username: 'demo', state: 'deleted' })).status, 404);
});

test('an unexpected error → code 500 "Server error", logged, without details', async (t) => {
  const s = await startServer(t, {
    beforeListen: (app) => {
      app.get('/api/__boom__', async () => {
        throw new Error('secret internal detail at /work/main/server/x.ts:12:3');
      });
    },
  });
  const r = await s.request('/api/__boom__');
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { code: 500, msg: 'Server error', data: {} });
  assert.doesNotMatch(r.text, /secret/);
});

test('X-TZ is read leniently: garbage never breaks a call', async (t) => {
  const s = await startServer(t);
  for (const tz of [
    'Asia/Shanghai; GMT+08:00',
    'garbage',
    ';;;',
    'Mars/Olympus; GMT+99:00',
    'GMT-03:30',
    'x'.repeat(5000),
    '',
  ]) {
    const r = await s.request('/api/basic_config', { headers: { 'X-TZ': tz } });
    assert.equal(r.body.code, 200, tz);
  }
});
