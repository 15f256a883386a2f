/**
 * A stolen session alone must not be enough to set the first transaction password, bind a payout account with it
 * and withdraw. Replayed over HTTP against a real server:
 *   - setting the first transaction password needs the login password too (a field error when it is wrong), and
 *     wrong login passwords are limited with the old-password guesses of a login-password change (per merchant,
 *     reserved before the check, so a burst at once gets at most the limit checked);
 *   - a payout account bound or changed within the last 24 hours holds withdrawals (`payout_account_held`, with
 *     when the hold ends), refused before any password is tried and before any money moves; the seeded demo and
 *     the test API's merchants were bound long ago and withdraw at once;
 *   - every change of the payout account or of the transaction password leaves a message in the merchant's inbox,
 *     in all 12 languages;
 *   - a merchant who signs in only through a partner's signed link has no login password: a fresh signed sign-in
 *     stands in for it (a session opened within FRESH_SIGN_IN_MINUTES), and an older session is refused
 *     `reauth_required`; a merchant with a login password still has to give it, however fresh the session.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { LANGUAGES } from '../../src/api/languages';
import { FRESH_SIGN_IN_MINUTES, PAYOUT_HOLD_HOURS } from '../../src/api/shapes/wallet';
import { DEMO_PAY_PASSWORD, payPasswordWire } from '../seed/seed-wallet';
import { registerPartnerUser, signedLink } from './entry-links';
import { freshMerchant, startServer, testClock, type TestServer } from './helpers';

const LOGIN = 'demo1234'; // the test API's merchants share the demo's login password
const RIGHT = payPasswordWire('246810');
const NEW = payPasswordWire('975310');
const WRONG = payPasswordWire('111111');
const HOLD_S = PAYOUT_HOLD_HOURS * 3600;
const ROOMY_GATE = { queued: 1000, perClientInFlight: 1000, perClientPerMinute: 100_000 };
const CARD = {
  kind: 'bank',
  bank_name: 'Other Bank',
  user_name: 'Someone Else',
  mobile: '+1 555 010 0042',
  account: '99990000111122',
};

let serial = 0;
const rid = () => `fp-${process.pid}-${++serial}`;

async function server(t: test.TestContext) {
  const clock = testClock();
  const s = await startServer(t, { clock, simulation: false, cpuGate: ROOMY_GATE });
  return { s, clock };
}

const payHash = async (s: TestServer, id: number) =>
  (await s.db.selectFrom('users').select('pay_password_hash').where('id', '=', id).executeTakeFirstOrThrow())
    .pay_password_hash;
const balance = async (s: TestServer, id: number) =>
  (await s.db.selectFrom('wallets').select('balance_cents').where('user_id', '=', id).executeTakeFirstOrThrow())
    .balance_cents;
const withdrawals = async (s: TestServer, id: number) =>
  (
    await s.db
      .selectFrom('transaction_flow')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .where('type', '=', 'manual_withdrawal')
      .executeTakeFirstOrThrow()
  ).n;
const failures = async (s: TestServer, id: number) =>
  (await s.db.selectFrom('users').select('pay_password_failures').where('id', '=', id).executeTakeFirstOrThrow())
    .pay_password_failures;

/** The merchant's own inbox messages (not the ones to everyone), newest first. */
const ownMessages = async (s: TestServer, id: number) =>
  (
    await s.db
      .selectFrom('notifications')
      .select(['title', 'content'])
      .where('user_id', '=', id)
      .orderBy('id', 'desc')
      .execute()
  ).map((r) => ({
    title: JSON.parse(r.title) as Record<string, string>,
    content: JSON.parse(r.content) as Record<string, string>,
  }));

function assertEveryLanguage(m: { title: Record<string, string>; content: Record<string, string> }): void {
  for (const lang of LANGUAGES) {
    assert.ok(m.title[lang]?.trim(), `title in ${lang}`);
    assert.ok(m.content[lang]?.trim(), `content in ${lang}`);
  }
  assert.notEqual(m.title.de, m.title.en, 'translated, not copied');
}

