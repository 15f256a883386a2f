/**
 * Putting a plan over HTTP: what a put writes (balance, its ledger row, the plan, its timeline), each refusal with
 * its field and the order they are judged in, put coupons (a percentage and money off, the requirement; used,
 * expired, another merchant's and wallet coupons refused), idempotency (a retried request, 20 identical requests
 * at once), 50 puts at once against one balance (never overdrawn, the ledger summing to the balance), and every
 * field's validation.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { PlanDetail } from '../../src/api/shapes/plan';
import type { Db } from '../storage/engine';
import { inTransaction } from '../storage/transaction';
import { simulationStepMs } from '../services/plans/pace';
import { moveStatus } from '../services/plans/transitions';
import { testClock } from './helpers';
import { topUp } from './plan-support';
import { addCoupon, addPlan, balanceCents, fund, inject, ledger, planServer, rid } from './plans-support';

const HOUR = 3_600_000;

const planRow = (db: Db, id: number) =>
  db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const couponRow = (db: Db, id: number) =>
  db.selectFrom('user_coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ledgerSum = async (db: Db, userId: number) => (await ledger(db, userId)).reduce((a, r) => a + r.amount_cents, 0);
/** How many timeline rows the plan has (in `status`, or in all). */
const eventCount = async (db: Db, planId: number, status?: string) =>
  (
    await db
      .selectFrom('plan_events')
      .select('id')
      .where('plan_id', '=', planId)
      .$if(status !== undefined, (qb) => qb.where('status', '=', status!))
      .execute()
  ).length;

test('a put: the balance pays with its ledger row, the plan starts matching with its amount, pace and timeline', async (t) => {
  const { s, m } = await planServer(t);
  await fund(s.db, m.id, 100_000);
  const p = await addPlan(s.db, m.id, { lowest: 10_000, highest: 50_000 });
  const request_id = rid();
  const r = await s.call('planPut', { id: p.id, amount: '300.00', official: true, request_id }, m.token);
  assert.equal(r.body.code, 200, r.text);
  assert.equal(r.body.data.balance, '700.00');
  assert.equal(r.body.data.paid, '300.00');
  assert.equal(r.body.data.plan.id, p.id);
  assert.equal(r.body.data.plan.status, 'matching');
  assert.equal(r.body.data.plan.put_amount, '300.00');
  assert.equal(r.body.data.plan.official, true);

  assert.equal(await balanceCents(s.db, m.id), 70_000);
  const rows = await ledger(s.db, m.id);
  assert.deepEqual(rows.at(-1), {
    type: 'ad_serving',
    amount_cents: -30_000,
    balance_after_cents: 70_000,
    remark: `Put of plan ${p.plan_no}`,
    request_id,
  });
  assert.equal(await ledgerSum(s.db, m.id), await balanceCents(s.db, m.id));

  const row = await planRow(s.db, p.id);
  assert.equal(row.put_amount_cents, 30_000);
  assert.equal(row.paid_cents, 30_000);
  assert.equal(row.coupon_discount_cents, null);
  assert.equal(row.user_coupon_id, null);
  assert.equal(row.official, 1);
  assert.equal(row.sim_step, 0);
  assert.equal(row.sim_step_ms, simulationStepMs());
  assert.equal(row.request_id, request_id);
  assert.ok(Math.abs(Date.parse(row.put_at!) - Date.now()) < 60_000, row.put_at!);

  const d: PlanDetail = (await s.call('planDetail', { id: p.id }, m.token)).body.data;
  assert.deepEqual(
    d.timeline.map((e) => e.status),
    ['waitPut', 'matching'],
  );
  assert.equal(d.timeline[1].time, row.put_at);
  assert.equal(d.paid, '300.00');
  assert.equal(d.coupon_discount, null);
  assert.deepEqual((await s.call('planAwaitCount', {}, m.token)).body.data, { count: 0 });

  // Non-official, at exactly the lowest and the highest amounts.
  const low = await addPlan(s.db, m.id, { lowest: 10_000, highest: 50_000 });
  const high = await addPlan(s.db, m.id, { lowest: 10_000, highest: 50_000 });
  const a = await s.call('planPut', { id: low.id, amount: '100', official: false, request_id: rid() }, m.token);
  assert.equal(a.body.code, 200, a.text);
  assert.equal(a.body.data.plan.official, false);
  assert.equal(a.body.data.plan.put_amount, '100.00');
  const b = await s.call('planPut', { id: high.id, amount: '500.00', official: false, request_id: rid() }, m.token);
  assert.equal(b.body.code, 200, b.text);
  assert.equal(b.body.data.balance, '100.00');
  assert.equal(await ledgerSum(s.db, m.id), 10_000);
});

