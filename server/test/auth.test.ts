import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORD_COST } from '../lib/crypto';
import { startServer, testClock, validRegistration } from './helpers';
import { FIXTURE_PASSWORD_COST } from './fixture-cost';

test('a server hashes passwords at the real scrypt cost unless told otherwise; servers the suite starts and the merchants the test API makes hash cheaper, and each verifies either kind', async (t) => {
  const stored = async (s: Awaited<ReturnType<typeof startServer>>, username: string) =>
    (await s.db.selectFrom('users').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow())
      .password_hash;
  const real = await startServer(t, { passwordCost: undefined });
  assert.equal((await real.call('authRegister', validRegistration({ username: 'realcost' }))).body.code, 200);
  assert.match(
    (await stored(real, 'realcost'))!,
    new RegExp(`^scrypt\\$${PASSWORD_COST.N}\\$${PASSWORD_COST.r}\\$${PASSWORD_COST.p}\\$`),
  );
  assert.equal(PASSWORD_COST.N, 16384);
  // The seeded demo's hash is a fixture at the suite's cost; the real-cost server still takes it, by its own cost.
  assert.match((await stored(real, 'demo'))!, new RegExp(`^scrypt\\$${FIXTURE_PASSWORD_COST.N}\\$`));
  assert.ok(await real.login());
  // The test API's merchants are fixtures: their transaction password is hashed at the fixtures' cost anywhere.
  const made = await real.post('/api/__test__/merchant', { pay_password: '246810' });
  const { pay_password_hash: payHash } = await real.db
    .selectFrom('users')
    .select('pay_password_hash')
    .where('username', '=', made.body.data.username)
    .executeTakeFirstOrThrow();
  assert.match(payHash!, new RegExp(`^scrypt\\$${FIXTURE_PASSWORD_COST.N}\\$`));

  const cheap = await startServer(t);
  assert.equal((await cheap.call('authRegister', validRegistration({ username: 'cheapcost' }))).body.code, 200);
  assert.match((await stored(cheap, 'cheapcost'))!, new RegExp(`^scrypt\\$${FIXTURE_PASSWORD_COST.N}\\$`));
});

test('register → token → user info; lang defaults to en; entry register; store not opened', async (t) => {
  const s = await startServer(t);
  const r = await s.call('authRegister', validRegistration());
  assert.equal(r.status, 200);
  assert.equal(r.body.code, 200);
  assert.equal(r.body.msg, 'success');
  assert.match(r.body.data.token, /^[A-Za-z0-9_-]{43}$/);
  const expires = Date.parse(r.body.data.expires_at);
  assert.ok(Math.abs(expires - (Date.now() + 7 * 24 * 3600 * 1000)) < 60_000);

  const info = await s.call('userInfo', {}, r.body.data.token);
  assert.equal(info.body.code, 200);
  const u = info.body.data;
  assert.equal(u.username, 'newshop');
  assert.equal(u.nickname, 'New Shop');
  assert.equal(u.email, 'new@example.com');
  assert.equal(u.phone, '+44 20 7946 0958');
  assert.equal(u.entry, 'register');
  assert.equal(u.lang, 'en');
  assert.equal(u.store_opened, false);
  assert.equal(u.avatar, '');
  assert.equal(typeof u.id, 'number');
  assert.equal(typeof u.credit_score, 'number');
  assert.equal(typeof u.level, 'number');
  assert.match(u.proxy_id, /^\d{8}$/);
  // No lists of its own: the client shows basic config's (user info's lists are optional).
  assert.equal(u.customer_service_url, undefined);
  assert.equal(u.recharge_customer_service_url, undefined);

  // Tokens and passwords are stored hashed.
  const row = await s.db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', 'newshop')
    .executeTakeFirstOrThrow();
  assert.match(row.password_hash!, /^scrypt\$/);
  assert.doesNotMatch(row.password_hash!, /secret123/);
  const tokens = await s.db.selectFrom('tokens').select('token_hash').execute();
  assert.ok(tokens.every((x) => x.token_hash !== r.body.data.token && /^[0-9a-f]{64}$/.test(x.token_hash)));

  // A wallet row comes with every user.
  assert.ok(await s.db.selectFrom('wallets').select('user_id').where('user_id', '=', u.id).executeTakeFirst());

  // The new account can log in, with the chosen lang kept.
  const r2 = await s.call('authRegister', validRegistration({ username: 'shop.de', lang: 'de' }));
  const info2 = await s.call('userInfo', {}, r2.body.data.token);
  assert.equal(info2.body.data.lang, 'de');
  assert.equal(info2.body.data.nickname, 'New Shop');
  await s.login('shop.de', 'secret123');
});

