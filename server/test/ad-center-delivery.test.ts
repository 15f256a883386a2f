/**
 * Delivery as the ad centre sees it (services/plans/simulation.ts): the hourly rows the overview and the ticker sum,
 * written step by step. Deterministic, never past the put amount, safe against stale readers and other connections,
 * caught up lazily (throttled, but never so long that a fast plan goes stale), and the seed's plans in every status.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Statistics } from '../../src/api/shapes/ad-center';
import { PLAN_STATUSES } from '../../src/api/shapes/plan';
import type { Property } from '../../src/api/shapes/wallet';
import { migrate, open, type DB } from '../db/index';
import { seed } from '../seed/seed';
import { lifeSteps, MAX_LIFE_STEPS, planSchedule } from '../services/plans/schedule';
import { advanceDue, advancePlans, ensureDelivered } from '../services/plans/simulation';
import { toBeConsumedCents } from '../services/wallet';
import { bareMerchant, seededDb, tokenFor } from './ad-center-support';
import { startServer } from './helpers';
import { books, planIdWhere, putTestPlan, topUp } from './plan-support';

const HOUR = 3_600_000;
const T0 = Date.parse('2031-03-10T12:30:00Z');

interface PlanRow { status: string; put_amount_cents: number; consumed_cents: number; put_progress: number; impressions: number; clicks: number; revenue_cents: number; sim_step: number }
const planRow = (db: DB, id: number) => db.prepare('SELECT * FROM plans WHERE id = ?').get(id) as PlanRow;
const rows = (db: DB, id: number) => db.prepare('SELECT hour, impressions, clicks, consumed_cents, revenue_cents FROM plan_stats WHERE plan_id = ? ORDER BY hour').all(id) as
  { hour: string; impressions: number; clicks: number; consumed_cents: number; revenue_cents: number }[];
const sums = (db: DB, id: number) => db.prepare(`SELECT COALESCE(SUM(consumed_cents), 0) AS consumed, COALESCE(SUM(impressions), 0) AS impressions,
  COALESCE(SUM(clicks), 0) AS clicks, COALESCE(SUM(revenue_cents), 0) AS revenue, COUNT(*) AS n FROM plan_stats WHERE plan_id = ?`).get(id) as
  { consumed: number; impressions: number; clicks: number; revenue: number; n: number };

test('delivery never overspends a plan: at every moment within the put amount, and exactly the put amount at the end', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  topUp(db, user.id, 100_000_000_000, T0 - HOUR);
  // Plans of every size, put at different moments and paces.
  const ids = Array.from({ length: 30 }, (_, i) => putTestPlan(db, user.id, {
    putCents: 1 + ((i * 7919) % 50) * 99_997, atMs: T0 + i * 1_234, stepMs: 500 + (i % 4) * 250,
  }));
  ids.push(putTestPlan(db, user.id, { putCents: 100_000_000_000 - ids.reduce((a, id) => a + planRow(db, id).put_amount_cents, 0), atMs: T0, stepMs: 700 }));
  // Irregular catch-ups, as answers and ticks would come.
  for (let t = T0; t < T0 + MAX_LIFE_STEPS * 1_250 + 5_000; t += 1 + ((t * 31) % 9_000)) {
    advancePlans(db, t, { failPercent: 0, userId: user.id });
    for (const id of ids) {
      const p = planRow(db, id);
      assert.ok(p.consumed_cents <= p.put_amount_cents, `plan ${id} overspent`);
      assert.equal(p.consumed_cents, sums(db, id).consumed);
    }
  }
  advancePlans(db, T0 + 10 * MAX_LIFE_STEPS * 1_250, { failPercent: 0, userId: user.id });
  for (const id of ids) {
    const p = planRow(db, id);
    const t = sums(db, id);
    assert.equal(p.status, 'settled');
    assert.equal(p.consumed_cents, p.put_amount_cents);
    assert.equal(p.put_progress, 100);
    assert.deepEqual([p.impressions, p.clicks, p.revenue_cents], [t.impressions, t.clicks, t.revenue]);
  }
  const types = db.prepare(`SELECT DISTINCT typeof(impressions) || typeof(clicks) || typeof(consumed_cents) || typeof(revenue_cents) AS t FROM plan_stats`).all();
  assert.deepEqual(types, [{ t: 'integerintegerintegerinteger' }]);
  assert.equal((db.prepare('SELECT COUNT(*) AS n FROM plan_stats WHERE clicks > impressions').get() as { n: number }).n, 0);
  const b = books(db, user.id);
  assert.equal(b.ledgerSum, b.balance);
  assert.equal(b.toBeSettled, 0);
});

test('each step lands in the real UTC hour it happened in; the same plan gives the same rows on another database; a second run changes nothing', () => {
  const run = () => {
    const db = seededDb();
    const user = bareMerchant(db);
    topUp(db, user.id, 10_000_000, T0 - HOUR);
    db.prepare('DELETE FROM plans WHERE id = 9999').run();
    const id = putTestPlan(db, user.id, { id: 9999, putCents: 3_000_000, atMs: T0, stepMs: 10 * 60_000 });
    advancePlans(db, T0 + 20 * HOUR, { failPercent: 0, userId: user.id });
    const first = rows(db, id);
    const plan = planRow(db, id);
    assert.equal(advancePlans(db, T0 + 20 * HOUR, { failPercent: 0, userId: user.id }).steps, 0);
    assert.deepEqual(rows(db, id), first);
    assert.deepEqual(planRow(db, id), plan);
    return { first, plan, s: planSchedule(id, 0) };
  };
  const a = run();
  const b = run();
  assert.deepEqual(a.first, b.first);
  // Six steps of ten minutes an hour: each hour's row holds the steps that fell in it.
  const steps = Math.min(a.plan.sim_step, a.s.matchSteps + a.s.putSteps);
  assert.equal(a.plan.sim_step, Math.min(lifeSteps(a.s), 120));
  const firstDelivery = T0 + (a.s.matchSteps + 1) * 10 * 60_000;
  const lastDelivery = T0 + steps * 10 * 60_000;
  assert.equal(a.first[0]!.hour, new Date(Math.floor(firstDelivery / HOUR) * HOUR).toISOString());
  assert.equal(a.first[a.first.length - 1]!.hour, new Date(Math.floor(lastDelivery / HOUR) * HOUR).toISOString());
});

test('a stale reader is safe: another connection took the steps, so this one finds nothing to do and then goes on like a plan never stale', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-stale-'));
  try {
    const path = join(dir, 'one.db');
    const setup = open(path);
    migrate(setup);
    seed(setup);
    const user = bareMerchant(setup);
    topUp(setup, user.id, 10_000_000, T0 - HOUR);
    const id = putTestPlan(setup, user.id, { putCents: 1_000_000, atMs: T0, stepMs: 1_000 });
    setup.close();

    const a = open(path);
    const b = open(path);
    // a learns the plan's next step (and keeps that knowledge), then b applies it and more.
    assert.ok(advanceDue(a, T0 + 10_000) > 0);
    const seen = planRow(a, id);
    assert.ok(advanceDue(b, T0 + 40_000) > 0);
    const moved = planRow(b, id);
    assert.ok(moved.sim_step > seen.sim_step);
    // a, at the moment b reached and before it: nothing is written twice.
    assert.equal(advancePlans(a, T0 + 40_000, { failPercent: 0 }).steps, 0);
    assert.equal(advanceDue(a, T0 + 20_000), 0);
    assert.deepEqual(planRow(a, id), moved);
    // a goes on to the end; the books are as if one runner had done it all.
    advanceDue(a, T0 + MAX_LIFE_STEPS * 1_000 + 1_000);
    const p = planRow(a, id);
    assert.equal(p.status, 'settled');
    assert.equal(p.consumed_cents, 1_000_000);
    assert.equal(sums(a, id).consumed, 1_000_000);
    const bk = books(a, user.id);
    assert.equal(bk.ledgerSum, bk.balance);
    assert.equal(bk.balance, 10_000_000 - 1_000_000 + p.revenue_cents);
    a.close();
    b.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the lazy catch-up runs at most once a minute at the realistic pace, and once a step at a fast one', () => {
  const saved = [process.env.SIMULATION_STEP_MS, process.env.SIMULATION_FAIL_PERCENT];
  try {
    delete process.env.SIMULATION_STEP_MS;
    process.env.SIMULATION_FAIL_PERCENT = '0';
    const db = seededDb();
    const user = bareMerchant(db);
    topUp(db, user.id, 10_000_000, T0 - HOUR);
    const t0 = T0 + 10 * HOUR;
    ensureDelivered(db, t0);
    const id = putTestPlan(db, user.id, { putCents: 100_000, atMs: t0 - 5 * HOUR - 1, stepMs: HOUR });
    ensureDelivered(db, t0 + 30_000);
    assert.equal(planRow(db, id).sim_step, 0, 'within the minute: not run again');
    ensureDelivered(db, t0 + 61_000);
    assert.equal(planRow(db, id).sim_step, 5);

    process.env.SIMULATION_STEP_MS = '150';
    const fast = seededDb();
    const other = bareMerchant(fast);
    topUp(fast, other.id, 10_000_000, T0 - HOUR);
    ensureDelivered(fast, T0);
    const f = putTestPlan(fast, other.id, { putCents: 100_000, atMs: T0, stepMs: 150 });
    ensureDelivered(fast, T0 + 100);
    assert.equal(planRow(fast, f).sim_step, 0, 'within the step: not run again');
    ensureDelivered(fast, T0 + 160);
    assert.equal(planRow(fast, f).sim_step, 1, 'a fast plan is not held back by the minute');
    ensureDelivered(fast, T0 + 30_000);
    assert.equal(planRow(fast, f).sim_step, Math.min(200, lifeSteps(planSchedule(f, 0))));
  } finally {
    for (const [name, value] of [['SIMULATION_STEP_MS', saved[0]], ['SIMULATION_FAIL_PERCENT', saved[1]]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});

test('delivery over HTTP: the overview brings a live plan up to date before answering', async (t) => {
  const s = await startServer(t, { simulation: false });
  const user = bareMerchant(s.db);
  topUp(s.db, user.id, 10_000_000, Date.now() - 40 * HOUR);
  // A plan that is still delivering after 30 steps, whatever the failure share.
  const planId = planIdWhere(s.db, (x) => !x.fails && x.matchSteps + x.putSteps > 31);
  const id = putTestPlan(s.db, user.id, { id: planId, putCents: 1_000_000, atMs: Date.now() - 30 * HOUR, stepMs: HOUR });
  const r = await s.call('statistics', { type: 'all' }, tokenFor(s.db, user.id));
  const st = r.body.data as Statistics;
  assert.ok(st.impressions > 0 && Number(st.consumed) > 0, r.text);
  assert.equal(planRow(s.db, id).sim_step, 30);
  assert.equal(Math.round(Number(st.to_be_consumed) * 100) + Math.round(Number(st.consumed) * 100), 1_000_000);
});

test('seeded merchants: twelve plans in every status, lived through the simulation; every period has delivery; the books agree', async (t) => {
  const s = await startServer(t);
  const r = await s.post('/api/__test__/merchant', {});
  assert.equal(r.body.code, 200, r.text);
  const token = r.body.data.token as string;
  const id = (s.db.prepare('SELECT id FROM users WHERE username = ?').get(r.body.data.username) as { id: number }).id;
  const plans = s.db.prepare('SELECT id, plan_no, status, put_amount_cents, consumed_cents, revenue_cents, settled_cents, paid_cents, sim_step_ms, lowest_put_cents, highest_put_cents, official, product_id FROM plans WHERE user_id = ? ORDER BY id').all(id) as
    { id: number; plan_no: string; status: string; put_amount_cents: number; consumed_cents: number; revenue_cents: number; settled_cents: number | null; paid_cents: number | null; sim_step_ms: number | null; lowest_put_cents: number; highest_put_cents: number; official: number; product_id: number }[];
  assert.equal(plans.length, 12);
  for (const status of PLAN_STATUSES) assert.ok(plans.some((p) => p.status === status), status);
  assert.equal(plans.filter((p) => p.status === 'waitPut').length, 5);
  assert.equal(plans.filter((p) => p.status === 'puting').length, 2);
  assert.ok(new Set(plans.map((p) => p.product_id)).size >= 4 && new Set(plans.map((p) => p.official)).size === 2);
  assert.ok(new Set(plans.filter((p) => p.status === 'waitPut').map((p) => `${p.lowest_put_cents}-${p.highest_put_cents}`)).size === 5);
  for (const p of plans.filter((x) => x.status !== 'waitPut')) {
    assert.equal(p.sim_step_ms, HOUR, 'seeded plans keep the realistic pace');
    assert.ok(p.lowest_put_cents <= p.put_amount_cents && p.put_amount_cents <= p.highest_put_cents);
  }
  const byStatus = (st: string) => plans.find((p) => p.status === st)!;
  const flows = (planNo: string) => (s.db.prepare("SELECT type, amount_cents FROM transaction_flow WHERE user_id = ? AND remark_data ->> '$.plan' = ? ORDER BY id").all(id, planNo) as { type: string; amount_cents: number }[]).map((f) => `${f.type} ${f.amount_cents}`);
  const settled = byStatus('settled');
  assert.equal(settled.settled_cents, settled.revenue_cents);
  assert.deepEqual(flows(settled.plan_no), [`ad_serving ${-settled.put_amount_cents}`, `ad_billing ${Math.min(settled.revenue_cents, settled.consumed_cents)}`,
    ...(settled.revenue_cents > settled.consumed_cents ? [`profit_sharing ${settled.revenue_cents - settled.consumed_cents}`] : [])]);
  const failed = byStatus('putFailed');
  assert.deepEqual(flows(failed.plan_no), [`ad_serving ${-failed.paid_cents!}`, `ad_serving ${failed.paid_cents}`]);
  assert.equal(failed.consumed_cents, 0);
  for (const st of ['putFinished', 'waitSettlement']) assert.equal(byStatus(st).consumed_cents, byStatus(st).put_amount_cents);
  // Each seeded plan's timeline is the path the status table allows, ending in its status.
  for (const p of plans) {
    const path = (s.db.prepare('SELECT status FROM plan_events WHERE plan_id = ? ORDER BY id').all(p.id) as { status: string }[]).map((e) => e.status);
    assert.equal(path[0], 'waitPut');
    assert.equal(path[path.length - 1], p.status);
  }

  const w = s.db.prepare('SELECT balance_cents, to_be_settled_cents FROM wallets WHERE user_id = ?').get(id) as { balance_cents: number; to_be_settled_cents: number };
  assert.equal(w.balance_cents, 1_000_000, 'a balance of 10,000.00, enough to put any waiting plan');
  assert.equal(w.to_be_settled_cents, plans.filter((p) => ['puting', 'putFinished', 'waitSettlement'].includes(p.status)).reduce((a, p) => a + p.consumed_cents, 0));
  const b = books(s.db, id);
  assert.equal(b.ledgerSum, b.balance);
  assert.equal(b.lastBalanceAfter, b.balance);
  assert.equal(b.toBeConsumed, toBeConsumedCents(s.db, id));
  const prop = (await s.call('property', {}, token)).body.data as Property;
  assert.equal(prop.balance, '10000.00');

  for (const period of ['today', 'week', 'month', 'all']) {
    const st = (await s.call('statistics', { type: period }, token)).body.data as Statistics;
    assert.ok(st.impressions > 0 && Number(st.consumed) > 0 && Number(st.ad_revenue) > 0, period);
    if (period !== 'today') assert.ok(st.trend.filter((p) => p.impressions > 0).length >= 2, `${period} trend`);
  }
  // Two pages of "all" at page size 10.
  assert.ok(plans.length > 10);
});

test('the seed, run at every start, applies the steps missed while the server was down', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  topUp(db, user.id, 10_000_000, Date.now() - 10 * HOUR);
  const planId = planIdWhere(db, (x) => !x.fails && x.matchSteps + x.putSteps > 6);
  const id = putTestPlan(db, user.id, { id: planId, putCents: 1_000_000, atMs: Date.now() - 5 * HOUR - 60_000, stepMs: HOUR });
  seed(db);
  assert.equal(planRow(db, id).sim_step, 5);
});