test('a put right after a row stamped a moment ahead of the clock is not written before it: the ledger in time order ends with the balance', async (t) => {
  const clock = testClock();
  const { s, m } = await planServer(t, { clock });
  // A row a moment ahead of the server's clock, as a delivery step due a little later writes it.
  const ahead = new Date(clock() + 5_000).toISOString();
  await topUp(s.db, m.id, 100_000, Date.parse(ahead));
  const p = await addPlan(s.db, m.id, { lowest: 10_000, highest: 50_000 });
  const request_id = rid();
  const r = await s.call('planPut', { id: p.id, amount: '300.00', official: false, request_id }, m.token);
  assert.equal(r.body.code, 200, r.text);
  const put = await s.db
    .selectFrom('transaction_flow')
    .select('created_at')
    .where('user_id', '=', m.id)
    .where('request_id', '=', request_id)
    .executeTakeFirstOrThrow();
  assert.ok(put.created_at >= ahead, `the put's row at ${put.created_at} is earlier than the last row at ${ahead}`);
  const newest = await s.db
    .selectFrom('transaction_flow')
    .select('balance_after_cents')
    .where('user_id', '=', m.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  assert.equal(newest.balance_after_cents, await balanceCents(s.db, m.id));
});

test('refusals name their field and change nothing: amount range, balance, a plan already put', async (t) => {
  const { s, m } = await planServer(t);
  await fund(s.db, m.id, 20_000);
  const p = await addPlan(s.db, m.id, { lowest: 10_000, highest: 50_000 });
  const before = { flows: (await ledger(s.db, m.id)).length };
  const put = (over: Record<string, unknown>) =>
    s.call('planPut', { id: p.id, amount: '150.00', official: false, request_id: rid(), ...over }, m.token);

  for (const amount of ['99.99', '500.01', '100000']) {
    const r = await put({ amount });
    assert.equal(r.body.code, 405, r.text);
    assert.deepEqual(r.body.data, { reason: 'amount_out_of_range', field: 'amount' }, amount);
  }
  const poor = await put({ amount: '200.01' });
  assert.deepEqual(poor.body.data, { reason: 'insufficient_balance', field: 'amount' });

  // Put, then again (another request): not waiting any more.
  assert.equal((await put({ amount: '120.00' })).body.code, 200);
  const again = await put({ amount: '50.00', request_id: rid() });
  assert.equal(again.body.data.reason, 'amount_out_of_range', 'the range is judged first');
  const twice = await put({ amount: '150.00' });
  assert.deepEqual(
    twice.body.data,
    { reason: 'insufficient_balance', field: 'amount' },
    'the balance before the status',
  );
  await fund(s.db, m.id, 50_000);
  const done = await put({ amount: '100.00' });
  assert.deepEqual(done.body.data, { reason: 'plan_not_waiting' });

  assert.equal(await balanceCents(s.db, m.id), 50_000);
  assert.equal((await ledger(s.db, m.id)).length, before.flows + 2, 'the put and the top-up');
  assert.equal((await ledger(s.db, m.id))[before.flows].amount_cents, -12_000);
  assert.equal((await planRow(s.db, p.id)).put_amount_cents, 12_000);
  assert.equal(await eventCount(s.db, p.id), 2);

  // No wallet money at all.
  const { s: s2, m: broke } = await planServer(t);
  const q = await addPlan(s2.db, broke.id, { lowest: 100, highest: 50_000 });
  const r = await s2.call('planPut', { id: q.id, amount: '1.00', official: false, request_id: rid() }, broke.token);
  assert.deepEqual(r.body.data, { reason: 'insufficient_balance', field: 'amount' });
  assert.equal((await planRow(s2.db, q.id)).status, 'waitPut');
  // Unauthenticated.
  assert.equal(
    (await s2.call('planPut', { id: q.id, amount: '1.00', official: false, request_id: rid() })).body.code,
    401,
  );
});

test('put coupons: a percentage off (rounded down to the cent), money off, never more than the amount; the coupon used for its plan', async (t) => {
  const { s, m } = await planServer(t);
  await fund(s.db, m.id, 1_000_000);
  const cases = [
    // kind, coupon amount, put amount, expected reduction, paid
    { kind: 'discount', amountCents: 1_000, put: '333.33', off: '33.33', paid: '300.00' },
    { kind: 'discount', amountCents: 1_250, put: '100.07', off: '12.50', paid: '87.57' },
    { kind: 'deduction', amountCents: 5_000, put: '300.00', off: '50.00', paid: '250.00' },
    { kind: 'deduction_voucher', amountCents: 2_000, put: '150.00', off: '20.00', paid: '130.00' },
    { kind: 'deduction_voucher', amountCents: 90_000, put: '200.00', off: '200.00', paid: '0.00' },
  ];
  let spent = 0;
  for (const c of cases) {
    const p = await addPlan(s.db, m.id, { lowest: 10_000, highest: 100_000 });
    const coupon = await addCoupon(s.db, m.id, { kind: c.kind, amountCents: c.amountCents });
    const r = await s.call(
      'planPut',
      { id: p.id, amount: c.put, official: false, coupon_id: coupon, request_id: rid() },
      m.token,
    );
    assert.equal(r.body.code, 200, `${c.kind} ${c.put}: ${r.text}`);
    assert.equal(r.body.data.paid, c.paid, `${c.kind} ${c.put}`);
    assert.equal(r.body.data.plan.put_amount, c.put, 'the plan delivers the whole amount');
    const d = (await s.call('planDetail', { id: p.id }, m.token)).body.data;
    assert.equal(d.coupon_discount, c.off);
    assert.equal(d.paid, c.paid);
    const used = await couponRow(s.db, coupon);
    assert.equal(used.state, 'used');
    assert.ok(used.used_at);
    assert.equal((await planRow(s.db, p.id)).user_coupon_id, coupon);
    spent += Math.round(Number(c.paid) * 100);
    assert.equal(await balanceCents(s.db, m.id), 1_000_000 - spent);
    assert.equal((await ledger(s.db, m.id)).at(-1)!.amount_cents, 0 - Math.round(Number(c.paid) * 100));
  }
  assert.equal(await ledgerSum(s.db, m.id), await balanceCents(s.db, m.id));
});

test("coupon refusals (field coupon_id): requirement, used, expired by the clock or stored, another merchant's, a wallet coupon; judged after the range, before the balance", async (t) => {
  const clock = testClock();
  const { s, m, other } = await planServer(t, { clock });
  await fund(s.db, m.id, 100_000);
  const p = await addPlan(s.db, m.id, { lowest: 10_000, highest: 100_000 });
  const put = (coupon_id: number, amount = '499.99') =>
    s.call('planPut', { id: p.id, amount, official: false, coupon_id, request_id: rid() }, m.token);
  const refused = async (coupon: number, reason: string, amount?: string) => {
    const r = await put(coupon, amount);
    assert.equal(r.body.code, 405, r.text);
    assert.deepEqual(r.body.data, { reason, field: 'coupon_id' }, `coupon ${coupon} ${amount ?? ''}`);
  };
  const at = (ms: number) => new Date(clock() + ms).toISOString();

  const needs500 = await addCoupon(s.db, m.id, { kind: 'deduction', amountCents: 1_000, requirementCents: 50_000 });
  await refused(needs500, 'coupon_requirement_unmet');
  await refused(await addCoupon(s.db, m.id, { kind: 'discount', amountCents: 1_000, state: 'used' }), 'coupon_used');
  await refused(
    await addCoupon(s.db, m.id, { kind: 'discount', amountCents: 1_000, expireAt: at(-1) }),
    'coupon_expired',
  );
  await refused(
    await addCoupon(s.db, m.id, { kind: 'deduction', amountCents: 1_000, state: 'expired' }),
    'coupon_expired',
  );
  await refused(await addCoupon(s.db, other.id, { kind: 'deduction', amountCents: 1_000 }), 'coupon_not_applicable');
  for (const kind of ['fixed', 'addition', 'value_added', 'team', 'custom']) {
    await refused(await addCoupon(s.db, m.id, { kind, amountCents: 1_000 }), 'coupon_not_applicable');
  }
  await refused(987_654, 'coupon_not_applicable');

  // Expiry is judged by the server's clock: valid now, expired an hour later.
  const soon = await addCoupon(s.db, m.id, { kind: 'deduction', amountCents: 1_000, expireAt: at(HOUR / 2) });
  clock.advance(HOUR);
  await refused(soon, 'coupon_expired');

  // Order: the range before the coupon; the coupon before the balance.
  const range = await put(
    await addCoupon(s.db, m.id, { kind: 'discount', amountCents: 1_000, state: 'used' }),
    '99.00',
  );
  assert.equal(range.body.data.reason, 'amount_out_of_range');
  const usedOne = await addCoupon(s.db, m.id, { kind: 'discount', amountCents: 1_000, state: 'used' });
  await refused(usedOne, 'coupon_used', '1000.00');

  // The requirement met exactly, then the same coupon for another plan: used.
  const ok = await put(needs500, '500.00');
  assert.equal(ok.body.code, 200, ok.text);
  assert.equal(ok.body.data.paid, '490.00');
  const q = await addPlan(s.db, m.id, { lowest: 10_000, highest: 100_000 });
  const second = await s.call(
    'planPut',
    { id: q.id, amount: '500.00', official: false, coupon_id: needs500, request_id: rid() },
    m.token,
  );
  assert.deepEqual(second.body.data, { reason: 'coupon_used', field: 'coupon_id' });

  // None of the refusals took money or used a coupon.
  assert.equal(await balanceCents(s.db, m.id), 100_000 - 49_000);
  const usedByNoPlan = await s.db
    .selectFrom('user_coupons')
    .select('id')
    .where('user_id', '=', m.id)
    .where('state', '=', 'used')
    .where('used_at', 'is not', null)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('plans')
        .select('user_coupon_id')
        .where('user_coupon_id', 'is not', null)
        .$narrowType<{ user_coupon_id: number }>(),
    )
    .execute();
  assert.equal(usedByNoPlan.length, 3, 'only the three stored as used');
  assert.equal((await couponRow(s.db, soon)).state, 'unused');
  assert.equal((await planRow(s.db, q.id)).status, 'waitPut');
});