test('duplicate username (case-insensitive) → 405 user_exists', async (t) => {
  const s = await startServer(t);
  for (const username of ['demo', 'DEMO', 'Demo']) {
    const r = await s.call('authRegister', validRegistration({ username }));
    assert.equal(r.body.code, 405);
    assert.equal(r.body.data.reason, 'user_exists');
    assert.equal(typeof r.body.msg, 'string');
  }
  assert.equal((await s.call('authRegister', validRegistration())).body.code, 200);
  assert.equal(
    (await s.call('authRegister', validRegistration({ username: 'NEWSHOP' }))).body.data.reason,
    'user_exists',
  );
});

test('license keys: unknown → license_invalid; single-use keys work once; DEMO-LICENSE is reusable', async (t) => {
  const s = await startServer(t);
  const bad = await s.call('authRegister', validRegistration({ license_key: 'NOPE' }));
  assert.equal(bad.body.code, 405);
  assert.equal(bad.body.data.reason, 'license_invalid');
  // The failed registration left nothing behind (one transaction).
  assert.equal(
    await s.db.selectFrom('users').select('id').where('username', '=', 'newshop').executeTakeFirst(),
    undefined,
  );

  await s.db.insertInto('license_keys').values({ code: 'ONE-TIME', created_at: '2024-01-01T00:00:00Z' }).execute();
  await s.db
    .insertInto('license_keys')
    .values({ code: 'OFF', disabled: 1, created_at: '2024-01-01T00:00:00Z' })
    .execute();
  assert.equal(
    (await s.call('authRegister', validRegistration({ username: 'first', license_key: 'one-time' }))).body.code,
    200,
  );
  assert.equal(
    (await s.call('authRegister', validRegistration({ username: 'second', license_key: 'ONE-TIME' }))).body.data.reason,
    'license_invalid',
  );
  assert.equal(
    (await s.call('authRegister', validRegistration({ username: 'third', license_key: 'OFF' }))).body.data.reason,
    'license_invalid',
  );
  const used = await s.db
    .selectFrom('license_keys')
    .select(['used_by', 'used_at'])
    .where('code', '=', 'ONE-TIME')
    .executeTakeFirstOrThrow();
  assert.ok(used.used_by! > 0 && used.used_at);
  for (const username of ['again1', 'again2']) {
    assert.equal((await s.call('authRegister', validRegistration({ username }))).body.code, 200);
  }
});

test('login: success, wrong password and unknown user give the same 405 wrong_credentials', async (t) => {
  const s = await startServer(t);
  const ok = await s.call('authLogin', { username: 'demo', password: 'demo1234' });
  assert.equal(ok.body.code, 200);
  assert.ok(ok.body.data.token && ok.body.data.expires_at);
  // Usernames are case-insensitive at login too.
  assert.equal((await s.call('authLogin', { username: 'DEMO', password: 'demo1234' })).body.code, 200);

  const wrong = await s.call('authLogin', { username: 'demo', password: 'demo12345' });
  const unknown = await s.call('authLogin', { username: 'nobody', password: 'demo1234' });
  const partner = await s.call('authLogin', { username: 'partner:p-1001', password: 'demo1234' });
  for (const r of [wrong, unknown, partner]) {
    assert.equal(r.body.code, 405);
    assert.deepEqual(r.body.data, { reason: 'wrong_credentials' });
    assert.equal(r.body.msg, wrong.body.msg);
  }
  // Passwords are not trimmed.
  assert.equal((await s.call('authLogin', { username: 'demo', password: ' demo1234' })).body.code, 405);
});

test('account states: 402/403/404 with data.lang on login', async (t) => {
  const s = await startServer(t);
  for (const [username, code, lang] of [
    ['inactive', 402, 'en'],
    ['disabled', 403, 'de'],
    ['deleted', 404, 'fr'],
  ] as const) {
    const r = await s.call('authLogin', { username, password: 'demo1234' });
    assert.equal(r.status, 200);
    assert.equal(r.body.code, code, username);
    assert.deepEqual(r.body.data, { lang });
    assert.match(r.body.msg, /customer service/);
  }
  // The wrong password is checked first: no state is revealed without it.
  assert.equal((await s.call('authLogin', { username: 'disabled', password: 'nope' })).body.code, 405);
});

