/**
 * The wallet over HTTP: 100 withdrawals at once against one balance (never overdrawn, exactly the
 * affordable ones, the ledger summing to the balance), idempotency by request_id, every withdrawal refusal in the
 * contract's order, the bound card (not modified, kinds), acceptance codes of both types, the ledger's paging,
 * month filter and month totals in a zone other than UTC, and the seeded wallets. The transaction password's
 * limit is in pay-password.test.ts.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { FLOW_TYPES } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import { ledgerMismatches } from '../storage/wallet';
import { fromCents } from '../../src/lib/money';
import { PAYOUT_HOLD_HOURS } from '../../src/api/shapes/wallet';
import { bindSampleCard, DEMO_PAY_PASSWORD, payPasswordWire, SAMPLE_CARDS } from '../seed/seed-wallet';
import { testPayPasswordHash } from './fixture-cost';
import { bareMerchant, tokenFor } from './ad-center-support';
import { startServer, type TestServer } from './helpers';
import { topUp } from './plan-support';
import { addPlan, balanceCents, ledger } from './plans-support';

const RIGHT = payPasswordWire('246810');
const WRONG = payPasswordWire('111111');
/** 100 parallel hashes from one client: the CPU gate's per-client bounds would refuse most of them (a browser never). */
const ROOMY_GATE = {
  cpuGate: { queued: 1000, perClientInFlight: 1000, perClientPerMinute: 100_000 },
  simulation: false,
};

let serial = 0;
const rid = () => `wd-${process.pid}-${++serial}-${Date.now().toString(36)}`;

interface Shop {
  id: number;
  token: string;
}
/** A bare merchant ready to withdraw: start-up funds returned, password 246810, a bank card, `cents` in the balance. */
async function shop(
  db: Db,
  cents: number,
  o: { returned?: boolean; password?: boolean; card?: boolean } = {},
): Promise<Shop> {
  const u = await bareMerchant(db);
  await db
    .updateTable('users')
    .set({
      startup_funds_returned: o.returned === false ? 0 : 1,
      pay_password_hash: o.password === false ? null : testPayPasswordHash('246810'),
    })
    .where('id', '=', u.id)
    .execute();
  if (o.card !== false) await bindSampleCard(db, u.id, SAMPLE_CARDS.bank, new Date().toISOString());
  if (cents) await topUp(db, u.id, cents, Date.now() - 60_000);
  return { id: u.id, token: await tokenFor(db, u.id) };
}

const ledgerSum = async (db: Db, userId: number) => (await ledger(db, userId)).reduce((a, r) => a + r.amount_cents, 0);
/** Each row's balance_after is the one before plus its amount, in id order, and never below zero. */
async function assertChained(db: Db, userId: number): Promise<void> {
  let balance = 0;
  for (const r of await ledger(db, userId)) {
    balance += r.amount_cents;
    assert.equal(r.balance_after_cents, balance);
    assert.ok(balance >= 0);
  }
}
/** The pay password's failure count. */
const failures = async (db: Db, userId: number) =>
  (await db.selectFrom('users').select('pay_password_failures').where('id', '=', userId).executeTakeFirstOrThrow())
    .pay_password_failures;

test('100 withdrawals at once against one balance: exactly the affordable ones go through, never overdrawn, the ledger sums to the balance', async (t) => {
  const s = await startServer(t, ROOMY_GATE);
  const m = await shop(s.db, 100_000); // 1,000.00; 13.00 each: 76 affordable, 12.00 left
  // Level 2 (3,000.00 a day): the balance runs out before the daily limit (withdraw-limit.test.ts races that).
  await s.db.updateTable('users').set({ credit_score: 110 }).where('id', '=', m.id).execute();
  const answers = await Promise.all(
    Array.from({ length: 100 }, () =>
      s.call('withdraw', { amount: '13.00', password: RIGHT, request_id: rid() }, m.token),
    ),
  );
  const ok = answers.filter((r) => r.body.code === 200);
  const refused = answers.filter((r) => r.body.code !== 200);
  assert.equal(ok.length, 76);
  for (const r of refused) assert.deepEqual(r.body.data, { reason: 'insufficient_balance', field: 'amount' }, r.text);
  assert.equal(await balanceCents(s.db, m.id), 1_200);
  assert.equal(await ledgerSum(s.db, m.id), 1_200);
  await assertChained(s.db, m.id);
  assert.deepEqual(await ledgerMismatches(s.db), []);
  const rows = (await ledger(s.db, m.id)).filter((r) => r.type === 'manual_withdrawal');
  assert.equal(rows.length, 76);
  assert.ok(rows.every((r) => r.amount_cents === -1_300 && r.request_id));
  // Each answer's row is its own, and the balances they report are the 76 distinct steps down.
  assert.deepEqual(new Set(ok.map((r) => r.body.data.flow.id)).size, 76);
  assert.deepEqual(
    ok.map((r) => r.body.data.flow.balance_after).sort(),
    Array.from({ length: 76 }, (_, i) => fromCents(1_200 + i * 1_300)).sort(),
  );
  // The password's count is clear again: every guess was right.
  assert.equal(await failures(s.db, m.id), 0);
});

