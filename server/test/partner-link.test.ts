/**
 * Partner entry links are signed (attacks first): the uid alone opens nothing, a forged, expired, replayed or
 * borrowed signature opens nothing, and registration changes a partner user only with the entry ticket that a
 * valid link for that very user was answered with.
 *
 * The signature is computed here from the documented format, not with the server's own function, so the test
 * also pins what partners implement: lowercase hex HMAC-SHA256(secret, "merchant-ads-entry/v1\n<entry>\n<uid>\n<ts>").
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { startServer, type TestServer } from './helpers';

const SECRETS: Record<string, string> = { partner: 'demo-partner-secret', 'partner-de': 'demo-partner-de-secret' };
const now = () => Math.floor(Date.now() / 1000);

function sign(entry: string, uid: string, ts: number, secret = SECRETS[entry]): string {
  return createHmac('sha256', secret).update(`merchant-ads-entry/v1\n${entry}\n${uid}\n${ts}`, 'utf8').digest('hex');
}
const link = (entry: string, uid: string, o: { ts?: number; secret?: string } = {}) => {
  const ts = o.ts ?? now();
  return { entry, uid, ts: String(ts), sig: sign(entry, uid, ts, o.secret) };
};

const nicknameOf = (s: TestServer, username: string) =>
  s.db.selectFrom('users').select(['nickname', 'lang']).where('username', '=', username).executeTakeFirstOrThrow();

/** Moves every entry ticket's expiry `ms` earlier: the time a merchant took. */
const ageTickets = (s: TestServer, ms: number) =>
  s.db
    .updateTable('entry_tickets')
    .set((eb) => ({ expires_at: eb('expires_at', '-', ms) }))
    .execute();

/** Asserts a refused link: code 405 with the reason, and no token anywhere in the answer. */
function assertRefused(body: any, reason: string) {
  assert.equal(body.code, 405, JSON.stringify(body));
  assert.equal(body.data.reason, reason, JSON.stringify(body));
  assert.equal(body.data.token, undefined);
  assert.equal(body.data.ticket, undefined);
}

test('attack: the uid alone (an unsigned link) opens nothing', async (t) => {
  const s = await startServer(t);
  assertRefused((await s.call('loginV2', { entry: 'partner', uid: 'p-1001' })).body, 'entry_link_invalid');
  // Nor does it hand out a ticket for a user who does not exist yet.
  assertRefused((await s.call('loginV2', { entry: 'partner', uid: 'brand-new' })).body, 'entry_link_invalid');
});

test("attack: a forged signature, another partner's key, a signature for another uid or time open nothing", async (t) => {
  const s = await startServer(t);
  const ts = String(now());
  assertRefused(
    (await s.call('loginV2', { entry: 'partner', uid: 'p-1001', ts, sig: 'ab'.repeat(32) })).body,
    'entry_link_invalid',
  );
  assertRefused(
    (await s.call('loginV2', { entry: 'partner', uid: 'p-1001', ts, sig: 'not hex' })).body,
    'entry_link_invalid',
  );
  assertRefused(
    (await s.call('loginV2', link('partner', 'p-1001', { secret: SECRETS['partner-de'] }))).body,
    'entry_link_invalid',
  );
  const other = link('partner', 'p-2000');
  assertRefused((await s.call('loginV2', { ...other, uid: 'p-1001' })).body, 'entry_link_invalid');
  const earlier = link('partner', 'p-1001', { ts: now() - 10 });
  assertRefused((await s.call('loginV2', { ...earlier, ts: String(now()) })).body, 'entry_link_invalid');
  // Upper-case hex of the right signature is the same bytes: accepted (partners' libraries differ).
  const upper = link('partner', 'p-1001');
  assert.equal((await s.call('loginV2', { ...upper, sig: upper.sig.toUpperCase() })).body.code, 200);
});

test('attack: an expired link (older than 5 minutes) or one from the future opens nothing', async (t) => {
  const s = await startServer(t);
  assertRefused((await s.call('loginV2', link('partner', 'p-1001', { ts: now() - 3600 }))).body, 'entry_link_expired');
  assertRefused((await s.call('loginV2', link('partner', 'p-1001', { ts: now() - 301 }))).body, 'entry_link_expired');
  assertRefused((await s.call('loginV2', link('partner', 'p-1001', { ts: now() + 600 }))).body, 'entry_link_invalid');
  // Within the window, and a clock slightly ahead of ours, both work.
  assert.equal((await s.call('loginV2', link('partner', 'p-1001', { ts: now() - 240 }))).body.code, 200);
  assert.equal((await s.call('loginV2', link('partner', 'p-1001', { ts: now() + 30 }))).body.code, 200);
});

test('attack: a link that was used once (history, Referer, a log) cannot be replayed', async (t) => {
  const s = await startServer(t);
  const once = link('partner', 'p-1001');
  assert.equal((await s.call('loginV2', once)).body.code, 200);
  assertRefused((await s.call('loginV2', once)).body, 'entry_link_expired');
  const fresh = link('partner', 'fresh-1');
  assert.equal((await s.call('loginV2', fresh)).body.code, 401);
  assertRefused((await s.call('loginV2', fresh)).body, 'entry_link_expired');
});