test('a retried request answers the first result and changes nothing, even once the plan has moved on', async (t) => {
  const { s, m } = await planServer(t);
  await fund(s.db, m.id, 100_000);
  const p = await addPlan(s.db, m.id, { lowest: 10_000, highest: 100_000 });
  const coupon = await addCoupon(s.db, m.id, { kind: 'deduction', amountCents: 2_500 });
  const request_id = rid();
  const body = { id: p.id, amount: '400.00', official: true, coupon_id: coupon, request_id };
  const first = await s.call('planPut', body, m.token);
  assert.equal(first.body.code, 200, first.text);
  assert.deepEqual(
    { balance: first.body.data.balance, paid: first.body.data.paid },
    { balance: '625.00', paid: '375.00' },
  );

  const again = await s.call('planPut', body, m.token);
  assert.deepEqual(again.body, first.body);

  // The same request_id with another amount, push kind or coupon is another request: refused as a withdrawal's
  // is (400 on request_id), never answered with the first put's success; nothing moves.
  for (const other of [{ amount: '100.00' }, { official: false }, { coupon_id: undefined }]) {
    const reused = await s.call('planPut', { ...body, ...other }, m.token);
    assert.deepEqual(
      reused.body,
      { code: 400, msg: 'request_id: same', data: { field: 'request_id', rule: 'same' } },
      JSON.stringify(other),
    );
  }
  assert.equal(await balanceCents(s.db, m.id), 62_500);

  // The plan moves on and the balance changes; the retry still answers the first put.
  await inTransaction(s.db, (trx) => moveStatus(trx, p.id, 'matching', 'puting', new Date().toISOString()));
  await fund(s.db, m.id, 300_000);
  const later = await s.call('planPut', body, m.token);
  assert.equal(later.body.code, 200, later.text);
  assert.equal(later.body.data.balance, '625.00', 'the balance right after that put');
  assert.equal(later.body.data.paid, '375.00');
  assert.equal(later.body.data.plan.status, 'puting', 'the plan as it is now');
  assert.equal(later.body.data.plan.put_amount, '400.00');
  assert.equal(later.body.data.plan.official, true);

  assert.equal(await balanceCents(s.db, m.id), 300_000);
  assert.equal((await ledger(s.db, m.id)).filter((r) => r.request_id === request_id).length, 1);
  assert.equal(await ledgerSum(s.db, m.id), 300_000);

  // The same request_id for another plan is a client bug: 400 on request_id, nothing done.
  const q = await addPlan(s.db, m.id, { lowest: 10_000, highest: 100_000 });
  const reused = await s.call('planPut', { ...body, id: q.id, coupon_id: undefined }, m.token);
  assert.deepEqual(reused.body, { code: 400, msg: 'request_id: same', data: { field: 'request_id', rule: 'same' } });
  assert.equal((await planRow(s.db, q.id)).status, 'waitPut');
  // So is one a ledger movement of another kind already carries.
  await s.db
    .insertInto('transaction_flow')
    .values({
      user_id: m.id,
      type: 'system_topup',
      amount_cents: 0,
      balance_after_cents: 300_000,
      request_id: 'topup-key-123',
      created_at: new Date().toISOString(),
    })
    .execute();
  const clash = await s.call(
    'planPut',
    { id: q.id, amount: '100.00', official: false, request_id: 'topup-key-123' },
    m.token,
  );
  assert.equal(clash.body.code, 400);
  assert.equal(clash.body.data.field, 'request_id');
  assert.equal((await planRow(s.db, q.id)).status, 'waitPut');
  assert.equal(await balanceCents(s.db, m.id), 300_000);
});