test('a withdrawal answers the wallet after it and its ledger row; the same request_id again (or 20 at once) applies once and answers the same row', async (t) => {
  const s = await startServer(t, ROOMY_GATE);
  const m = await shop(s.db, 50_000);
  const request_id = rid();
  const first = await s.call('withdraw', { amount: '120.50', password: RIGHT, request_id }, m.token);
  assert.equal(first.body.code, 200, first.text);
  const { property, flow } = first.body.data;
  assert.equal(property.balance, '379.50');
  assert.equal(property.pay_password_set, true);
  assert.equal(flow.type, 'manual_withdrawal');
  assert.equal(flow.amount, '-120.50');
  assert.equal(flow.balance_after, '379.50');
  assert.equal(flow.remark, 'Withdrawal to First Harbor Bank ****8842');
  assert.deepEqual(flow.remark_data, { kind: 'withdrawal_to', bank: 'First Harbor Bank', tail: '8842' });

  const again = await s.call('withdraw', { amount: '120.50', password: RIGHT, request_id }, m.token);
  assert.deepEqual(again.body, first.body);
  // A repeat is answered before the password is asked for: it moves nothing, so it costs no guess either.
  const wrongPassword = await s.call('withdraw', { amount: '120.50', password: WRONG, request_id }, m.token);
  assert.deepEqual(wrongPassword.body, first.body);
  assert.equal(await failures(s.db, m.id), 0);
  assert.equal((await ledger(s.db, m.id)).filter((r) => r.request_id === request_id).length, 1);

  const burstId = rid();
  const burst = await Promise.all(
    Array.from({ length: 20 }, () =>
      s.call('withdraw', { amount: '10.00', password: RIGHT, request_id: burstId }, m.token),
    ),
  );
  assert.ok(
    burst.every((r) => r.body.code === 200),
    burst.map((r) => r.text).join('\n'),
  );
  assert.equal(new Set(burst.map((r) => r.body.data.flow.id)).size, 1);
  assert.equal((await ledger(s.db, m.id)).filter((r) => r.request_id === burstId).length, 1);
  assert.equal(await balanceCents(s.db, m.id), 36_950);
  assert.equal(await ledgerSum(s.db, m.id), 36_950);

  // A request_id reused for another amount, or spent on a put, is a client bug: refused, nothing moves.
  const other = await s.call('withdraw', { amount: '99.00', password: RIGHT, request_id }, m.token);
  assert.deepEqual(other.body.data, { field: 'request_id', rule: 'same' });
  const plan = await addPlan(s.db, m.id, { lowest: 1_000, highest: 10_000 });
  const putId = rid();
  assert.equal(
    (await s.call('planPut', { id: plan.id, amount: '10.00', official: false, request_id: putId }, m.token)).body.code,
    200,
  );
  const onPut = await s.call('withdraw', { amount: '10.00', password: RIGHT, request_id: putId }, m.token);
  assert.deepEqual(onPut.body.data, { field: 'request_id', rule: 'same' });
  assert.equal(await balanceCents(s.db, m.id), 35_950);
  assert.deepEqual(await ledgerMismatches(s.db), []);
});

