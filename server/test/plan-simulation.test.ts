/**
 * The delivery simulation over a plan's whole life: the status table, a put carried to settled with
 * its books checked after every step, a failed match returning the money and the coupon, the minute's worst case
 * at 150 ms, the hourly rows behind the statistics, and restarts and parallel runners that never credit twice.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { LevelOverview, Statistics } from '../../src/api/shapes/ad-center';
import { PLAN_STATUSES, type PlanStatus } from '../../src/api/shapes/plan';
import type { FlowRemark, Property } from '../../src/api/shapes/wallet';
import { migrate, open, type DB } from '../db/index';
import { fromCents } from '../../src/lib/money';
import { seed } from '../seed/seed';
import { deliveryFigures, lifeSteps, MAX_LIFE_STEPS, planSchedule, statusAfter } from '../services/plans/schedule';
import { advancePlans, startSimulation } from '../services/plans/simulation';
import { canMove, ForbiddenTransition, moveStatus, PLAN_TRANSITIONS } from '../services/plans/transitions';
import { issueToken } from '../services/users';
import { addPlan, bareMerchant, seededDb } from './ad-center-support';
import { startServer } from './helpers';
import { books, putTestPlan, topUp } from './plan-support';
import { simRace } from './sim-race';

const T0 = Date.parse('2031-05-01T08:00:00Z');
const STEP = 1_000;

interface PlanRow {
  id: number; plan_no: string; status: PlanStatus; sim_step: number; put_amount_cents: number; consumed_cents: number; impressions: number;
  clicks: number; revenue_cents: number; put_progress: number; settled_cents: number | null; paid_cents: number;
}
const planRow = (db: DB, id: number) => db.prepare('SELECT * FROM plans WHERE id = ?').get(id) as PlanRow;
const events = (db: DB, id: number) => db.prepare('SELECT status, at FROM plan_events WHERE plan_id = ? ORDER BY id').all(id) as { status: string; at: string }[];
const ledger = (db: DB, userId: number) =>
  (db.prepare('SELECT type, amount_cents, balance_after_cents, remark_data, created_at FROM transaction_flow WHERE user_id = ? ORDER BY id').all(userId) as
    { type: string; amount_cents: number; balance_after_cents: number; remark_data: string | null; created_at: string }[])
    .map(({ remark_data, ...r }) => ({ ...r, remark: remark_data === null ? null : JSON.parse(remark_data) as FlowRemark }));
const statSums = (db: DB, id: number) => db.prepare(`SELECT COALESCE(SUM(impressions), 0) AS impressions, COALESCE(SUM(clicks), 0) AS clicks,
  COALESCE(SUM(consumed_cents), 0) AS consumed, COALESCE(SUM(revenue_cents), 0) AS revenue, COUNT(*) AS n FROM plan_stats WHERE plan_id = ?`).get(id) as
  { impressions: number; clicks: number; consumed: number; revenue: number; n: number };

test('every status move the table allows succeeds and is on the timeline; every other one of the 7×7 is refused and changes nothing', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  let allowed = 0;
  for (const from of PLAN_STATUSES) {
    for (const to of PLAN_STATUSES) {
      const id = addPlan(db, user.id, { putCents: 1_000, status: from, createdAt: new Date(T0).toISOString() });
      const before = events(db, id).length;
      const at = new Date(T0 + 1000).toISOString();
      if (PLAN_TRANSITIONS[from].includes(to)) {
        allowed++;
        assert.ok(canMove(from, to));
        db.transaction(() => moveStatus(db, id, from, to, at))();
        assert.equal(planRow(db, id).status, to, `${from} → ${to}`);
        assert.deepEqual(events(db, id).slice(before), [{ status: to, at }]);
        // The same move again: the plan is no longer in `from` (compare-and-set), so it is refused.
        assert.throws(() => moveStatus(db, id, from, to, at), ForbiddenTransition);
      } else {
        assert.equal(canMove(from, to), false, `${from} → ${to}`);
        assert.throws(() => db.transaction(() => moveStatus(db, id, from, to, at))(), ForbiddenTransition, `${from} → ${to}`);
        assert.equal(planRow(db, id).status, from);
        assert.equal(events(db, id).length, before);
      }
    }
  }
  // waitPut→matching, matching→puting|putFailed, puting→putFinished, putFinished→waitSettlement, waitSettlement→settled.
  assert.equal(allowed, 6);
  assert.deepEqual(PLAN_TRANSITIONS.settled, []);
  assert.deepEqual(PLAN_TRANSITIONS.putFailed, []);
});

test('a put is carried to settled step by step: delivery rows, timeline, ledger rows, and the books balanced after every step', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  topUp(db, user.id, 1_000_000, T0 - 60_000);
  const start = books(db, user.id);
  // A put of 5,000.00 with a 250.00 coupon: the merchant pays 4,750.00.
  const coupon = addUserCoupon(db, user.id, T0);
  const id = putTestPlan(db, user.id, { putCents: 500_000, userCouponId: coupon, atMs: T0, stepMs: STEP });
  const plan = planRow(db, id);
  const s = planSchedule(id, 0);
  const life = lifeSteps(s);

  let b = books(db, user.id);
  assert.equal(b.balance, start.balance - 475_000);
  assert.equal(b.total, start.total + 25_000, 'a put adds the coupon\'s reduction to total assets');
  const afterPut = b.total;
  let previousConsumed = 0;
  for (let k = 1; k <= life; k++) {
    const r = advancePlans(db, T0 + k * STEP, { failPercent: 0, userId: user.id });
    assert.equal(r.steps, 1, `step ${k}`);
    const p = planRow(db, id);
    assert.equal(p.sim_step, k);
    assert.equal(p.status, statusAfter(s, k), `status after step ${k}`);
    b = books(db, user.id);
    // The invariants, after every step.
    assert.equal(b.ledgerSum, b.balance, `ledger sum at step ${k}`);
    assert.equal(b.lastBalanceAfter, b.balance, `last row's balance at step ${k}`);
    if (p.status !== 'settled') assert.equal(b.total, afterPut, `total assets at step ${k}`);
    else assert.equal(b.total, afterPut + p.revenue_cents - p.consumed_cents, 'settlement moves total assets by revenue − consumed');
    assert.ok(p.consumed_cents >= previousConsumed && p.consumed_cents <= p.put_amount_cents);
    previousConsumed = p.consumed_cents;
    const t = statSums(db, id);
    assert.deepEqual([t.consumed, t.impressions, t.clicks, t.revenue], [p.consumed_cents, p.impressions, p.clicks, p.revenue_cents], 'the plan\'s totals are its hourly rows');
    if (p.status === 'puting' || p.status === 'matching') assert.equal(b.toBeSettled, p.consumed_cents);
  }
  assert.equal(advancePlans(db, T0 + 10 * life * STEP, { userId: user.id }).steps, 0, 'a settled plan takes no more steps');

  const done = planRow(db, id);
  assert.equal(done.status, 'settled');
  assert.equal(done.consumed_cents, 500_000, 'the put amount is spent exactly');
  assert.equal(done.put_progress, 100);
  assert.equal(done.settled_cents, done.revenue_cents);
  assert.ok(done.impressions > 0 && done.clicks > 0 && done.clicks < done.impressions);
  b = books(db, user.id);
  assert.equal(b.toBeSettled, 0);
  assert.equal(b.toBeConsumed, 0);
  assert.equal(b.balance, start.balance - 475_000 + done.revenue_cents);

  const rows = ledger(db, user.id).slice(1);
  const billing = Math.min(done.revenue_cents, done.consumed_cents);
  assert.deepEqual(rows.map((r) => [r.type, r.amount_cents, r.remark]), [
    ['ad_serving', -475_000, { kind: 'put', plan: plan.plan_no }],
    ['ad_billing', billing, { kind: 'settlement', plan: plan.plan_no }],
    ...(done.revenue_cents > done.consumed_cents ? [['profit_sharing', done.revenue_cents - done.consumed_cents, { kind: 'settlement', plan: plan.plan_no }]] : []),
  ]);
  const settledAt = new Date(T0 + life * STEP).toISOString();
  assert.equal(rows[rows.length - 1]!.created_at, settledAt);

  // The timeline: each move at the step it happened in.
  const at = (k: number) => new Date(T0 + k * STEP).toISOString();
  assert.deepEqual(events(db, id).slice(1), [
    { status: 'matching', at: at(0) },
    { status: 'puting', at: at(s.matchSteps) },
    { status: 'putFinished', at: at(s.matchSteps + s.putSteps) },
    { status: 'waitSettlement', at: at(s.matchSteps + s.putSteps + 1) },
    { status: 'settled', at: settledAt },
  ]);
});

/** A put coupon the merchant holds (state used once the put takes it). */
function addUserCoupon(db: DB, userId: number, atMs: number): number {
  const couponId = Number(db.prepare("INSERT INTO coupons (name, kind, amount_cents) VALUES ('Test deduction', 'deduction', 25000)").run().lastInsertRowid);
  const at = new Date(atMs - 3_600_000).toISOString();
  return Number(db.prepare(`INSERT INTO user_coupons (user_id, coupon_id, state, received_day, received_at, expire_at)
    VALUES (?, ?, 'unused', ?, ?, ?)`).run(userId, couponId, at.slice(0, 10), at, new Date(atMs + 30 * 86_400_000).toISOString()).lastInsertRowid);
}