test('20 identical requests at once: one put, one ledger row, twenty identical answers', async (t) => {
  const { s, m } = await planServer(t);
  await fund(s.db, m.id, 100_000);
  const p = await addPlan(s.db, m.id, { lowest: 10_000, highest: 100_000 });
  const coupon = await addCoupon(s.db, m.id, { kind: 'discount', amountCents: 1_000 });
  const body = { id: p.id, amount: '250.00', official: false, coupon_id: coupon, request_id: rid() };
  const answers = await Promise.all(Array.from({ length: 20 }, () => inject(s, 'planPut', body, m.token)));
  for (const a of answers) {
    assert.equal(a.code, 200, JSON.stringify(a));
    assert.deepEqual(a, answers[0]);
  }
  assert.equal(answers[0].data.paid, '225.00');
  assert.equal(answers[0].data.balance, '775.00');
  assert.equal((await ledger(s.db, m.id)).filter((r) => r.request_id === body.request_id).length, 1);
  assert.equal(await balanceCents(s.db, m.id), 77_500);
  assert.equal(await eventCount(s.db, p.id, 'matching'), 1);
  assert.equal(await ledgerSum(s.db, m.id), 77_500);
});

test('50 puts of different plans at once against one balance: never overdrawn, floor(balance / amount) succeed, the ledger sums to the balance', async (t) => {
  const { s, m } = await planServer(t);
  await fund(s.db, m.id, 123_456);
  const plans: { id: number }[] = [];
  for (let i = 0; i < 50; i++) plans.push(await addPlan(s.db, m.id, { lowest: 10_000, highest: 100_000 }));
  const answers = await Promise.all(
    plans.map((p) => inject(s, 'planPut', { id: p.id, amount: '100.00', official: false, request_id: rid() }, m.token)),
  );
  const ok = answers.filter((a) => a.code === 200);
  assert.equal(ok.length, Math.floor(123_456 / 10_000));
  for (const a of answers.filter((x) => x.code !== 200)) {
    assert.deepEqual(a.data, { reason: 'insufficient_balance', field: 'amount' });
  }
  // Each success saw a lower balance than the one before; none below zero.
  const balances = ok.map((a) => Math.round(Number(a.data.balance) * 100)).sort((a, b) => b - a);
  assert.deepEqual(
    balances,
    Array.from({ length: ok.length }, (_, i) => 123_456 - (i + 1) * 10_000),
  );
  assert.equal(await balanceCents(s.db, m.id), 3_456);
  const rows = await ledger(s.db, m.id);
  let running = 0;
  for (const r of rows) {
    running += r.amount_cents;
    assert.equal(r.balance_after_cents, running, "each row's balance after is the sum so far");
    assert.ok(r.balance_after_cents >= 0);
  }
  assert.equal(running, await balanceCents(s.db, m.id));
  const matching = await s.db
    .selectFrom('plans')
    .select('id')
    .where('user_id', '=', m.id)
    .where('status', '=', 'matching')
    .execute();
  assert.equal(matching.length, ok.length);
  const counts = (await s.call('planList', {}, m.token)).body.data.counts;
  assert.equal(counts.waitPut, 50 - ok.length);
  assert.equal(counts.matching, ok.length);
});

