/**
 * Ledger remarks as a kind and its parameters (services/remarks.ts): every place that writes the ledger gives the
 * app something to word in the merchant's language (withdrawal, top-ups, puts, a failed put's refund, settlement,
 * the seed), with the English words beside it for a client that does not know the kind; a person's note stays as
 * written with no kind. Rows written before the kinds existed get theirs from their words (migration 13).
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { FlowRemark, FundingDetail } from '../../src/api/shapes/wallet';
import { openSqliteFile, sqliteStore } from '../storage/engine';
import { migrateSqlite } from '../storage/migrate';
import { migrations } from '../storage/migrations-sqlite';
import { remarkColumns, remarkData } from '../services/remarks';
import { bindSampleCard, payPasswordWire, SAMPLE_CARDS } from '../seed/seed-wallet';
import { testPayPasswordHash } from './fixture-cost';
import { bareMerchant, tokenFor } from './ad-center-support';
import { startServer } from './helpers';
import { testingOnPostgres } from './postgres-test';
import { topUp } from './plan-support';

const KINDS: readonly FlowRemark['kind'][] = [
  'withdrawal_to',
  'withdrawal_to_card',
  'put',
  'put_refund',
  'settlement',
  'topup_service',
  'opening_deposit',
  'startup_funds',
  'balance_adjustment',
  'vip_monthly',
  'partner_profit',
  'virtual_recharge',
  'billing_adjustment',
  'service_fee',
];

test("a withdrawal's row names the bank and the account's last four as parameters; the English words stay beside them", async (t) => {
  const s = await startServer(t, { simulation: false });
  const u = await bareMerchant(s.db);
  await s.db
    .updateTable('users')
    .set({ startup_funds_returned: 1, pay_password_hash: testPayPasswordHash('246810') })
    .where('id', '=', u.id)
    .execute();
  await bindSampleCard(s.db, u.id, SAMPLE_CARDS.bank, new Date().toISOString());
  await topUp(s.db, u.id, 10_000, Date.now() - 60_000);
  const token = await tokenFor(s.db, u.id);
  const r = await s.call(
    'withdraw',
    { amount: '10.50', password: payPasswordWire('246810'), request_id: `remarks-withdrawal-${process.pid}` },
    token,
  );
  assert.equal(r.body.code, 200, r.text);
  const flow = r.body.data.flow;
  assert.deepEqual(flow.remark_data, { kind: 'withdrawal_to', bank: 'First Harbor Bank', tail: '8842' });
  assert.equal(flow.remark, 'Withdrawal to First Harbor Bank ****8842');
  const listed = (await s.call('flowList', { page_size: 5 }, token)).body.data.list[0];
  assert.deepEqual(listed.remark_data, flow.remark_data);
});

test("the test API's top-up and debit are kinds; an operator's note is kept as written, with no kind", async (t) => {
  const s = await startServer(t, { simulation: false });
  const { username, token } = (await s.post('/api/__test__/merchant', {})).body.data;
  const first = (): Promise<FundingDetail> =>
    s.call('flowList', { page_size: 1 }, token).then((r) => r.body.data.list[0] as FundingDetail);
  assert.equal((await s.post('/api/__test__/wallet', { username, balance: '20000.00' })).body.code, 200);
  assert.deepEqual((await first()).remark_data, { kind: 'topup_service' });
  assert.equal((await s.post('/api/__test__/wallet', { username, balance: '19000.00' })).body.code, 200);
  assert.deepEqual((await first()).remark_data, { kind: 'balance_adjustment' });
  const note = 'Bonus für Q3 — danke! (ticket 88)';
  assert.equal((await s.post('/api/__test__/wallet', { username, balance: '19500.00', note })).body.code, 200);
  const row = await first();
  assert.equal(row.remark, note);
  assert.equal(row.remark_data, null);
});

test("the seed: every remark of the demo's ledger is a kind the app words (a put failed reads as its refund) but the operator's note", async (t) => {
  const s = await startServer(t, { simulation: false });
  const token = await s.login('demo', 'demo1234');
  const rows: FundingDetail[] = [];
  for (let page = 1; rows.length === 0 || rows.length % 50 === 0; page++) {
    const list: FundingDetail[] = (await s.call('flowList', { page, page_size: 50 }, token)).body.data.list;
    if (!list.length) break;
    rows.push(...list);
  }
  const kinds = new Set(rows.map((r) => r.remark_data?.kind).filter(Boolean));
  for (const k of [
    'topup_service',
    'opening_deposit',
    'put',
    'put_refund',
    'settlement',
    'vip_monthly',
    'withdrawal_to_card',
  ])
    assert.ok(kinds.has(k as FlowRemark['kind']), k);
  for (const r of rows) {
    if (r.remark_data) assert.ok(KINDS.includes(r.remark_data.kind), JSON.stringify(r));
    else
      assert.ok(
        r.remark === null || r.remark.startsWith('Campaign billing adjustment'),
        `a row without a kind: ${JSON.stringify(r)}`,
      );
  }
  const refund = rows.find((r) => r.remark_data?.kind === 'put_refund')!;
  assert.equal(refund.type, 'ad_serving');
  assert.ok(Number(refund.amount) > 0);
  assert.equal(refund.remark, `Refund: put failed, plan ${(refund.remark_data as { plan: string }).plan}`);
  // The refund names the plan whose put it gives back: that plan's put row has the same amount, taken.
  const put = rows.find(
    (r) =>
      r.remark_data?.kind === 'put' &&
      (r.remark_data as { plan: string }).plan === (refund.remark_data as { plan: string }).plan,
  )!;
  assert.equal(put.amount, `-${refund.amount}`);
});

// A SQLite file's history: PostgreSQL databases begin at the current schema, with no rows from before the kinds.
const sqliteHistory = { skip: testingOnPostgres() ? 'SQLite migration history' : false };

test(
  'rows written before kinds existed get theirs from their English words; notes and unknown kinds stay text',
  sqliteHistory,
  async () => {
    const raw = openSqliteFile(':memory:');
    raw.pragma('foreign_keys = OFF');
    migrateSqlite(raw, migrations.slice(0, 12));
    const { db, close } = sqliteStore(raw);
    // Rows as a server of schema 12 wrote them (the columns named all existed then).
    const { id: u } = await db
      .insertInto('users')
      .values({
        username: 'old',
        nickname: 'Old',
        password_hash: null,
        entry: 'register',
        lang: 'en',
        state: 'active',
        store_opened: 1,
        proxy_id: '10009999',
        created_at: '2026-01-01',
        updated_at: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('plans')
      .values({
        plan_no: 'P123',
        user_id: u,
        product_id: 1,
        content: 'c',
        rule: 'r',
        user_targeting: 't',
        official: 0,
        status: 'putFailed',
        lowest_put_cents: 1,
        highest_put_cents: 2,
        created_at: '2026-01-01',
        updated_at: '2026-01-01',
      })
      .execute();
    const old: [string, number, string][] = [
      ['manual_withdrawal', -100, 'Withdrawal to First Harbor Bank ****8842'],
      ['ad_serving', -100, 'P123'],
      ['ad_serving', 100, 'P123'],
      ['system_topup', 100, 'Top-up via customer service'],
      ['system_debit', -100, 'A note from the operator'],
    ];
    for (const [type, amount_cents, remark] of old) {
      await db
        .insertInto('transaction_flow')
        .values({ user_id: u, type, amount_cents, balance_after_cents: 0, remark, created_at: '2026-01-02' })
        .execute();
    }
    migrateSqlite(raw);
    const stored = await db.selectFrom('transaction_flow').select('remark_data').orderBy('id').execute();
    const got = stored.map((r) => remarkData(r.remark_data));
    assert.deepEqual(got, [
      { kind: 'withdrawal_to', bank: 'First Harbor Bank', tail: '8842' },
      { kind: 'put', plan: 'P123' },
      { kind: 'put_refund', plan: 'P123' },
      { kind: 'topup_service' },
      null,
    ]);
    assert.equal(remarkData('{"kind":"from_the_future"}'), null);
    assert.equal(remarkData('not json'), null);
    assert.deepEqual(remarkColumns('  '), { remark: '  ', remark_data: null });
    await close();
  },
);