test('a match that fails returns what was paid (a ledger row) and the coupon, in the same step', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  topUp(db, user.id, 300_000, T0 - 60_000);
  const start = books(db, user.id);
  const coupon = addUserCoupon(db, user.id, T0);
  const id = putTestPlan(db, user.id, { putCents: 200_000, userCouponId: coupon, atMs: T0, stepMs: STEP });
  const s = planSchedule(id, 100);
  assert.ok(s.fails);
  assert.equal(lifeSteps(s), s.matchSteps);
  const couponRow = () => db.prepare('SELECT state, used_at FROM user_coupons WHERE id = ?').get(coupon) as { state: string; used_at: string | null };
  assert.deepEqual(couponRow().state, 'used');

  for (let k = 1; k < s.matchSteps; k++) {
    advancePlans(db, T0 + k * STEP, { failPercent: 100, userId: user.id });
    assert.equal(planRow(db, id).status, 'matching');
    assert.equal(books(db, user.id).total, start.total + 25_000);
  }
  advancePlans(db, T0 + s.matchSteps * STEP, { failPercent: 100, userId: user.id });
  const p = planRow(db, id);
  assert.equal(p.status, 'putFailed');
  assert.equal(p.consumed_cents, 0);
  assert.equal(statSums(db, id).n, 0, 'a failed plan delivered nothing');
  const b = books(db, user.id);
  assert.equal(b.balance, start.balance, 'the money is back');
  assert.equal(b.total, start.total, 'a failure takes the reduction back out of total assets');
  assert.equal(b.toBeConsumed, 0);
  assert.equal(b.ledgerSum, b.balance);
  assert.equal(b.lastBalanceAfter, b.balance);
  assert.deepEqual(ledger(db, user.id).slice(1).map((r) => [r.type, r.amount_cents, r.remark]), [
    ['ad_serving', -175_000, { kind: 'put', plan: p.plan_no }], ['ad_serving', 175_000, { kind: 'put_refund', plan: p.plan_no }],
  ]);
  assert.deepEqual(couponRow(), { state: 'unused', used_at: null });
  assert.deepEqual(events(db, id).map((e) => e.status), ['waitPut', 'matching', 'putFailed']);
  assert.equal(advancePlans(db, T0 + 1_000 * STEP, { failPercent: 100, userId: user.id }).steps, 0);
});