test('account states on an authenticated call: 402/403/404 with the user lang', async (t) => {
  const s = await startServer(t);
  const token = await s.login();
  for (const [state, code] of [
    ['not_activated', 402],
    ['disabled', 403],
    ['deleted', 404],
  ] as const) {
    assert.equal((await s.post('/api/__test__/set-state', { username: 'demo', state })).body.code, 200);
    const r = await s.call('userInfo', {}, token);
    assert.equal(r.body.code, code);
    assert.deepEqual(r.body.data, { lang: 'en' });
  }
  assert.equal((await s.call('userInfoEdit', { nickname: 'x' }, token)).body.code, 404); // still blocked
  await s.db.updateTable('users').set({ lang: 'vi' }).where('username', '=', 'demo').execute();
  assert.deepEqual((await s.call('userInfo', {}, token)).body.data, { lang: 'vi' });
  await s.post('/api/__test__/set-state', { username: 'demo', state: 'active' });
  assert.equal((await s.call('userInfo', {}, token)).body.code, 200);
  // The test route validates its input.
  assert.equal((await s.post('/api/__test__/set-state', { username: 'demo', state: 'god' })).body.code, 400);
  assert.equal(
    (await s.post('/api/__test__/set-state', { username: 'ghost', state: 'active' })).body.data.reason,
    'not_found',
  );
});

test('tokens: missing or unknown → 401; expired → 503', async (t) => {
  const s = await startServer(t);
  const noToken = await s.call('userInfo', {});
  assert.deepEqual(noToken.body, { code: 401, msg: 'User not authorized', data: {} });
  assert.equal(noToken.status, 200);
  for (const bad of ['nope', 'x'.repeat(500), ' ']) {
    assert.equal((await s.call('userInfo', {}, bad)).body.code, 401);
  }
  // Auth is checked before validation on protected calls.
  assert.equal((await s.call('openingStore', {})).body.code, 401);

  const token = await s.login();
  const other = await s.login('demo');
  assert.equal((await s.call('userInfo', {}, token)).body.code, 200);
  const exp = await s.post('/api/__test__/expire-tokens', { username: 'demo' });
  assert.deepEqual(exp.body, { code: 200, msg: 'success', data: { expired: 2 } });
  for (const t2 of [token, other]) {
    assert.deepEqual((await s.call('userInfo', {}, t2)).body, {
      code: 503,
      msg: 'Login expired, please log in again',
      data: {},
    });
  }
  // Logging in again gives a fresh token.
  assert.equal((await s.call('userInfo', {}, await s.login())).body.code, 200);
});

test('token TTL option is honoured', async (t) => {
  const clock = testClock();
  const s = await startServer(t, { tokenTtlSeconds: 60, clock });
  const r = await s.call('authLogin', { username: 'demo', password: 'demo1234' });
  assert.equal(Date.parse(r.body.data.expires_at), clock() + 60_000);
  clock.advance(59_999);
  assert.equal((await s.call('userInfo', {}, r.body.data.token)).body.code, 200, 'valid up to its last millisecond');
  clock.advance(1);
  assert.equal((await s.call('userInfo', {}, r.body.data.token)).body.code, 503);
});

test('update password: wrong old → 405; success revokes every session and the new password works', async (t) => {
  const s = await startServer(t);
  const token = await s.login();
  const second = await s.login();
  const wrong = await s.call(
    'updatePassword',
    { old_password: 'nope1234', new_password: 'newpass1', confirm_password: 'newpass1' },
    token,
  );
  assert.equal(wrong.body.code, 405);
  assert.equal(wrong.body.data.reason, 'wrong_old_password');
  assert.equal((await s.call('userInfo', {}, token)).body.code, 200);

  const r = await s.call(
    'updatePassword',
    { old_password: 'demo1234', new_password: 'newpass1', confirm_password: 'newpass1' },
    token,
  );
  assert.deepEqual(r.body, { code: 200, msg: 'success', data: { ok: true } });
  for (const t2 of [token, second]) assert.equal((await s.call('userInfo', {}, t2)).body.code, 503);
  assert.equal((await s.call('authLogin', { username: 'demo', password: 'demo1234' })).body.code, 405);
  const fresh = await s.login('demo', 'newpass1');
  assert.equal((await s.call('userInfo', {}, fresh)).body.code, 200);
});

