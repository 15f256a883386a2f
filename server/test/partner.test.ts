import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryTicket, registerPartnerUser, signedLink } from './entry-links';
import { startServer } from './helpers';

test('v2 flow: signed link 401 with lang and ticket → register → opening store (bad code 405, DEMO-AUTH) → login succeeds', async (t) => {
  const s = await startServer(t);
  const first = await s.call('loginV2', signedLink('partner-de', 'u-42'));
  assert.equal(first.status, 200);
  assert.equal(first.body.code, 401);
  assert.equal(first.body.msg, 'User not authorized');
  assert.deepEqual(Object.keys(first.body.data).sort(), ['lang', 'ticket']);
  assert.equal(first.body.data.lang, 'de');

  const reg = await s.call('registerV2', {
    entry: 'partner-de',
    uid: 'u-42',
    nickname: 'Laden 42',
    ticket: first.body.data.ticket,
  });
  assert.equal(reg.body.code, 200);
  const token = reg.body.data.token;
  const info = (await s.call('userInfo', {}, token)).body.data;
  assert.equal(info.entry, 'partner-de');
  assert.equal(info.lang, 'de');
  assert.equal(info.nickname, 'Laden 42');
  assert.equal(info.store_opened, false);
  assert.equal(info.username, 'partner-de:u-42');

  // Registered but the store is not opened yet: still 401, now with the user's lang (and a new ticket).
  assert.equal((await s.call('loginV2', signedLink('partner-de', 'u-42', 1))).body.data.lang, 'de');

  const bad = await s.call('openingStore', { auth_code: 'WRONG' }, token);
  assert.equal(bad.body.code, 405);
  assert.equal(bad.body.data.reason, 'auth_code_not_found');
  assert.equal((await s.call('userInfo', {}, token)).body.data.store_opened, false);

  const opened = await s.call('openingStore', { auth_code: 'DEMO-AUTH' }, token);
  assert.equal(opened.body.code, 200);
  assert.equal(opened.body.data.store_opened, true);
  assert.equal(opened.body.data.entry, 'partner-de');
  assert.equal(opened.body.data.customer_service_url, undefined, "no contacts of its own: basic config's apply");

  const login = await s.call('loginV2', signedLink('partner-de', 'u-42', 2));
  assert.equal(login.body.code, 200);
  assert.equal((await s.call('userInfo', {}, login.body.data.token)).body.data.username, 'partner-de:u-42');
});

test("v2 login: the language the client names is the 401's, over the partner's and the account's; an unknown one is refused", async (t) => {
  const s = await startServer(t);
  // A new user of a German partner, on a widget the host set to Russian.
  const first = await s.call('loginV2', { ...signedLink('partner-de', 'u-ru'), lang: 'ru' });
  assert.equal(first.body.code, 401);
  assert.equal(first.body.data.lang, 'ru');
  assert.ok(first.body.data.ticket);
  // Registered (in German) but the store is not open: still the named language, and German without one.
  await s.call('registerV2', { entry: 'partner-de', uid: 'u-ru', ticket: first.body.data.ticket });
  assert.equal((await s.call('loginV2', { ...signedLink('partner-de', 'u-ru', 1), lang: 'th' })).body.data.lang, 'th');
  assert.equal((await s.call('loginV2', signedLink('partner-de', 'u-ru', 2))).body.data.lang, 'de');
  const bad = await s.call('loginV2', { ...signedLink('partner-de', 'u-ru', 3), lang: 'xx' });
  assert.equal(bad.body.code, 400);
});

test('v2 register with a ticket reuses the partner user, updates nickname/lang, and never collides with merchants', async (t) => {
  const s = await startServer(t);
  const seededId = (
    await s.db.selectFrom('users').select('id').where('username', '=', 'partner:p-1001').executeTakeFirstOrThrow()
  ).id;
  // The seeded user has an open store: its link signs in directly.
  assert.equal((await s.call('loginV2', signedLink('partner', 'p-1001'))).body.code, 200);
  // A user whose store is not open yet may change nickname and lang on the welcome page, with its ticket.
  const tokenA = await registerPartnerUser(s, 'partner', 'p-2002');
  const a = (await s.call('userInfo', {}, tokenA)).body.data;
  assert.equal(a.nickname, 'p-2002');
  assert.equal(a.lang, 'en');
  const tokenB = await registerPartnerUser(s, 'partner', 'p-2002', { lang: 'jp', nickname: 'Renamed' });
  const again = (await s.call('userInfo', {}, tokenB)).body.data;
  assert.equal(again.id, a.id);
  assert.equal(again.lang, 'jp');
  assert.equal(again.nickname, 'Renamed');
  // Same uid under another partner is another user; lang defaults to the partner's.
  const other = (await s.call('userInfo', {}, await registerPartnerUser(s, 'partner-de', 'p-1001'))).body.data;
  assert.notEqual(other.id, seededId);
  assert.equal(other.lang, 'de');
  assert.equal(other.username, 'partner-de:p-1001');
  // Unknown entries.
  for (const key of ['loginV2', 'registerV2'] as const) {
    const r = await s.call(key, { entry: 'nope', uid: 'x', ts: '1', sig: 'ab'.repeat(32), ticket: 'x' });
    assert.equal(r.body.code, 405);
    assert.equal(r.body.data.reason, 'not_found');
  }
  // The merchant entry is not a partner.
  assert.equal(
    (await s.call('registerV2', { entry: 'register', uid: 'demo', ticket: 'x' })).body.data.reason,
    'not_found',
  );
});