test('at 150 ms a step, a new plan reaches settled or put failed within 60 s, even with the longest schedule', () => {
  assert.ok(MAX_LIFE_STEPS * 150 < 60_000, `${MAX_LIFE_STEPS} steps`);
  let longest = 0;
  let longestId = 0;
  for (let id = 1_000; id <= 51_000; id++) {
    const s = planSchedule(id, 0);
    assert.ok(s.matchSteps >= 1 && s.matchSteps <= 4 && s.putSteps >= 24 && s.putSteps <= 240 && s.settleSteps >= 2 && s.settleSteps <= 6);
    const life = lifeSteps(s);
    if (life > longest) [longest, longestId] = [life, id];
  }
  assert.ok(longest <= MAX_LIFE_STEPS && longest > 240);
  // The shares: about one in ten fails by default.
  const failed = Array.from({ length: 10_000 }, (_, i) => planSchedule(i + 1, 10).fails).filter(Boolean).length;
  assert.ok(failed > 800 && failed < 1200, String(failed));

  const db = seededDb();
  const user = bareMerchant(db);
  topUp(db, user.id, 100_000_000, T0 - 60_000);
  const id = putTestPlan(db, user.id, { id: longestId, putCents: 12_345_678, atMs: T0, stepMs: 150 });
  advancePlans(db, T0 + 60_000 - 1, { failPercent: 0, userId: user.id });
  assert.equal(planRow(db, id).status, 'settled');
  assert.equal(planRow(db, id).sim_step, longest);
});