test('user info edit updates only the given fields', async (t) => {
  const s = await startServer(t);
  const token = await s.login();
  const before = (await s.call('userInfo', {}, token)).body.data;
  assert.equal(before.username, 'demo');
  assert.equal(before.store_opened, true);
  assert.equal(before.entry, 'register');

  const r = await s.call(
    'userInfoEdit',
    { nickname: 'Renamed', lang: 'th', username: 'hacker', store_opened: true, entry: 'x' },
    token,
  );
  assert.equal(r.body.code, 200);
  assert.equal(r.body.data.nickname, 'Renamed');
  assert.equal(r.body.data.lang, 'th');
  assert.equal(r.body.data.username, 'demo');
  assert.equal(r.body.data.entry, 'register');
  assert.equal(r.body.data.email, before.email);

  const r2 = await s.call(
    'userInfoEdit',
    { email: 'new@shop.example', phone: '+1 202 555 0143', avatar: 'https://example.com/a.png' },
    token,
  );
  assert.equal(r2.body.data.email, 'new@shop.example');
  assert.equal(r2.body.data.phone, '+1 202 555 0143');
  assert.equal(r2.body.data.avatar, 'https://example.com/a.png');
  assert.equal(r2.body.data.nickname, 'Renamed');
  // An empty edit changes nothing and still answers the info.
  assert.deepEqual((await s.call('userInfoEdit', {}, token)).body.data, r2.body.data);
  assert.deepEqual((await s.call('userInfo', {}, token)).body.data, r2.body.data);
});

test('unread count: what the seed left unread, then what the test route adds; needs a token', async (t) => {
  const s = await startServer(t);
  const anon = await s.call('unreadNotificationsCount', {});
  assert.equal(anon.body.code, 401);
  const token = await s.login();
  const before = await s.call('unreadNotificationsCount', {}, token);
  assert.equal(before.body.code, 200);
  const seeded = before.body.data.unread_total;
  assert.ok(seeded > 0, 'the demo has unread messages (notifications.test.ts checks which)');
  const added = await s.post('/api/__test__/notify', { username: 'demo', count: 3 });
  assert.equal(added.body.data.unread_total, seeded + 3);
  const after = await s.call('unreadNotificationsCount', {}, token);
  assert.equal(after.body.data.unread_total, seeded + 3);
});

test('parallel registrations: a username is taken once (the others user_exists), a single-use key used once (the others license_invalid), never a 500', async (t) => {
  const s = await startServer(t, {
    attemptLimit: { max: 100, windowSeconds: 600 },
    cpuGate: { perClientInFlight: 1000, perClientPerMinute: 100_000, queued: 1000 },
  });
  const same = await Promise.all(
    Array.from({ length: 8 }, () => s.call('authRegister', validRegistration({ username: 'racer' }))),
  );
  assert.deepEqual(
    same.map((r) => r.body.data.reason ?? r.body.code).sort(),
    [200, ...Array(7).fill('user_exists')],
    same.map((r) => r.text).join('\n'),
  );

  await s.db.insertInto('license_keys').values({ code: 'ONLY-ONCE', created_at: '2024-01-01T00:00:00Z' }).execute();
  const once = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      s.call('authRegister', validRegistration({ username: `once${i}`, license_key: 'ONLY-ONCE' })),
    ),
  );
  assert.deepEqual(
    once.map((r) => r.body.data.reason ?? r.body.code).sort(),
    [200, ...Array(7).fill('license_invalid')],
    once.map((r) => r.text).join('\n'),
  );
  // The losers left nothing behind: one user for the key, and it is the key's.
  const made = await s.db.selectFrom('users').select('id').where('username', 'like', 'once%').execute();
  assert.equal(made.length, 1);
  const key = await s.db
    .selectFrom('license_keys')
    .select('used_by')
    .where('code', '=', 'ONLY-ONCE')
    .executeTakeFirstOrThrow();
  assert.equal(key.used_by, made[0].id);
});