test("withdrawal refusals, each in the contract's order: start-up funds, no password, nothing bound, the payout hold, locked, wrong password, balance", async (t) => {
  const s = await startServer(t, ROOMY_GATE);
  const m = await shop(s.db, 1_000, { returned: false, password: false, card: false });
  const withdraw = (amount: string, password = RIGHT) =>
    s.call('withdraw', { amount, password, request_id: rid() }, m.token);

  assert.deepEqual((await withdraw('50.00', WRONG)).body.data, { reason: 'startup_funds_not_returned' });
  await s.db.updateTable('users').set({ startup_funds_returned: 1 }).where('id', '=', m.id).execute();
  assert.deepEqual((await withdraw('50.00', WRONG)).body.data, { reason: 'pay_password_unset' });
  // The first transaction password needs the login password too.
  const demoHash = (
    await s.db.selectFrom('users').select('password_hash').where('username', '=', 'demo').executeTakeFirstOrThrow()
  ).password_hash;
  await s.db.updateTable('users').set({ password_hash: demoHash }).where('id', '=', m.id).execute();
  assert.equal(
    (await s.call('setPassword', { password: RIGHT, confirm_password: RIGHT, login_password: 'demo1234' }, m.token))
      .body.code,
    200,
  );
  assert.deepEqual((await withdraw('50.00', WRONG)).body.data, { reason: 'card_unbound' });
  const card = {
    kind: 'bank',
    bank_name: 'Test Bank',
    user_name: 'Test Holder',
    mobile: '+1 555 010 0099',
    account: '12345678',
    password: RIGHT,
  };
  assert.equal((await s.call('bankCardEdit', card, m.token)).body.code, 200);
  // A payout account just bound holds withdrawals for a day (first-pay-password.test.ts has the clock for it).
  assert.equal((await withdraw('50.00', WRONG)).body.data.reason, 'payout_account_held');
  await s.db
    .updateTable('bank_cards')
    .set((eb) => ({ changed_at: eb('changed_at', '-', PAYOUT_HOLD_HOURS * 3_600_000) }))
    .where('user_id', '=', m.id)
    .execute();
  await s.db
    .updateTable('users')
    .set({ pay_password_failures: 5, pay_password_locked_until: Date.now() + 60_000 })
    .where('id', '=', m.id)
    .execute();
  const locked = await withdraw('50.00', RIGHT);
  assert.equal(locked.body.data.reason, 'pay_password_locked');
  assert.ok(locked.body.data.retry_after! > 0 && locked.body.data.retry_after! <= 60);
  const { username } = await s.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', m.id)
    .executeTakeFirstOrThrow();
  assert.equal((await s.post('/api/__test__/pay-password-lock', { username })).body.code, 200);
  assert.deepEqual((await withdraw('50.00', WRONG)).body.data, {
    reason: 'pay_password_wrong',
    field: 'password',
    tries_left: 4,
  });
  assert.deepEqual((await withdraw('10.01')).body.data, { reason: 'insufficient_balance', field: 'amount' });
  const all = await withdraw('10.00');
  assert.equal(all.body.code, 200, all.text);
  assert.equal(all.body.data.property.balance, '0.00');
  assert.equal(await ledgerSum(s.db, m.id), 0);
  // The schema: an amount of 0, a non-hash password.
  assert.deepEqual((await withdraw('0')).body.data, { field: 'amount', rule: 'min' });
  assert.deepEqual((await withdraw('1.00', '123456')).body.data, { field: 'password', rule: 'pattern' });
});