test('a session alone cannot set the first transaction password: the login password is asked for, and a wrong one is a field error', async (t) => {
  const { s } = await server(t);
  const m = await freshMerchant(s);
  const set = (body: Record<string, unknown>) => s.call('setPassword', body, m.token);

  // The attack as reported: the token and two matching hashes.
  assert.deepEqual((await set({ password: RIGHT, confirm_password: RIGHT })).body.data, {
    field: 'login_password',
    rule: 'required',
  });
  assert.equal(await payHash(s, m.id), null);
  const wrong = await set({ password: RIGHT, confirm_password: RIGHT, login_password: 'not-the-password' });
  assert.deepEqual(wrong.body, {
    code: 405,
    msg: 'Wrong login password',
    data: { reason: 'login_password_wrong', field: 'login_password' },
  });
  assert.equal(await payHash(s, m.id), null, 'nothing set');
  assert.equal((await s.call('property', {}, m.token)).body.data.pay_password_set, false);
  // A mismatch is still the confirmation's, whatever the login password.
  assert.deepEqual((await set({ password: RIGHT, confirm_password: NEW, login_password: LOGIN })).body.data, {
    field: 'confirm_password',
    rule: 'mismatch',
  });

  const ok = await set({ password: RIGHT, confirm_password: RIGHT, login_password: LOGIN });
  assert.deepEqual(ok.body, { code: 200, msg: 'success', data: { ok: true } });
  assert.equal((await s.call('checkPassword', { password: RIGHT }, m.token)).body.code, 200);
  // A second set is a change, with the login password or without.
  assert.equal(
    (await set({ password: NEW, confirm_password: NEW, login_password: LOGIN })).body.data.reason,
    'pay_password_already_set',
  );
});

test('wrong login passwords are limited per merchant with the old-password guesses: a burst at once gets at most 5 checked, then even the right one waits', async (t) => {
  const { s, clock } = await server(t);
  const m = await freshMerchant(s);
  const set = (login_password: string) =>
    s.call('setPassword', { password: RIGHT, confirm_password: RIGHT, login_password }, m.token);

  // A wrong old password of a login-password change counts against the same limit.
  assert.equal(
    (
      await s.call(
        'updatePassword',
        { old_password: 'guess-000', new_password: 'whatever99', confirm_password: 'whatever99' },
        m.token,
      )
    ).body.data.reason,
    'wrong_old_password',
  );
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => set(`guess-${i}`)));
  const reasons = burst.map((r) => r.body.data.reason);
  assert.equal(reasons.filter((r) => r === 'login_password_wrong').length, 4, reasons.join());
  assert.equal(reasons.filter((r) => r === 'rate_limited').length, 16, reasons.join());
  const right = await set(LOGIN);
  assert.equal(right.body.data.reason, 'rate_limited');
  assert.ok(right.body.data.retry_after! > 0);
  assert.equal(await payHash(s, m.id), null);

  clock.advance(15 * 60_000);
  assert.equal((await set(LOGIN)).body.code, 200, "the limit ends on the server's clock");
  // Another merchant was never limited.
  const other = await freshMerchant(s);
  assert.equal(
    (await s.call('setPassword', { password: RIGHT, confirm_password: RIGHT, login_password: LOGIN }, other.token)).body
      .code,
    200,
  );
});

/** A new partner merchant with an open store, signed in through a signed link just now: its id and that session. */
async function partnerMerchant(s: TestServer, uid: string): Promise<{ id: number; token: string }> {
  const token = await registerPartnerUser(s, 'partner', uid);
  assert.equal((await s.call('openingStore', { auth_code: 'DEMO-AUTH' }, token)).body.code, 200);
  const { id } = await s.db
    .selectFrom('users')
    .select('id')
    .where('entry', '=', 'partner')
    .where('partner_uid', '=', uid)
    .executeTakeFirstOrThrow();
  return { id, token };
}

test('a partner merchant (no login password) sets the first transaction password with a fresh signed sign-in, and without a login password', async (t) => {
  const { s } = await server(t);
  const m = await partnerMerchant(s, `fresh-${process.pid}`);
  const info = (await s.call('userInfo', {}, m.token)).body.data;
  assert.equal(info.has_login_password, false, 'the app learns there is no login password to ask for');
  assert.equal((await s.call('property', {}, m.token)).body.data.pay_password_set, false);

  const ok = await s.call('setPassword', { password: RIGHT, confirm_password: RIGHT }, m.token);
  assert.deepEqual(ok.body, { code: 200, msg: 'success', data: { ok: true } });
  assert.notEqual(await payHash(s, m.id), null);
  assert.equal((await s.call('checkPassword', { password: RIGHT }, m.token)).body.code, 200);
  assert.match((await ownMessages(s, m.id))[0].title.en, /transaction password/i, 'told in the inbox like any other');
  // A second set is a change, fresh session or not.
  assert.equal(
    (await s.call('setPassword', { password: NEW, confirm_password: NEW }, m.token)).body.data.reason,
    'pay_password_already_set',
  );
});