test('every field of a put is validated: code 400 naming the field and rule, never a stack trace, nothing changed', async (t) => {
  const { s, m } = await planServer(t);
  await fund(s.db, m.id, 100_000);
  const p = await addPlan(s.db, m.id, { lowest: 100, highest: 100_000 });
  const good = { id: p.id, amount: '10.00', official: false, request_id: 'valid-request-1' };
  const without = (k: string) => Object.fromEntries(Object.entries(good).filter(([key]) => key !== k));
  const cases: [Record<string, unknown>, string, string | null][] = [
    [without('id'), 'id', 'required'],
    [{ ...good, id: 0 }, 'id', 'min'],
    [{ ...good, id: 'abc' }, 'id', null],
    [{ ...good, id: 1.5 }, 'id', null],
    [{ ...good, id: -1 }, 'id', 'min'],
    [{ ...good, id: null }, 'id', null],
    [without('amount'), 'amount', 'required'],
    [{ ...good, amount: 'abc' }, 'amount', 'money'],
    [{ ...good, amount: '' }, 'amount', null],
    [{ ...good, amount: '0' }, 'amount', 'min'],
    [{ ...good, amount: '0.00' }, 'amount', 'min'],
    [{ ...good, amount: '-5.00' }, 'amount', 'money'],
    [{ ...good, amount: '1.234' }, 'amount', 'money'],
    [{ ...good, amount: '1e3' }, 'amount', 'money'],
    [{ ...good, amount: '1,000.00' }, 'amount', 'money'],
    [{ ...good, amount: '1234567890123' }, 'amount', 'money'],
    [{ ...good, amount: [10] }, 'amount', 'money'],
    [without('official'), 'official', 'required'],
    [{ ...good, official: 'yes' }, 'official', 'type'],
    [{ ...good, official: 2 }, 'official', 'type'],
    [{ ...good, official: null }, 'official', null],
    [without('request_id'), 'request_id', 'required'],
    [{ ...good, request_id: 'short' }, 'request_id', 'minLength'],
    [{ ...good, request_id: 'x'.repeat(65) }, 'request_id', 'maxLength'],
    [{ ...good, request_id: 12345678 }, 'request_id', null],
    [{ ...good, coupon_id: 'x' }, 'coupon_id', null],
    [{ ...good, coupon_id: 0 }, 'coupon_id', 'min'],
  ];
  for (const [input, field, rule] of cases) {
    const r = await s.call('planPut', input, m.token);
    const what = JSON.stringify(input);
    assert.equal(r.body.code, 400, `${what}: ${r.text}`);
    assert.equal(r.body.data.field, field, what);
    if (rule) assert.equal(r.body.data.rule, rule, what);
    assert.equal(r.body.msg, `${field}: ${r.body.data.rule}`);
  }
  // A body that is not JSON, or not an object.
  for (const raw of ['{"id": 1,', '[]', '"put"']) {
    const r = await s.request('/api/plan/order/put', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CT': m.token },
      body: raw,
    });
    assert.equal(r.status, 200, raw);
    assert.equal(r.body.code, 400, `${raw}: ${r.text}`);
  }
  assert.equal((await planRow(s.db, p.id)).status, 'waitPut');
  assert.equal(await balanceCents(s.db, m.id), 100_000);
  // And the good input works.
  assert.equal((await s.call('planPut', good, m.token)).body.code, 200);
});