test('the bound card: none, then bound (trimmed); the same again is not modified; a wallet address keeps no bank address; kinds follow withdraw_method_config', async (t) => {
  const s = await startServer(t, ROOMY_GATE);
  const m = await shop(s.db, 0, { card: false });
  assert.equal((await s.call('bankCardDetail', {}, m.token)).body.data, null);

  // Binding needs the transaction password (bank-card-password.test.ts); the fields are what this test is about.
  const edit = (card: Record<string, string>) => s.call('bankCardEdit', { ...card, password: RIGHT }, m.token);
  const bank = {
    kind: 'bank',
    bank_name: '  Test Bank ',
    user_name: 'Test Holder',
    mobile: '+1 555 010 0099',
    account: ' 6222 0000 1111 ',
    bank_address: '1 Main St',
    branch: 'Central',
  };
  const bound = await edit(bank);
  const stored = {
    kind: 'bank',
    bank_name: 'Test Bank',
    user_name: 'Test Holder',
    mobile: '+1 555 010 0099',
    account: '622200001111',
    bank_address: '1 Main St',
    branch: 'Central',
  };
  assert.deepEqual(bound.body.data, stored);
  assert.deepEqual((await s.call('bankCardDetail', {}, m.token)).body.data, stored);
  assert.deepEqual((await edit(bank)).body.data, { reason: 'not_modified' });
  assert.deepEqual((await edit({ ...bank, branch: 'North' })).body.data, { ...stored, branch: 'North' });

  const wallet = {
    kind: 'wallet',
    bank_name: 'USDT (TRC20)',
    user_name: 'Test Holder',
    mobile: '+1 555 010 0099',
    account: 'TQ7x9mVh2kR4pLc8sN3dWf6yBz5aEu1JgH',
    bank_address: 'ignored',
    branch: 'ignored',
  };
  const asWallet = await edit(wallet);
  assert.deepEqual(asWallet.body.data, { ...wallet, bank_address: '', branch: '' });
  // What a wallet binding would store is what is bound: not modified, whatever address was sent.
  assert.deepEqual((await edit({ ...wallet, bank_address: '' })).body.data, { reason: 'not_modified' });

  assert.deepEqual((await edit({ ...bank, kind: 'cash' })).body.data, { field: 'kind', rule: 'enum' });
  await s.db
    .updateTable('config')
    .set({ value: JSON.stringify([{ id: 1, name: 'Bank card', kind: 'bank' }]) })
    .where('key', '=', 'withdraw_method_config')
    .execute();
  assert.deepEqual((await edit({ ...wallet, account: 'TQ7x9mVh2kR4pLc8sN3dWf6yBzOTHER' })).body.data, {
    field: 'kind',
    rule: 'enum',
  });
  assert.deepEqual((await s.call('bankCardDetail', {}, m.token)).body.data, {
    ...wallet,
    bank_address: '',
    branch: '',
  });
  assert.deepEqual((await edit({ ...bank, mobile: 'call me' })).body.data, { field: 'mobile', rule: 'phone' });
});

async function acceptor(s: TestServer, token: string, type: string, code: string) {
  return (await s.call('acceptorDetail', { type, code }, token)).body;
}

test('acceptance codes of both types: the right code opens the current acceptance (the previous one closes); a wrong type, a wrong code, a used single-use code are one error', async (t) => {
  const s = await startServer(t, ROOMY_GATE);
  const a = await shop(s.db, 0);
  const b = await shop(s.db, 0);
  const empty = await s.call('acceptorList', {}, a.token);
  assert.deepEqual(empty.body.data, { list: [], total: 0, page: 1, page_size: 10, current: null });

  const personal = await acceptor(s, a.token, 'personal', 'fx-personal-2026');
  assert.equal(personal.code, 200, JSON.stringify(personal));
  assert.deepEqual(
    { ...personal.data, id: 0, create_time: '' },
    { id: 0, type: 'personal', amount: '5000.00', limit: '50000.00', state: 'accepting', create_time: '' },
  );
  const enterprise = await acceptor(s, a.token, 'enterprise', 'FX-ENTERPRISE-2026');
  assert.equal(enterprise.data.state, 'accepting');
  assert.equal(enterprise.data.amount, '20000.00');
  const list = (await s.call('acceptorList', {}, a.token)).body.data;
  assert.deepEqual(
    list.list.map((o: { id: number; state: string }) => [o.id, o.state]),
    [
      [enterprise.data.id, 'accepting'],
      [personal.data.id, 'closed'],
    ],
  );
  assert.deepEqual(list.current, enterprise.data);

  const codeError = {
    code: 405,
    msg: 'Acceptance code error',
    data: { reason: 'acceptance_code_error', field: 'code' },
  };
  assert.deepEqual(await acceptor(s, a.token, 'enterprise', 'FX-PERSONAL-2026'), codeError); // wrong type
  assert.deepEqual(await acceptor(s, a.token, 'personal', 'FX-NOPE-0000'), codeError); // no such code
  // A single-use code works once, for whoever uses it first; reusable ones for everyone, again and again.
  assert.equal((await acceptor(s, b.token, 'personal', 'FX-P-1001')).code, 200);
  assert.deepEqual(await acceptor(s, a.token, 'personal', 'FX-P-1001'), codeError);
  assert.deepEqual(await acceptor(s, b.token, 'personal', 'FX-P-1001'), codeError);
  assert.equal((await acceptor(s, b.token, 'personal', 'FX-PERSONAL-2026')).code, 200);
  // Paged, newest first; the failed tries left nothing behind.
  const page2 = (await s.call('acceptorList', { page: 2, page_size: 1 }, b.token)).body.data;
  assert.equal(page2.total, 2);
  assert.equal(page2.list[0].state, 'closed');
  assert.equal(page2.current!.state, 'accepting');
  assert.equal((await s.call('acceptorList', {}, a.token)).body.data.total, 2);
});