test(`a partner merchant's session older than ${FRESH_SIGN_IN_MINUTES} minutes is refused reauth_required and sets nothing; a new signed link opens a fresh one`, async (t) => {
  const { s, clock } = await server(t);
  const uid = `stale-${process.pid}`;
  const m = await partnerMerchant(s, uid);
  const set = (token: string, extra: Record<string, unknown> = {}) =>
    s.call('setPassword', { password: RIGHT, confirm_password: RIGHT, ...extra }, token);
  const messages = (await ownMessages(s, m.id)).length;

  clock.advance(FRESH_SIGN_IN_MINUTES * 60_000 + 1_000);
  const stale = await set(m.token);
  assert.deepEqual(stale.body, {
    code: 405,
    msg: "Open the app again from your partner's app to confirm it is you, then set the password",
    data: { reason: 'reauth_required' },
  });
  // No login password to stand in for it: one given is not a proof of anything.
  assert.equal((await set(m.token, { login_password: 'demo1234' })).body.data.reason, 'reauth_required');
  assert.equal(await payHash(s, m.id), null, 'nothing set');
  assert.equal((await ownMessages(s, m.id)).length, messages, 'nothing told');
  assert.equal((await s.call('property', {}, m.token)).body.data.pay_password_set, false);
  assert.equal((await s.call('userInfo', {}, m.token)).body.code, 200, 'the session itself lives on');

  // What the refusal asks for: the partner's app opens a new signed link, and its session is fresh.
  const login = await s.call('loginV2', signedLink('partner', uid));
  assert.equal(login.body.code, 200, JSON.stringify(login.body));
  assert.equal((await set(login.body.data.token)).body.code, 200);
  assert.notEqual(await payHash(s, m.id), null);
});

test('a merchant with a login password still has to give it, however fresh the session; a partner merchant is never asked for one', async (t) => {
  const { s } = await server(t);
  const m = await freshMerchant(s); // its session was opened a moment ago
  assert.equal((await s.call('userInfo', {}, m.token)).body.data.has_login_password, true);
  const set = (extra: Record<string, unknown>) =>
    s.call('setPassword', { password: RIGHT, confirm_password: RIGHT, ...extra }, m.token);
  assert.deepEqual((await set({})).body.data, { field: 'login_password', rule: 'required' });
  assert.equal((await set({ login_password: 'not-the-password' })).body.data.reason, 'login_password_wrong');
  assert.equal(await payHash(s, m.id), null);
  assert.equal((await set({ login_password: LOGIN })).body.code, 200);

  // Every field's problem at once for a partner merchant too: a mismatch is the confirmation's, and nothing else.
  const p = await partnerMerchant(s, `both-${process.pid}`);
  assert.deepEqual((await s.call('setPassword', { password: RIGHT, confirm_password: NEW }, p.token)).body.data, {
    field: 'confirm_password',
    rule: 'mismatch',
  });
});