test('the runner (the app\'s timer) carries a fast plan to settled on its own', async () => {
  const db = seededDb();
  const user = bareMerchant(db);
  topUp(db, user.id, 100_000, Date.now() - 60_000);
  const id = putTestPlan(db, user.id, { putCents: 50_000, atMs: Date.now(), stepMs: 2 });
  const errors: unknown[] = [];
  const stop = startSimulation(db, Date.now, (e) => errors.push(e), 2);
  try {
    const deadline = Date.now() + 10_000;
    while (!['settled', 'putFailed'].includes(planRow(db, id).status) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  } finally {
    stop();
  }
  assert.deepEqual(errors, []);
  assert.ok(['settled', 'putFailed'].includes(planRow(db, id).status), planRow(db, id).status);
  const b = books(db, user.id);
  assert.equal(b.ledgerSum, b.balance);
  assert.equal(b.toBeSettled, 0);
});

test('the statistics and the level are computed from the simulation\'s rows, and the wallet figures from its books', async (t) => {
  const now = Date.parse('2031-05-01T10:00:00Z');
  const s = await startServer(t, { clock: () => now, simulation: false });
  const user = bareMerchant(s.db, { createdAt: new Date(now - 86_400_000).toISOString() });
  topUp(s.db, user.id, 1_000_000, now - 3_600_000);
  const token = issueToken(s.db, user.id, 3600, now).token;
  // Put 40 minutes ago at 5 s a step: settled by now (the route catches the simulation up before answering).
  const id = putTestPlan(s.db, user.id, { putCents: 300_000, atMs: now - 40 * 60_000, stepMs: 5_000 });
  const r = await s.call('statistics', { type: 'today', user_time_zone: 'UTC' }, token);
  assert.equal(r.body.code, 200, r.text);
  const st = r.body.data as Statistics;
  const p = planRow(s.db, id);
  assert.equal(p.status, 'settled');
  assert.equal(st.consumed, '3000.00');
  assert.equal(st.impressions, p.impressions);
  assert.equal(st.clicks, p.clicks);
  assert.equal(Math.round(Number(st.ad_revenue) * 100), p.revenue_cents);
  // Steps fall in the real hours they happened in: 09:20-10:00 here.
  const hours = s.db.prepare('SELECT hour FROM plan_stats WHERE plan_id = ? ORDER BY hour').all(id) as { hour: string }[];
  assert.deepEqual([...new Set(hours.map((h) => h.hour))], ['2031-05-01T09:00:00.000Z']);
  const prop = (await s.call('property', {}, token)).body.data as Property;
  assert.equal(prop.to_be_settled, '0.00');
  assert.equal(prop.to_be_consumed, '0.00');
  assert.equal(prop.balance, fromCents(700_000 + p.revenue_cents));
  assert.equal(prop.total_assets, prop.balance);
  const level = (await s.call('level', {}, token)).body.data as LevelOverview;
  assert.equal(level.total_investment, '3000.00');
});

/** Puts four plans (different schedules) on a fresh file and returns it with the merchant's id. */
function fileWithPlans(dir: string, name: string): { path: string; userId: number; ids: number[] } {
  const path = join(dir, name);
  const db = open(path);
  migrate(db);
  seed(db);
  const user = bareMerchant(db);
  topUp(db, user.id, 5_000_000, T0 - 60_000);
  const ids = [11_001, 11_002, 11_003, 11_004].map((id, i) => putTestPlan(db, user.id, { id, putCents: 100_000 * (i + 1), atMs: T0 + i * 333, stepMs: STEP }));
  db.close();
  return { path, userId: user.id, ids };
}

/** Everything the simulation writes for a merchant, to compare two runs. */
function snapshot(db: DB, userId: number, ids: number[]): unknown {
  return {
    plans: ids.map((id) => { const { plan_no: _n, ...rest } = db.prepare('SELECT * FROM plans WHERE id = ?').get(id) as Record<string, unknown>; return rest; }),
    stats: db.prepare('SELECT plan_id, hour, impressions, clicks, consumed_cents, revenue_cents FROM plan_stats WHERE user_id = ? ORDER BY plan_id, hour').all(userId),
    events: db.prepare(`SELECT plan_id, status, at FROM plan_events WHERE plan_id IN (${ids.join(',')}) ORDER BY plan_id, id`).all(),
    ledger: db.prepare('SELECT type, amount_cents, balance_after_cents, created_at FROM transaction_flow WHERE user_id = ? ORDER BY id').all(userId),
    wallet: db.prepare('SELECT balance_cents, to_be_settled_cents FROM wallets WHERE user_id = ?').get(userId),
  };
}

test('a restart mid-way continues where the database says, and a step rolled back is taken again once: no double credit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-restart-'));
  try {
    const control = fileWithPlans(dir, 'control.db');
    const a = fileWithPlans(dir, 'a.db');
    const end = T0 + (MAX_LIFE_STEPS + 2) * STEP;
    const c = open(control.path);
    advancePlans(c, end, { failPercent: 0 });
    const expected = snapshot(c, control.userId, control.ids);
    c.close();

    // Run a, stopping (closing the file) at several points, one of them inside a step's transaction.
    let db = open(a.path);
    advancePlans(db, T0 + 30 * STEP, { failPercent: 0 });
    db.close();
    db = open(a.path);
    assert.throws(() => db.transaction(() => {
      advancePlans(db, T0 + 200 * STEP, { failPercent: 0 });
      throw new Error('the process dies before the commit');
    })(), /dies/);
    db.close();
    db = open(a.path);
    advancePlans(db, T0 + 30 * STEP, { failPercent: 0 }); // an older clock: nothing to do
    advancePlans(db, T0 + 120 * STEP + 500, { failPercent: 0 });
    db.close();
    db = open(a.path);
    advancePlans(db, end, { failPercent: 0 });
    advancePlans(db, end, { failPercent: 0 });
    assert.deepEqual(snapshot(db, a.userId, a.ids), expected);
    for (const id of a.ids) assert.equal(planRow(db, id).status, 'settled');
    const b = books(db, a.userId);
    assert.equal(b.ledgerSum, b.balance);
    assert.equal(b.toBeSettled, 0);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('runners racing on one file (as two server processes would) apply every step exactly once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-race-'));
  try {
    const control = fileWithPlans(dir, 'control.db');
    const raced = fileWithPlans(dir, 'raced.db');
    const c = open(control.path);
    const total = advancePlans(c, T0 + 150 * STEP, { failPercent: 0 }).steps + advancePlans(c, T0 + (MAX_LIFE_STEPS + 2) * STEP, { failPercent: 0 }).steps;
    const expected = snapshot(c, control.userId, control.ids);
    c.close();
    const first = await simRace(raced.path, 4, T0 + 150 * STEP);
    const second = await simRace(raced.path, 4, T0 + (MAX_LIFE_STEPS + 2) * STEP);
    assert.equal([...first, ...second].reduce((a, n) => a + n, 0), total, `steps per racer: ${first} / ${second}`);
    const db = open(raced.path);
    assert.deepEqual(snapshot(db, raced.userId, raced.ids), expected);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('delivery figures: integer, the put amount exactly, a daily rhythm, and the same for the same plan on any server', () => {
  const s = planSchedule(4242, 0);
  const f = deliveryFigures(4242, 987_654, T0, s);
  assert.equal(f.length, s.putSteps);
  assert.equal(f.reduce((a, x) => a + x.consumed_cents, 0), 987_654);
  assert.ok(f.every((x) => Number.isInteger(x.impressions) && Number.isInteger(x.clicks) && x.consumed_cents >= 0 && x.clicks <= x.impressions));
  assert.deepEqual(deliveryFigures(4242, 987_654, T0, s), f);
  const day = f.slice(0, 24).map((x) => x.consumed_cents);
  assert.ok(Math.min(...day) * 3 < Math.max(...day), `${day}`);
  // Huge amounts stay exact (BigInt shares).
  const big = deliveryFigures(4242, 999_999_999_999_99, T0, s);
  assert.equal(big.reduce((a, x) => a + x.consumed_cents, 0), 999_999_999_999_99);
});

test('test API: waiting plans with a put range for a merchant, and a balance the ledger explains', async (t) => {
  const s = await startServer(t, { simulation: false });
  const m = (await s.post('/api/__test__/merchant', {})).body.data as { username: string };
  const userId = (s.db.prepare('SELECT id FROM users WHERE username = ?').get(m.username) as { id: number }).id;
  const r = await s.post('/api/__test__/plans', { username: m.username, lowest: '100.00', highest: '5000', product_id: 3, official: true, count: 3 });
  assert.equal(r.body.code, 200, r.text);
  const ids = r.body.data.ids as number[];
  assert.equal(ids.length, 3);
  for (const id of ids) {
    const p = s.db.prepare('SELECT user_id, status, lowest_put_cents, highest_put_cents, product_id, official FROM plans WHERE id = ?').get(id);
    assert.deepEqual(p, { user_id: userId, status: 'waitPut', lowest_put_cents: 10_000, highest_put_cents: 500_000, product_id: 3, official: 1 });
    assert.deepEqual(events(s.db, id).map((e) => e.status), ['waitPut']);
  }
  assert.equal((await s.post('/api/__test__/plans', { username: m.username, lowest: '10.00', highest: '5.00' })).body.code, 400);
  assert.equal((await s.post('/api/__test__/plans', { username: m.username, lowest: '1.00', highest: '5.00', product_id: 999 })).body.data.reason, 'not_found');
  assert.equal((await s.post('/api/__test__/plans', { username: 'nobody-here', lowest: '1.00', highest: '5.00' })).body.data.reason, 'not_found');

  for (const balance of ['123.45', '20000.00', '0.00']) {
    const w = await s.post('/api/__test__/wallet', { username: m.username, balance });
    assert.equal(w.body.code, 200, w.text);
    assert.equal(w.body.data.balance, balance);
    const b = books(s.db, userId);
    assert.equal(fromCents(b.balance), balance);
    assert.equal(b.ledgerSum, b.balance);
    assert.equal(b.lastBalanceAfter, b.balance);
  }
  const last = ledger(s.db, userId).slice(-3).map((f) => f.type);
  assert.deepEqual(last, ['system_debit', 'system_topup', 'system_debit']);
});