test('v2 login reports a blocked partner user with its state code and lang', async (t) => {
  const s = await startServer(t);
  await s.post('/api/__test__/set-state', { username: 'partner:p-1001', state: 'disabled' });
  const r = await s.call('loginV2', signedLink('partner', 'p-1001'));
  assert.equal(r.body.code, 403);
  assert.deepEqual(r.body.data, { lang: 'en' });
  // A blocked user whose store is not open gets no ticket either, and registering with an old one is refused.
  const ticket = await entryTicket(s, 'partner', 'blocked-later');
  assert.equal((await s.call('registerV2', { entry: 'partner', uid: 'blocked-later', ticket })).body.code, 200);
  await s.post('/api/__test__/set-state', { username: 'partner:blocked-later', state: 'disabled' });
  const late = await s.call('loginV2', signedLink('partner', 'blocked-later'));
  assert.equal(late.body.code, 403);
  assert.equal(late.body.data.ticket, undefined);
});

test('lang v2: the partner language, 405 not_found for an unknown entry', async (t) => {
  const s = await startServer(t);
  assert.deepEqual((await s.call('langV2', { entry: 'partner' })).body, {
    code: 200,
    msg: 'success',
    data: { lang: 'en' },
  });
  assert.deepEqual((await s.call('langV2', { entry: 'partner-de' })).body.data, { lang: 'de' });
  const r = await s.call('langV2', { entry: 'ghost' });
  assert.equal(r.body.code, 405);
  assert.equal(r.body.data.reason, 'not_found');
});

test('authorization codes: single-use codes open one store; DEMO-AUTH is reusable; an open store keeps its code', async (t) => {
  const s = await startServer(t);
  await s.db.insertInto('auth_codes').values({ code: 'ONCE', created_at: '2024-01-01T00:00:00Z' }).execute();
  const u1 = await registerPartnerUser(s, 'partner', 'a');
  const u2 = await registerPartnerUser(s, 'partner', 'b');
  const u3 = await registerPartnerUser(s, 'partner', 'c');
  assert.equal((await s.call('openingStore', { auth_code: 'once' }, u1)).body.code, 200);
  assert.equal((await s.call('openingStore', { auth_code: 'ONCE' }, u2)).body.data.reason, 'auth_code_not_found');
  assert.equal((await s.call('openingStore', { auth_code: 'DEMO-AUTH' }, u2)).body.code, 200);
  assert.equal((await s.call('openingStore', { auth_code: 'DEMO-AUTH' }, u3)).body.code, 200);
  // Merchants open their store the same way; an already open store does not consume a single-use code.
  await s.db.insertInto('auth_codes').values({ code: 'TWICE', created_at: '2024-01-01T00:00:00Z' }).execute();
  const demo = await s.login();
  assert.equal((await s.call('openingStore', { auth_code: 'TWICE' }, demo)).body.code, 200);
  assert.equal(
    (await s.db.selectFrom('auth_codes').select('used_by').where('code', '=', 'TWICE').executeTakeFirstOrThrow())
      .used_by,
    null,
  );
  assert.equal((await s.call('openingStore', { auth_code: 'TWICE' }, u1)).body.code, 200);
  // Needs a token.
  assert.equal((await s.call('openingStore', { auth_code: 'DEMO-AUTH' })).body.code, 401);
});

test('parallel openings of one store with two single-use codes: the store opens once and uses up one code only', async (t) => {
  const s = await startServer(t);
  await s.db.insertInto('auth_codes').values({ code: 'FIRST', created_at: '2024-01-01T00:00:00Z' }).execute();
  await s.db.insertInto('auth_codes').values({ code: 'SECOND', created_at: '2024-01-01T00:00:00Z' }).execute();
  const token = await registerPartnerUser(s, 'partner', 'twice-opened');
  const both = await Promise.all(['FIRST', 'SECOND'].map((auth_code) => s.call('openingStore', { auth_code }, token)));
  assert.deepEqual(
    both.map((r) => r.body.code),
    [200, 200],
    both.map((r) => r.text).join('\n'),
  );
  const used = await s.db.selectFrom('auth_codes').select('used_by').where('code', 'in', ['FIRST', 'SECOND']).execute();
  assert.equal(
    used.filter((c) => c.used_by !== null).length,
    1,
    'one code opened the store; the other was only checked',
  );
});

test('parallel first registrations of one partner user (two tickets): one user, both get a session, never a 500', async (t) => {
  const s = await startServer(t);
  const tickets = [await entryTicket(s, 'partner', 'twin'), await entryTicket(s, 'partner', 'twin')];
  const both = await Promise.all(
    tickets.map((ticket) => s.call('registerV2', { entry: 'partner', uid: 'twin', ticket })),
  );
  assert.deepEqual(
    both.map((r) => r.body.code),
    [200, 200],
    both.map((r) => r.text).join('\n'),
  );
  const users = await s.db
    .selectFrom('users')
    .select('id')
    .where('entry', '=', 'partner')
    .where('partner_uid', '=', 'twin')
    .execute();
  assert.equal(users.length, 1);
});