test('a payout account bound in the last 24 hours holds withdrawals, before the password is tried and before any money moves; then it opens', async (t) => {
  const { s, clock } = await server(t);
  const m = await freshMerchant(s);
  assert.equal(
    (await s.call('setPassword', { password: RIGHT, confirm_password: RIGHT, login_password: LOGIN }, m.token)).body
      .code,
    200,
  );
  assert.equal((await s.call('bankCardEdit', { ...CARD, password: RIGHT }, m.token)).body.code, 200);
  const before = { balance: await balance(s, m.id), withdrawals: await withdrawals(s, m.id) };
  assert.ok(before.balance > 10_000);

  const withdraw = (password = RIGHT) => s.call('withdraw', { amount: '100.00', password, request_id: rid() }, m.token);
  const held = await withdraw();
  const until = new Date(clock() + HOLD_S * 1000).toISOString();
  assert.deepEqual(held.body, {
    code: 405,
    msg: 'Withdrawals to a newly bound payout account are on hold for 24 hours',
    data: { reason: 'payout_account_held', retry_after: HOLD_S, held_until: until },
  });
  // Judged before the password: a wrong one costs no guess.
  assert.equal((await withdraw(WRONG)).body.data.reason, 'payout_account_held');
  assert.equal(await failures(s, m.id), 0);
  assert.deepEqual(
    { balance: await balance(s, m.id), withdrawals: await withdrawals(s, m.id) },
    before,
    'nothing moved',
  );

  clock.advance((HOLD_S - 60) * 1000);
  assert.deepEqual((await withdraw()).body.data, { reason: 'payout_account_held', retry_after: 60, held_until: until });
  clock.advance(60_000);
  const paid = await withdraw();
  assert.equal(paid.body.code, 200, paid.text);
  assert.equal(await balance(s, m.id), before.balance - 10_000);

  // A change of the account starts the hold again; a refused change (wrong password) does not.
  assert.equal(
    (await s.call('bankCardEdit', { ...CARD, account: '88880000111122', password: WRONG }, m.token)).body.data.reason,
    'pay_password_wrong',
  );
  assert.equal((await withdraw()).body.code, 200);
  assert.equal(
    (
      await s.call(
        'bankCardEdit',
        { ...CARD, kind: 'wallet', bank_name: 'USDT (TRC20)', account: 'TQ7x9mVh2kR4pLc8sN3dWf6yBz', password: RIGHT },
        m.token,
      )
    ).body.code,
    200,
  );
  assert.equal((await withdraw()).body.data.reason, 'payout_account_held');
});

test("the seeded demo and the test API's bound merchants were bound more than 24 hours ago: they withdraw at once", async (t) => {
  const { s } = await server(t);
  const demo = await s.login();
  const paid = await s.call(
    'withdraw',
    { amount: '10.00', password: payPasswordWire(DEMO_PAY_PASSWORD), request_id: rid() },
    demo,
  );
  assert.equal(paid.body.code, 200, paid.text);

  const r = await s.post('/api/__test__/merchant', { pay_password: '246810', card: 'wallet' });
  const token = r.body.data.token as string;
  const fresh = await s.call('withdraw', { amount: '10.00', password: RIGHT, request_id: rid() }, token);
  assert.equal(fresh.body.code, 200, fresh.text);
});

test("every change of the payout account or the transaction password leaves a message in the merchant's inbox, in 12 languages; a refused one leaves none", async (t) => {
  const { s } = await server(t);
  const m = await freshMerchant(s);
  const start = (await ownMessages(s, m.id)).length;
  const unread = async () => (await s.call('unreadNotificationsCount', {}, m.token)).body.data.unread_total;
  const unreadBefore = await unread();

  assert.equal(
    (await s.call('setPassword', { password: RIGHT, confirm_password: RIGHT, login_password: 'nope-nope' }, m.token))
      .body.data.reason,
    'login_password_wrong',
  );
  assert.equal((await ownMessages(s, m.id)).length, start, 'a refused set tells nothing');
  assert.equal(
    (await s.call('setPassword', { password: RIGHT, confirm_password: RIGHT, login_password: LOGIN }, m.token)).body
      .code,
    200,
  );
  let all = await ownMessages(s, m.id);
  assert.equal(all.length, start + 1);
  assertEveryLanguage(all[0]);
  assert.match(all[0].title.en, /transaction password/i);

  assert.equal(
    (await s.call('updatePayPassword', { old_password: RIGHT, password: NEW, confirm_password: NEW }, m.token)).body
      .code,
    200,
  );
  all = await ownMessages(s, m.id);
  assert.equal(all.length, start + 2);
  assertEveryLanguage(all[0]);
  assert.match(all[0].title.en, /transaction password/i);

  assert.equal(
    (await s.call('bankCardEdit', { ...CARD, password: WRONG }, m.token)).body.data.reason,
    'pay_password_wrong',
  );
  assert.equal((await ownMessages(s, m.id)).length, start + 2, 'a refused binding tells nothing');
  assert.equal((await s.call('bankCardEdit', { ...CARD, password: NEW }, m.token)).body.code, 200);
  all = await ownMessages(s, m.id);
  assert.equal(all.length, start + 3);
  assertEveryLanguage(all[0]);
  assert.match(all[0].title.en, /payout account/i);
  assert.match(all[0].content.en, /1122/, 'names the account by its last digits');
  assert.doesNotMatch(all[0].content.en, /99990000111122/, 'never the whole number');

  assert.equal(await unread(), unreadBefore + 3, 'the bell shows them');
});