test('attack: registerV2 without a ticket cannot rewrite (or sign in as) an existing partner user', async (t) => {
  const s = await startServer(t);
  const r = await s.call('registerV2', { entry: 'partner', uid: 'p-1001', nickname: 'Hijacked', lang: 'ru' });
  assert.notEqual(r.body.code, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.token, undefined);
  assert.deepEqual(await nicknameOf(s, 'partner:p-1001'), { nickname: 'Partner store', lang: 'en' });
  // A made-up ticket fails the same way.
  const forged = await s.call('registerV2', {
    entry: 'partner',
    uid: 'p-1001',
    nickname: 'Hijacked',
    ticket: 'x'.repeat(43),
  });
  assert.equal(forged.body.code, 405);
  assert.equal(forged.body.data.reason, 'entry_link_expired');
  assert.deepEqual(await nicknameOf(s, 'partner:p-1001'), { nickname: 'Partner store', lang: 'en' });
});

test('attack: a ticket issued for one uid (or partner) does not register another', async (t) => {
  const s = await startServer(t);
  const first = await s.call('loginV2', link('partner', 'mine'));
  assert.equal(first.body.code, 401);
  const ticket = first.body.data.ticket as string;
  assert.match(ticket, /^[A-Za-z0-9_-]{40,}$/);
  for (const [entry, uid] of [
    ['partner', 'p-1001'],
    ['partner-de', 'mine'],
  ] as const) {
    const r = await s.call('registerV2', { entry, uid, nickname: 'Hijacked', ticket });
    assert.equal(r.body.code, 405, JSON.stringify(r.body));
    assert.equal(r.body.data.reason, 'entry_link_expired');
  }
  assert.equal((await nicknameOf(s, 'partner:p-1001')).nickname, 'Partner store');
  // The ticket still works for its own user, once.
  assert.equal((await s.call('registerV2', { entry: 'partner', uid: 'mine', ticket })).body.code, 200);
  assert.equal(
    (await s.call('registerV2', { entry: 'partner', uid: 'mine', ticket })).body.data.reason,
    'entry_link_expired',
  );
});

test('a valid link: existing user → token; new user → 401 {lang, ticket}; the ticket outlives the link (30 minutes)', async (t) => {
  const s = await startServer(t);
  const login = await s.call('loginV2', link('partner', 'p-1001'));
  assert.equal(login.body.code, 200);
  assert.equal((await s.call('userInfo', {}, login.body.data.token)).body.data.username, 'partner:p-1001');

  const first = await s.call('loginV2', link('partner-de', 'slow-merchant'));
  assert.equal(first.body.code, 401);
  assert.equal(first.body.data.lang, 'de');
  const ticket = first.body.data.ticket as string;
  // The merchant took 20 minutes to find the authorization code: the link is long expired, the ticket is not.
  await ageTickets(s, 20 * 60 * 1000);
  const reg = await s.call('registerV2', { entry: 'partner-de', uid: 'slow-merchant', nickname: 'Laden', ticket });
  assert.equal(reg.body.code, 200, JSON.stringify(reg.body));
  assert.equal((await s.call('userInfo', {}, reg.body.data.token)).body.data.nickname, 'Laden');

  // After 30 minutes it is gone.
  const late = (await s.call('loginV2', link('partner', 'late-merchant'))).body.data.ticket as string;
  await ageTickets(s, 30 * 60 * 1000 + 1);
  assert.equal(
    (await s.call('registerV2', { entry: 'partner', uid: 'late-merchant', ticket: late })).body.data.reason,
    'entry_link_expired',
  );
});

test('a partner without a secret cannot sign links at all', async (t) => {
  const s = await startServer(t);
  await s.db
    .insertInto('partners')
    .values({ entry: 'keyless', name: '', lang: 'en', created_at: '2024-01-01T00:00:00Z' })
    .execute();
  assertRefused((await s.call('loginV2', link('keyless', 'u-1', { secret: '' }))).body, 'entry_link_invalid');
});

test('the test API signs a demo link for a partner; the demo-link script prints one the server accepts', async (t) => {
  const s = await startServer(t);
  const r = await s.request('/api/__test__/partner-link?entry=partner&uid=p-1001');
  assert.equal(r.body.code, 200, r.text);
  const q = new URLSearchParams(r.body.data.query);
  assert.equal(r.body.data.path, `/entry?${r.body.data.query}`);
  assert.equal((await s.call('loginV2', Object.fromEntries(q))).body.code, 200);

  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    'server/partner-link.ts',
    '--entry',
    'partner-de',
    '--uid',
    'script-user',
    '--base',
    `${s.base}/`,
  ]);
  const url = new URL(stdout.trim());
  assert.equal(url.origin, s.base);
  assert.match(url.hash, /^#\/entry\?/);
  const params = Object.fromEntries(new URLSearchParams(url.hash.slice('#/entry?'.length)));
  assert.deepEqual(Object.keys(params).sort(), ['entry', 'sig', 'ts', 'uid']);
  const answer = await s.call('loginV2', params);
  assert.equal(answer.body.code, 401, JSON.stringify(answer.body));
  assert.equal(answer.body.data.lang, 'de');
  assert.ok(answer.body.data.ticket);
});