test('acceptance codes are guessable: wrong guesses are limited per merchant, and using a public code between them buys no more', async (t) => {
  const s = await startServer(t, ROOMY_GATE);
  const m = await shop(s.db, 0);
  for (let i = 0; i < 3; i++)
    assert.equal((await acceptor(s, m.token, 'personal', `FX-GUESS-${i}`)).data.reason, 'acceptance_code_error');
  assert.equal((await acceptor(s, m.token, 'personal', 'FX-PERSONAL-2026')).code, 200);
  for (let i = 3; i < 5; i++)
    assert.equal((await acceptor(s, m.token, 'personal', `FX-GUESS-${i}`)).data.reason, 'acceptance_code_error');
  const limited = await acceptor(s, m.token, 'personal', 'FX-P-1002');
  assert.equal(limited.data.reason, 'rate_limited');
  assert.ok(limited.data.retry_after! > 0);
  // Another merchant is not limited by this one's guesses.
  assert.equal((await acceptor(s, (await shop(s.db, 0)).token, 'personal', 'FX-P-1002')).code, 200);
});

test("the ledger: newest first (id breaks ties), paged, a month filter and each page's full-month totals in the merchant's zone (Shanghai)", async (t) => {
  const s = await startServer(t, ROOMY_GATE);
  const m = await shop(s.db, 0);
  const rows: [string, string, number, string | null][] = [
    ['2026-02-10T00:00:00.000Z', 'system_topup', 100_000, 'Opening'],
    ['2026-03-05T00:00:00.000Z', 'vip_subscription', -2_000, ''],
    ['2026-03-31T15:00:00.000Z', 'ad_billing', -3_000, null], // 23:00 on 31 March in Shanghai
    ['2026-03-31T17:00:00.000Z', 'profit_sharing', 500, 'Share'], // 01:00 on 1 April in Shanghai, still March in UTC
    ['2026-04-20T00:00:00.000Z', 'system_debit', -1_000, 'Fee'],
    ['2026-04-20T00:00:00.000Z', 'manual_withdrawal', -1_500, 'Same time, later id'],
  ];
  let balance = 0;
  const ids: number[] = [];
  for (const [at, type, cents, remark] of rows) {
    balance += cents;
    ids.push(
      (
        await s.db
          .insertInto('transaction_flow')
          .values({ user_id: m.id, type, amount_cents: cents, balance_after_cents: balance, remark, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  await s.db.updateTable('wallets').set({ balance_cents: balance }).where('user_id', '=', m.id).execute();
  const list = async (q: Record<string, unknown>, tz = 'Asia/Shanghai; GMT+08:00') =>
    (
      await s.request(`/api/transaction_flow/list?${new URLSearchParams(q as Record<string, string>)}`, {
        headers: { 'X-CT': m.token, 'X-TZ': tz },
      })
    ).body.data;

  const p1 = await list({ page: 1, page_size: 3 });
  assert.equal(p1.total, 6);
  assert.deepEqual(
    p1.list.map((r: { id: number }) => r.id),
    [ids[5], ids[4], ids[3]],
  );
  assert.deepEqual(p1.list[0], {
    id: ids[5],
    time: '2026-04-20T00:00:00.000Z',
    amount: '-15.00',
    balance_after: '930.00',
    type: 'manual_withdrawal',
    remark: 'Same time, later id',
    remark_data: null,
  });
  assert.deepEqual(p1.months, [{ month: '2026-04', income: '5.00', expense: '25.00' }]);
  const p2 = await list({ page: 2, page_size: 3 });
  assert.deepEqual(
    p2.list.map((r: { id: number; remark: string | null }) => [r.id, r.remark]),
    [
      [ids[2], null],
      [ids[1], null],
      [ids[0], 'Opening'],
    ],
  );
  // Whole-month totals, though the page holds only part of February's and March's rows.
  assert.deepEqual(p2.months, [
    { month: '2026-03', income: '0.00', expense: '50.00' },
    { month: '2026-02', income: '1000.00', expense: '0.00' },
  ]);

  const march = await list({ month: '2026-03' });
  assert.deepEqual(
    march.list.map((r: { id: number }) => r.id),
    [ids[2], ids[1]],
  );
  assert.equal(march.total, 2);
  const marchUtc = await list({ month: '2026-03' }, 'UTC; GMT+00:00');
  assert.deepEqual(
    marchUtc.list.map((r: { id: number }) => r.id),
    [ids[3], ids[2], ids[1]],
  );
  assert.deepEqual(marchUtc.months, [{ month: '2026-03', income: '5.00', expense: '50.00' }]);
  assert.deepEqual((await list({ month: '2025-01' })).list, []);
  assert.deepEqual((await s.call('flowList', { month: '2026-3' }, m.token)).body.data, {
    field: 'month',
    rule: 'pattern',
  });
  // Another merchant's ledger is its own.
  assert.equal((await s.call('flowList', {}, (await shop(s.db, 0)).token)).body.data.total, 0);
});

test('the seed: demo has password 123456, start-up funds returned, a bank card, acceptances and five months of every flow type summing to its balance; newbie is refused for start-up funds', async (t) => {
  const s = await startServer(t, ROOMY_GATE);
  const token = await s.login('demo', 'demo1234');
  const demo = (await s.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  const property = (await s.call('property', {}, token)).body.data;
  assert.equal(property.balance, '10000.00');
  assert.equal(property.pay_password_set, true);
  assert.equal(property.startup_funds_returned, true);
  assert.equal((await s.call('checkPassword', { password: payPasswordWire(DEMO_PAY_PASSWORD) }, token)).body.code, 200);
  assert.equal((await s.call('bankCardDetail', {}, token)).body.data.kind, 'bank');
  const acceptances = (await s.call('acceptorList', {}, token)).body.data;
  assert.equal(acceptances.current!.state, 'accepting');
  assert.deepEqual(
    new Set(acceptances.list.map((o: { state: string }) => o.state)),
    new Set(['accepting', 'completed', 'closed']),
  );

  assert.equal(await ledgerSum(s.db, demo), 1_000_000);
  await assertChained(s.db, demo);
  // Every seeded merchant's books balance.
  assert.deepEqual(await ledgerMismatches(s.db), []);
  const flows = await s.db
    .selectFrom('transaction_flow')
    .select(['type', 'remark', 'created_at'])
    .where('user_id', '=', demo)
    .execute();
  assert.deepEqual(new Set(flows.map((f) => f.type)), new Set(FLOW_TYPES));
  assert.ok(new Set(flows.map((f) => f.created_at.slice(0, 7))).size >= 4);
  assert.ok(flows.some((f) => !f.remark) && flows.some((f) => f.remark));
  const page = (await s.call('flowList', { page_size: 50 }, token)).body.data;
  assert.ok(page.list.some((r: { remark: string | null }) => r.remark === null));

  const newbie = await s.login('newbie', 'demo1234');
  const np = (await s.call('property', {}, newbie)).body.data;
  assert.equal(np.startup_funds_returned, false);
  assert.equal(np.pay_password_set, false);
  assert.equal((await s.call('bankCardDetail', {}, newbie)).body.data, null);
  assert.deepEqual(
    (await s.call('withdraw', { amount: '1.00', password: WRONG, request_id: rid() }, newbie)).body.data,
    { reason: 'startup_funds_not_returned' },
  );

  // A fresh test merchant: the options, and a ledger of several months.
  const fresh = (
    await s.post('/api/__test__/merchant', { pay_password: '135790', card: 'wallet', startup_funds_returned: false })
  ).body.data;
  const fp = (await s.call('property', {}, fresh.token)).body.data;
  assert.equal(fp.pay_password_set, true);
  assert.equal(fp.startup_funds_returned, false);
  assert.equal((await s.call('checkPassword', { password: payPasswordWire('135790') }, fresh.token)).body.code, 200);
  assert.deepEqual((await s.call('bankCardDetail', {}, fresh.token)).body.data, SAMPLE_CARDS.wallet);
  const fl = (await s.call('flowList', { page_size: 50 }, fresh.token)).body.data;
  assert.ok(new Set(fl.list.map((r: { time: string }) => r.time.slice(0, 7))).size >= 4);
  const plain = (await s.post('/api/__test__/merchant', {})).body.data;
  const pp = (await s.call('property', {}, plain.token)).body.data;
  assert.deepEqual([pp.pay_password_set, pp.startup_funds_returned], [false, true]);
  assert.equal((await s.call('bankCardDetail', {}, plain.token)).body.data, null);
});
