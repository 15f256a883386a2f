/**
 * The delivery simulation over a plan's whole life: the status table, a put carried to settled with
 * its books checked after every step, a failed match returning the money and the coupon, the minute's worst case
 * at 150 ms, the hourly rows behind the statistics, and restarts and parallel runners that never credit twice.
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { LevelOverview, Statistics } from '../../src/api/shapes/ad-center';
import { PLAN_STATUSES, type PlanStatus } from '../../src/api/shapes/plan';
import type { FlowRemark, Property } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import { inTransaction } from '../storage/transaction';
import { fromCents } from '../../src/lib/money';
import { deliveryFigures, lifeSteps, MAX_LIFE_STEPS, planSchedule, statusAfter } from '../services/plans/schedule';
import { advancePlans, startSimulation } from '../services/plans/simulation';
import { claimJobTick } from '../storage/jobs';
import { canMove, ForbiddenTransition, moveStatus, PLAN_TRANSITIONS } from '../services/plans/transitions';
import { issueToken } from '../services/users';
import { addPlan, bareMerchant, seededDb } from './ad-center-support';
import { startServer } from './helpers';
import { books, putTestPlan, sharedDb, topUp, type SharedDb } from './plan-support';
import { simRace } from './sim-race';

const T0 = Date.parse('2031-05-01T08:00:00Z');
const STEP = 1_000;

const planRow = (db: Db, id: number) =>
  db
    .selectFrom('plans')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((p) => ({ ...p, status: p.status as PlanStatus }));
const events = (db: Db, id: number) =>
  db.selectFrom('plan_events').select(['status', 'at']).where('plan_id', '=', id).orderBy('id').execute();
const ledger = async (db: Db, userId: number) =>
  (
    await db
      .selectFrom('transaction_flow')
      .select(['type', 'amount_cents', 'balance_after_cents', 'remark_data', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map(({ remark_data, ...r }) => ({
    ...r,
    remark: remark_data === null ? null : (JSON.parse(remark_data) as FlowRemark),
  }));
const statSums = async (db: Db, id: number) => {
  const r = await db
    .selectFrom('plan_stats')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('impressions'), eb.lit(0)).as('impressions'),
      eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'),
      eb.fn.coalesce(eb.fn.sum<number>('consumed_cents'), eb.lit(0)).as('consumed'),
      eb.fn.coalesce(eb.fn.sum<number>('revenue_cents'), eb.lit(0)).as('revenue'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('plan_id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
    consumed: Number(r.consumed),
    revenue: Number(r.revenue),
    n: Number(r.n),
  };
};

test('every status move the table allows succeeds and is on the timeline; every other one of the 7×7 is refused and changes nothing', async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  let allowed = 0;
  for (const from of PLAN_STATUSES) {
    for (const to of PLAN_STATUSES) {
      const id = await addPlan(db, user.id, { putCents: 1_000, status: from, createdAt: new Date(T0).toISOString() });
      const before = (await events(db, id)).length;
      const at = new Date(T0 + 1000).toISOString();
      if (PLAN_TRANSITIONS[from].includes(to)) {
        allowed++;
        assert.ok(canMove(from, to));
        await inTransaction(db, (trx) => moveStatus(trx, id, from, to, at));
        assert.equal((await planRow(db, id)).status, to, `${from} → ${to}`);
        assert.deepEqual((await events(db, id)).slice(before), [{ status: to, at }]);
        // The same move again: the plan is no longer in `from` (compare-and-set), so it is refused.
        await assert.rejects(moveStatus(db, id, from, to, at), ForbiddenTransition);
      } else {
        assert.equal(canMove(from, to), false, `${from} → ${to}`);
        await assert.rejects(
          inTransaction(db, (trx) => moveStatus(trx, id, from, to, at)),
          ForbiddenTransition,
          `${from} → ${to}`,
        );
        assert.equal((await planRow(db, id)).status, from);
        assert.equal((await events(db, id)).length, before);
      }
    }
  }
  // waitPut→matching, matching→puting|putFailed, puting→putFinished, putFinished→waitSettlement, waitSettlement→settled.
  assert.equal(allowed, 6);
  assert.deepEqual(PLAN_TRANSITIONS.settled, []);
  assert.deepEqual(PLAN_TRANSITIONS.putFailed, []);
});

test('a put is carried to settled step by step: delivery rows, timeline, ledger rows, and the books balanced after every step', async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  await topUp(db, user.id, 1_000_000, T0 - 60_000);
  const start = await books(db, user.id);
  // A put of 5,000.00 with a 250.00 coupon: the merchant pays 4,750.00.
  const coupon = await addUserCoupon(db, user.id, T0);
  const id = await putTestPlan(db, user.id, { putCents: 500_000, userCouponId: coupon, atMs: T0, stepMs: STEP });
  const plan = await planRow(db, id);
  const s = planSchedule(id, 0);
  const life = lifeSteps(s);

  let b = await books(db, user.id);
  assert.equal(b.balance, start.balance - 475_000);
  assert.equal(b.total, start.total + 25_000, "a put adds the coupon's reduction to total assets");
  const afterPut = b.total;
  let previousConsumed = 0;
  for (let k = 1; k <= life; k++) {
    const r = await advancePlans(db, T0 + k * STEP, { failPercent: 0, userId: user.id });
    assert.equal(r.steps, 1, `step ${k}`);
    const p = await planRow(db, id);
    assert.equal(p.sim_step, k);
    assert.equal(p.status, statusAfter(s, k), `status after step ${k}`);
    b = await books(db, user.id);
    // The invariants, after every step.
    assert.equal(b.ledgerSum, b.balance, `ledger sum at step ${k}`);
    assert.equal(b.lastBalanceAfter, b.balance, `last row's balance at step ${k}`);
    if (p.status !== 'settled') assert.equal(b.total, afterPut, `total assets at step ${k}`);
    else
      assert.equal(
        b.total,
        afterPut + p.revenue_cents - p.consumed_cents,
        'settlement moves total assets by revenue − consumed',
      );
    assert.ok(p.consumed_cents >= previousConsumed && p.consumed_cents <= p.put_amount_cents);
    previousConsumed = p.consumed_cents;
    const t = await statSums(db, id);
    assert.deepEqual(
      [t.consumed, t.impressions, t.clicks, t.revenue],
      [p.consumed_cents, p.impressions, p.clicks, p.revenue_cents],
      "the plan's totals are its hourly rows",
    );
    if (p.status === 'puting' || p.status === 'matching') assert.equal(b.toBeSettled, p.consumed_cents);
  }
  assert.equal(
    (await advancePlans(db, T0 + 10 * life * STEP, { userId: user.id })).steps,
    0,
    'a settled plan takes no more steps',
  );

  const done = await planRow(db, id);
  assert.equal(done.status, 'settled');
  assert.equal(done.consumed_cents, 500_000, 'the put amount is spent exactly');
  assert.equal(done.put_progress, 100);
  assert.equal(done.settled_cents, done.revenue_cents);
  assert.ok(done.impressions > 0 && done.clicks > 0 && done.clicks < done.impressions);
  b = await books(db, user.id);
  assert.equal(b.toBeSettled, 0);
  assert.equal(b.toBeConsumed, 0);
  assert.equal(b.balance, start.balance - 475_000 + done.revenue_cents);

  const rows = (await ledger(db, user.id)).slice(1);
  const billing = Math.min(done.revenue_cents, done.consumed_cents);
  assert.deepEqual(
    rows.map((r) => [r.type, r.amount_cents, r.remark]),
    [
      ['ad_serving', -475_000, { kind: 'put', plan: plan.plan_no }],
      ['ad_billing', billing, { kind: 'settlement', plan: plan.plan_no }],
      ...(done.revenue_cents > done.consumed_cents
        ? [['profit_sharing', done.revenue_cents - done.consumed_cents, { kind: 'settlement', plan: plan.plan_no }]]
        : []),
    ],
  );
  const settledAt = new Date(T0 + life * STEP).toISOString();
  assert.equal(rows[rows.length - 1].created_at, settledAt);

  // The timeline: each move at the step it happened in.
  const at = (k: number) => new Date(T0 + k * STEP).toISOString();
  assert.deepEqual((await events(db, id)).slice(1), [
    { status: 'matching', at: at(0) },
    { status: 'puting', at: at(s.matchSteps) },
    { status: 'putFinished', at: at(s.matchSteps + s.putSteps) },
    { status: 'waitSettlement', at: at(s.matchSteps + s.putSteps + 1) },
    { status: 'settled', at: settledAt },
  ]);
});

/** A put coupon the merchant holds (state used once the put takes it). */
async function addUserCoupon(db: Db, userId: number, atMs: number): Promise<number> {
  const coupon = await db
    .insertInto('coupons')
    .values({ name: 'Test deduction', kind: 'deduction', amount_cents: 25_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const at = new Date(atMs - 3_600_000).toISOString();
  const row = await db
    .insertInto('user_coupons')
    .values({
      user_id: userId,
      coupon_id: coupon.id,
      state: 'unused',
      received_day: at.slice(0, 10),
      received_at: at,
      expire_at: new Date(atMs + 30 * 86_400_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

test('a match that fails returns what was paid (a ledger row) and the coupon, in the same step', async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  await topUp(db, user.id, 300_000, T0 - 60_000);
  const start = await books(db, user.id);
  const coupon = await addUserCoupon(db, user.id, T0);
  const id = await putTestPlan(db, user.id, { putCents: 200_000, userCouponId: coupon, atMs: T0, stepMs: STEP });
  const s = planSchedule(id, 100);
  assert.ok(s.fails);
  assert.equal(lifeSteps(s), s.matchSteps);
  const couponRow = () =>
    db.selectFrom('user_coupons').select(['state', 'used_at']).where('id', '=', coupon).executeTakeFirstOrThrow();
  assert.deepEqual((await couponRow()).state, 'used');

  for (let k = 1; k < s.matchSteps; k++) {
    await advancePlans(db, T0 + k * STEP, { failPercent: 100, userId: user.id });
    assert.equal((await planRow(db, id)).status, 'matching');
    assert.equal((await books(db, user.id)).total, start.total + 25_000);
  }
  await advancePlans(db, T0 + s.matchSteps * STEP, { failPercent: 100, userId: user.id });
  const p = await planRow(db, id);
  assert.equal(p.status, 'putFailed');
  assert.equal(p.consumed_cents, 0);
  assert.equal((await statSums(db, id)).n, 0, 'a failed plan delivered nothing');
  const b = await books(db, user.id);
  assert.equal(b.balance, start.balance, 'the money is back');
  assert.equal(b.total, start.total, 'a failure takes the reduction back out of total assets');
  assert.equal(b.toBeConsumed, 0);
  assert.equal(b.ledgerSum, b.balance);
  assert.equal(b.lastBalanceAfter, b.balance);
  assert.deepEqual(
    (await ledger(db, user.id)).slice(1).map((r) => [r.type, r.amount_cents, r.remark]),
    [
      ['ad_serving', -175_000, { kind: 'put', plan: p.plan_no }],
      ['ad_serving', 175_000, { kind: 'put_refund', plan: p.plan_no }],
    ],
  );
  assert.deepEqual(await couponRow(), { state: 'unused', used_at: null });
  assert.deepEqual(
    (await events(db, id)).map((e) => e.status),
    ['waitPut', 'matching', 'putFailed'],
  );
  assert.equal((await advancePlans(db, T0 + 1_000 * STEP, { failPercent: 100, userId: user.id })).steps, 0);
});

test('at 150 ms a step, a new plan reaches settled or put failed within 60 s, even with the longest schedule', async (t) => {
  assert.ok(MAX_LIFE_STEPS * 150 < 60_000, `${MAX_LIFE_STEPS} steps`);
  let longest = 0;
  let longestId = 0;
  for (let id = 1_000; id <= 51_000; id++) {
    const s = planSchedule(id, 0);
    assert.ok(
      s.matchSteps >= 1 &&
        s.matchSteps <= 4 &&
        s.putSteps >= 24 &&
        s.putSteps <= 240 &&
        s.settleSteps >= 2 &&
        s.settleSteps <= 6,
    );
    const life = lifeSteps(s);
    if (life > longest) [longest, longestId] = [life, id];
  }
  assert.ok(longest <= MAX_LIFE_STEPS && longest > 240);
  // The shares: about one in ten fails by default.
  const failed = Array.from({ length: 10_000 }, (_, i) => planSchedule(i + 1, 10).fails).filter(Boolean).length;
  assert.ok(failed > 800 && failed < 1200, String(failed));

  const db = await seededDb(t);
  const user = await bareMerchant(db);
  await topUp(db, user.id, 100_000_000, T0 - 60_000);
  const id = await putTestPlan(db, user.id, { id: longestId, putCents: 12_345_678, atMs: T0, stepMs: 150 });
  await advancePlans(db, T0 + 60_000 - 1, { failPercent: 0, userId: user.id });
  assert.equal((await planRow(db, id)).status, 'settled');
  assert.equal((await planRow(db, id)).sim_step, longest);
});

test("the runner (the app's timer) carries a fast plan to settled on its own", async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  await topUp(db, user.id, 100_000, Date.now() - 60_000);
  const id = await putTestPlan(db, user.id, { putCents: 50_000, atMs: Date.now(), stepMs: 2 });
  const errors: unknown[] = [];
  const stop = startSimulation(db, Date.now, (e) => errors.push(e), 2);
  try {
    const deadline = Date.now() + 10_000;
    while (!['settled', 'putFailed'].includes((await planRow(db, id)).status) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
  } finally {
    await stop();
  }
  assert.deepEqual(errors, []);
  assert.ok(['settled', 'putFailed'].includes((await planRow(db, id)).status), (await planRow(db, id)).status);
  const b = await books(db, user.id);
  assert.equal(b.ledgerSum, b.balance);
  assert.equal(b.toBeSettled, 0);
});

test("the statistics and the level are computed from the simulation's rows, and the wallet figures from its books", async (t) => {
  const now = Date.parse('2031-05-01T10:00:00Z');
  const s = await startServer(t, { clock: () => now, simulation: false });
  const user = await bareMerchant(s.db, { createdAt: new Date(now - 86_400_000).toISOString() });
  await topUp(s.db, user.id, 1_000_000, now - 3_600_000);
  const token = (await issueToken(s.db, user.id, 3600, now)).token;
  // Put 40 minutes ago at 5 s a step: settled by now (the route catches the simulation up before answering).
  const id = await putTestPlan(s.db, user.id, { putCents: 300_000, atMs: now - 40 * 60_000, stepMs: 5_000 });
  const r = await s.call('statistics', { type: 'today', user_time_zone: 'UTC' }, token);
  assert.equal(r.body.code, 200, r.text);
  const st = r.body.data as Statistics;
  const p = await planRow(s.db, id);
  assert.equal(p.status, 'settled');
  assert.equal(st.consumed, '3000.00');
  assert.equal(st.impressions, p.impressions);
  assert.equal(st.clicks, p.clicks);
  assert.equal(Math.round(Number(st.ad_revenue) * 100), p.revenue_cents);
  // Steps fall in the real hours they happened in: 09:20-10:00 here.
  const hours = await s.db.selectFrom('plan_stats').select('hour').where('plan_id', '=', id).orderBy('hour').execute();
  assert.deepEqual([...new Set(hours.map((h) => h.hour))], ['2031-05-01T09:00:00.000Z']);
  const prop = (await s.call('property', {}, token)).body.data as Property;
  assert.equal(prop.to_be_settled, '0.00');
  assert.equal(prop.to_be_consumed, '0.00');
  assert.equal(prop.balance, fromCents(700_000 + p.revenue_cents));
  assert.equal(prop.total_assets, prop.balance);
  const level = (await s.call('level', {}, token)).body.data as LevelOverview;
  assert.equal(level.total_investment, '3000.00');
});

/** Puts four plans (different schedules) on a fresh shared database and returns it with the merchant's id. */
async function sharedWithPlans(t: TestContext): Promise<{ shared: SharedDb; userId: number; ids: number[] }> {
  const shared = await sharedDb();
  t.after(() => shared.dispose());
  const store = await shared.connect();
  const db = store.db;
  const user = await bareMerchant(db);
  await topUp(db, user.id, 5_000_000, T0 - 60_000);
  const ids: number[] = [];
  for (const [i, id] of [11_001, 11_002, 11_003, 11_004].entries()) {
    ids.push(await putTestPlan(db, user.id, { id, putCents: 100_000 * (i + 1), atMs: T0 + i * 333, stepMs: STEP }));
  }
  await store.close();
  return { shared, userId: user.id, ids };
}

/** Everything the simulation writes for a merchant, to compare two runs. */
async function snapshot(db: Db, userId: number, ids: number[]): Promise<unknown> {
  const plans = await db.selectFrom('plans').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return {
    plans: plans.map(({ plan_no: _n, ...rest }) => rest),
    stats: await db
      .selectFrom('plan_stats')
      .select(['plan_id', 'hour', 'impressions', 'clicks', 'consumed_cents', 'revenue_cents'])
      .where('user_id', '=', userId)
      .orderBy('plan_id')
      .orderBy('hour')
      .execute(),
    events: await db
      .selectFrom('plan_events')
      .select(['plan_id', 'status', 'at'])
      .where('plan_id', 'in', ids)
      .orderBy('plan_id')
      .orderBy('id')
      .execute(),
    ledger: await db
      .selectFrom('transaction_flow')
      .select(['type', 'amount_cents', 'balance_after_cents', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    wallet: await db
      .selectFrom('wallets')
      .select(['balance_cents', 'to_be_settled_cents'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  };
}

test('a restart mid-way continues where the database says, and a step rolled back is taken again once: no double credit', async (t) => {
  const control = await sharedWithPlans(t);
  const a = await sharedWithPlans(t);
  const end = T0 + (MAX_LIFE_STEPS + 2) * STEP;
  const c = await control.shared.connect();
  await advancePlans(c.db, end, { failPercent: 0 });
  const expected = await snapshot(c.db, control.userId, control.ids);
  await c.close();

  // Run a, stopping (closing the connection) at several points, one of them inside a step's transaction.
  let store = await a.shared.connect();
  await advancePlans(store.db, T0 + 30 * STEP, { failPercent: 0 });
  await store.close();
  store = await a.shared.connect();
  await assert.rejects(
    inTransaction(store.db, async (trx) => {
      await advancePlans(trx, T0 + 200 * STEP, { failPercent: 0 });
      throw new Error('the process dies before the commit');
    }),
    /dies/,
  );
  await store.close();
  store = await a.shared.connect();
  await advancePlans(store.db, T0 + 30 * STEP, { failPercent: 0 }); // an older clock: nothing to do
  await advancePlans(store.db, T0 + 120 * STEP + 500, { failPercent: 0 });
  await store.close();
  store = await a.shared.connect();
  const db = store.db;
  await advancePlans(db, end, { failPercent: 0 });
  await advancePlans(db, end, { failPercent: 0 });
  assert.deepEqual(await snapshot(db, a.userId, a.ids), expected);
  for (const id of a.ids) assert.equal((await planRow(db, id)).status, 'settled');
  const b = await books(db, a.userId);
  assert.equal(b.ledgerSum, b.balance);
  assert.equal(b.toBeSettled, 0);
  await store.close();
});

test('runners racing on one database (as several server processes would) apply every step exactly once', async (t) => {
  const control = await sharedWithPlans(t);
  const raced = await sharedWithPlans(t);
  const c = await control.shared.connect();
  const total =
    (await advancePlans(c.db, T0 + 150 * STEP, { failPercent: 0 })).steps +
    (await advancePlans(c.db, T0 + (MAX_LIFE_STEPS + 2) * STEP, { failPercent: 0 })).steps;
  const expected = await snapshot(c.db, control.userId, control.ids);
  await c.close();
  const first = await simRace(raced.shared, 4, T0 + 150 * STEP);
  const second = await simRace(raced.shared, 4, T0 + (MAX_LIFE_STEPS + 2) * STEP);
  assert.equal(
    [...first, ...second].reduce((a, n) => a + n, 0),
    total,
    `steps per racer: ${first} / ${second}`,
  );
  const store = await raced.shared.connect();
  assert.deepEqual(await snapshot(store.db, raced.userId, raced.ids), expected);
  await store.close();
});

test('delivery figures: integer, the put amount exactly, a daily rhythm, and the same for the same plan on any server', () => {
  const s = planSchedule(4242, 0);
  const f = deliveryFigures(4242, 987_654, T0, s);
  assert.equal(f.length, s.putSteps);
  assert.equal(
    f.reduce((a, x) => a + x.consumed_cents, 0),
    987_654,
  );
  assert.ok(
    f.every(
      (x) =>
        Number.isInteger(x.impressions) &&
        Number.isInteger(x.clicks) &&
        x.consumed_cents >= 0 &&
        x.clicks <= x.impressions,
    ),
  );
  assert.deepEqual(deliveryFigures(4242, 987_654, T0, s), f);
  const day = f.slice(0, 24).map((x) => x.consumed_cents);
  assert.ok(Math.min(...day) * 3 < Math.max(...day), `${day}`);
  // Huge amounts stay exact (BigInt shares).
  const big = deliveryFigures(4242, 999_999_999_999_99, T0, s);
  assert.equal(
    big.reduce((a, x) => a + x.consumed_cents, 0),
    999_999_999_999_99,
  );
});

test('test API: waiting plans with a put range for a merchant, and a balance the ledger explains', async (t) => {
  const s = await startServer(t, { simulation: false });
  const m = (await s.post('/api/__test__/merchant', {})).body.data as { username: string };
  const userId = (
    await s.db.selectFrom('users').select('id').where('username', '=', m.username).executeTakeFirstOrThrow()
  ).id;
  const r = await s.post('/api/__test__/plans', {
    username: m.username,
    lowest: '100.00',
    highest: '5000',
    product_id: 3,
    official: true,
    count: 3,
  });
  assert.equal(r.body.code, 200, r.text);
  const ids = r.body.data.ids as number[];
  assert.equal(ids.length, 3);
  for (const id of ids) {
    const p = await s.db
      .selectFrom('plans')
      .select(['user_id', 'status', 'lowest_put_cents', 'highest_put_cents', 'product_id', 'official'])
      .where('id', '=', id)
      .executeTakeFirst();
    assert.deepEqual(p, {
      user_id: userId,
      status: 'waitPut',
      lowest_put_cents: 10_000,
      highest_put_cents: 500_000,
      product_id: 3,
      official: 1,
    });
    assert.deepEqual(
      (await events(s.db, id)).map((e) => e.status),
      ['waitPut'],
    );
  }
  assert.equal(
    (await s.post('/api/__test__/plans', { username: m.username, lowest: '10.00', highest: '5.00' })).body.code,
    400,
  );
  assert.equal(
    (await s.post('/api/__test__/plans', { username: m.username, lowest: '1.00', highest: '5.00', product_id: 999 }))
      .body.data.reason,
    'not_found',
  );
  assert.equal(
    (await s.post('/api/__test__/plans', { username: 'nobody-here', lowest: '1.00', highest: '5.00' })).body.data
      .reason,
    'not_found',
  );

  for (const balance of ['123.45', '20000.00', '0.00']) {
    const w = await s.post('/api/__test__/wallet', { username: m.username, balance });
    assert.equal(w.body.code, 200, w.text);
    assert.equal(w.body.data.balance, balance);
    const b = await books(s.db, userId);
    assert.equal(fromCents(b.balance), balance);
    assert.equal(b.ledgerSum, b.balance);
    assert.equal(b.lastBalanceAfter, b.balance);
  }
  const last = (await ledger(s.db, userId)).slice(-3).map((f) => f.type);
  assert.deepEqual(last, ['system_debit', 'system_topup', 'system_debit']);
});

test('a tick of the runner is claimed by one of the processes ticking together; a claim from a clock far ahead is no claim', async (t) => {
  const shared = await sharedDb();
  const stores = await Promise.all([0, 1, 2, 3, 4].map(() => shared.connect()));
  t.after(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await shared.dispose();
  });
  const now = Date.now();
  // Five processes (connections) claiming the same tick at once: one gets it.
  const first = await Promise.all(stores.map((s) => claimJobTick(s.db, 'simulation', now, 1000)));
  assert.equal(first.filter(Boolean).length, 1, JSON.stringify(first));
  assert.equal(await claimJobTick(stores[0].db, 'simulation', now + 500, 1000), false, 'within the interval: taken');
  assert.equal(await claimJobTick(stores[1].db, 'simulation', now + 1000, 1000), true, 'an interval later: free again');
  // A claimer whose clock ran an hour fast: the others claim as if it had not.
  assert.equal(await claimJobTick(stores[2].db, 'simulation', now + 3_600_000, 1000), true);
  assert.equal(await claimJobTick(stores[3].db, 'simulation', now + 2000, 1000), true);
});
