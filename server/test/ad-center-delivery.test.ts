/**
 * Delivery as the ad centre sees it (services/plans/simulation.ts): the hourly rows the overview and the ticker sum,
 * written step by step. Deterministic, never past the put amount, safe against stale readers and other connections,
 * caught up lazily (throttled, but never so long that a fast plan goes stale), and the seed's plans in every status.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Statistics } from '../../src/api/shapes/ad-center';
import { PLAN_STATUSES } from '../../src/api/shapes/plan';
import type { Property } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import { seed } from '../seed/seed';
import { lifeSteps, MAX_LIFE_STEPS, planSchedule } from '../services/plans/schedule';
import { advanceDue, advancePlans, ensureDelivered } from '../services/plans/simulation';
import { toBeConsumedCents } from '../services/wallet';
import { bareMerchant, seededDb, tokenFor } from './ad-center-support';
import { startServer } from './helpers';
import { books, planIdWhere, putTestPlan, sharedDb, topUp } from './plan-support';

const HOUR = 3_600_000;
const T0 = Date.parse('2031-03-10T12:30:00Z');

const planRow = (db: Db, id: number) =>
  db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const rows = (db: Db, id: number) =>
  db
    .selectFrom('plan_stats')
    .select(['hour', 'impressions', 'clicks', 'consumed_cents', 'revenue_cents'])
    .where('plan_id', '=', id)
    .orderBy('hour')
    .execute();
const sums = async (db: Db, id: number) => {
  const r = await db
    .selectFrom('plan_stats')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('consumed_cents'), eb.lit(0)).as('consumed'),
      eb.fn.coalesce(eb.fn.sum<number>('impressions'), eb.lit(0)).as('impressions'),
      eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'),
      eb.fn.coalesce(eb.fn.sum<number>('revenue_cents'), eb.lit(0)).as('revenue'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('plan_id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    consumed: Number(r.consumed),
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
    revenue: Number(r.revenue),
    n: Number(r.n),
  };
};

test('delivery never overspends a plan: at every moment within the put amount, and exactly the put amount at the end', async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  await topUp(db, user.id, 100_000_000_000, T0 - HOUR);
  // Plans of every size, put at different moments and paces.
  const ids: number[] = [];
  let putSoFar = 0;
  for (let i = 0; i < 30; i++) {
    const putCents = 1 + ((i * 7919) % 50) * 99_997;
    ids.push(await putTestPlan(db, user.id, { putCents, atMs: T0 + i * 1_234, stepMs: 500 + (i % 4) * 250 }));
    putSoFar += putCents;
  }
  ids.push(await putTestPlan(db, user.id, { putCents: 100_000_000_000 - putSoFar, atMs: T0, stepMs: 700 }));
  // Irregular catch-ups, as answers and ticks would come.
  for (let t = T0; t < T0 + MAX_LIFE_STEPS * 1_250 + 5_000; t += 1 + ((t * 31) % 9_000)) {
    await advancePlans(db, t, { failPercent: 0, userId: user.id });
    for (const id of ids) {
      const p = await planRow(db, id);
      assert.ok(p.consumed_cents <= p.put_amount_cents, `plan ${id} overspent`);
      assert.equal(p.consumed_cents, (await sums(db, id)).consumed);
    }
  }
  await advancePlans(db, T0 + 10 * MAX_LIFE_STEPS * 1_250, { failPercent: 0, userId: user.id });
  for (const id of ids) {
    const p = await planRow(db, id);
    const t = await sums(db, id);
    assert.equal(p.status, 'settled');
    assert.equal(p.consumed_cents, p.put_amount_cents);
    assert.equal(p.put_progress, 100);
    assert.deepEqual([p.impressions, p.clicks, p.revenue_cents], [t.impressions, t.clicks, t.revenue]);
  }
  // Every hourly figure is stored as a whole number, and no row has more clicks than impressions.
  const stats = await db
    .selectFrom('plan_stats')
    .select(['impressions', 'clicks', 'consumed_cents', 'revenue_cents'])
    .execute();
  assert.ok(stats.length > 0);
  for (const r of stats) {
    assert.ok(
      [r.impressions, r.clicks, r.consumed_cents, r.revenue_cents].every(
        (v) => typeof v === 'number' && Number.isInteger(v),
      ),
      JSON.stringify(r),
    );
    assert.ok(r.clicks <= r.impressions, JSON.stringify(r));
  }
  const b = await books(db, user.id);
  assert.equal(b.ledgerSum, b.balance);
  assert.equal(b.toBeSettled, 0);
});

test('each step lands in the real UTC hour it happened in; the same plan gives the same rows on another database; a second run changes nothing', async (t) => {
  const run = async () => {
    const db = await seededDb(t);
    const user = await bareMerchant(db);
    await topUp(db, user.id, 10_000_000, T0 - HOUR);
    await db.deleteFrom('plans').where('id', '=', 9999).execute();
    const id = await putTestPlan(db, user.id, { id: 9999, putCents: 3_000_000, atMs: T0, stepMs: 10 * 60_000 });
    await advancePlans(db, T0 + 20 * HOUR, { failPercent: 0, userId: user.id });
    const first = await rows(db, id);
    const plan = await planRow(db, id);
    assert.equal((await advancePlans(db, T0 + 20 * HOUR, { failPercent: 0, userId: user.id })).steps, 0);
    assert.deepEqual(await rows(db, id), first);
    assert.deepEqual(await planRow(db, id), plan);
    return { first, plan, s: planSchedule(id, 0) };
  };
  const a = await run();
  const b = await run();
  assert.deepEqual(a.first, b.first);
  // Six steps of ten minutes an hour: each hour's row holds the steps that fell in it.
  const steps = Math.min(a.plan.sim_step, a.s.matchSteps + a.s.putSteps);
  assert.equal(a.plan.sim_step, Math.min(lifeSteps(a.s), 120));
  const firstDelivery = T0 + (a.s.matchSteps + 1) * 10 * 60_000;
  const lastDelivery = T0 + steps * 10 * 60_000;
  assert.equal(a.first[0].hour, new Date(Math.floor(firstDelivery / HOUR) * HOUR).toISOString());
  assert.equal(a.first[a.first.length - 1].hour, new Date(Math.floor(lastDelivery / HOUR) * HOUR).toISOString());
});

test('a stale reader is safe: another connection took the steps, so this one finds nothing to do and then goes on like a plan never stale', async (t) => {
  const shared = await sharedDb();
  t.after(() => shared.dispose());
  const setup = await shared.connect();
  const user = await bareMerchant(setup.db);
  await topUp(setup.db, user.id, 10_000_000, T0 - HOUR);
  const id = await putTestPlan(setup.db, user.id, { putCents: 1_000_000, atMs: T0, stepMs: 1_000 });
  await setup.close();

  const sa = await shared.connect();
  const sb = await shared.connect();
  const [a, b] = [sa.db, sb.db];
  // a learns the plan's next step (and keeps that knowledge), then b applies it and more.
  assert.ok((await advanceDue(a, T0 + 10_000)) > 0);
  const seen = await planRow(a, id);
  assert.ok((await advanceDue(b, T0 + 40_000)) > 0);
  const moved = await planRow(b, id);
  assert.ok(moved.sim_step > seen.sim_step);
  // a, at the moment b reached and before it: nothing is written twice.
  assert.equal((await advancePlans(a, T0 + 40_000, { failPercent: 0 })).steps, 0);
  assert.equal(await advanceDue(a, T0 + 20_000), 0);
  assert.deepEqual(await planRow(a, id), moved);
  // a goes on to the end; the books are as if one runner had done it all.
  await advanceDue(a, T0 + MAX_LIFE_STEPS * 1_000 + 1_000);
  const p = await planRow(a, id);
  assert.equal(p.status, 'settled');
  assert.equal(p.consumed_cents, 1_000_000);
  assert.equal((await sums(a, id)).consumed, 1_000_000);
  const bk = await books(a, user.id);
  assert.equal(bk.ledgerSum, bk.balance);
  assert.equal(bk.balance, 10_000_000 - 1_000_000 + p.revenue_cents);
  await sa.close();
  await sb.close();
});

test('the lazy catch-up runs at most once a minute at the realistic pace, and once a step at a fast one', async (t) => {
  const saved = [process.env.SIMULATION_STEP_MS, process.env.SIMULATION_FAIL_PERCENT];
  try {
    delete process.env.SIMULATION_STEP_MS;
    process.env.SIMULATION_FAIL_PERCENT = '0';
    const db = await seededDb(t);
    const user = await bareMerchant(db);
    await topUp(db, user.id, 10_000_000, T0 - HOUR);
    const t0 = T0 + 10 * HOUR;
    await ensureDelivered(db, t0);
    const id = await putTestPlan(db, user.id, { putCents: 100_000, atMs: t0 - 5 * HOUR - 1, stepMs: HOUR });
    await ensureDelivered(db, t0 + 30_000);
    assert.equal((await planRow(db, id)).sim_step, 0, 'within the minute: not run again');
    await ensureDelivered(db, t0 + 61_000);
    assert.equal((await planRow(db, id)).sim_step, 5);

    process.env.SIMULATION_STEP_MS = '150';
    const fast = await seededDb(t);
    const other = await bareMerchant(fast);
    await topUp(fast, other.id, 10_000_000, T0 - HOUR);
    await ensureDelivered(fast, T0);
    const f = await putTestPlan(fast, other.id, { putCents: 100_000, atMs: T0, stepMs: 150 });
    await ensureDelivered(fast, T0 + 100);
    assert.equal((await planRow(fast, f)).sim_step, 0, 'within the step: not run again');
    await ensureDelivered(fast, T0 + 160);
    assert.equal((await planRow(fast, f)).sim_step, 1, 'a fast plan is not held back by the minute');
    await ensureDelivered(fast, T0 + 30_000);
    assert.equal((await planRow(fast, f)).sim_step, Math.min(200, lifeSteps(planSchedule(f, 0))));
  } finally {
    for (const [name, value] of [
      ['SIMULATION_STEP_MS', saved[0]],
      ['SIMULATION_FAIL_PERCENT', saved[1]],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});

test('delivery over HTTP: the overview brings a live plan up to date before answering', async (t) => {
  const s = await startServer(t, { simulation: false });
  const user = await bareMerchant(s.db);
  await topUp(s.db, user.id, 10_000_000, Date.now() - 40 * HOUR);
  // A plan that is still delivering after 30 steps, whatever the failure share.
  const planId = await planIdWhere(s.db, (x) => !x.fails && x.matchSteps + x.putSteps > 31);
  const id = await putTestPlan(s.db, user.id, {
    id: planId,
    putCents: 1_000_000,
    atMs: Date.now() - 30 * HOUR,
    stepMs: HOUR,
  });
  const r = await s.call('statistics', { type: 'all' }, await tokenFor(s.db, user.id));
  const st = r.body.data as Statistics;
  assert.ok(st.impressions > 0 && Number(st.consumed) > 0, r.text);
  assert.equal((await planRow(s.db, id)).sim_step, 30);
  assert.equal(Math.round(Number(st.to_be_consumed) * 100) + Math.round(Number(st.consumed) * 100), 1_000_000);
});

test('seeded merchants: twelve plans in every status, lived through the simulation; every period has delivery; the books agree', async (t) => {
  const s = await startServer(t);
  const r = await s.post('/api/__test__/merchant', {});
  assert.equal(r.body.code, 200, r.text);
  const token = r.body.data.token as string;
  const id = (
    await s.db.selectFrom('users').select('id').where('username', '=', r.body.data.username).executeTakeFirstOrThrow()
  ).id;
  const plans = await s.db
    .selectFrom('plans')
    .select([
      'id',
      'plan_no',
      'status',
      'put_amount_cents',
      'consumed_cents',
      'revenue_cents',
      'settled_cents',
      'paid_cents',
      'sim_step_ms',
      'lowest_put_cents',
      'highest_put_cents',
      'official',
      'product_id',
    ])
    .where('user_id', '=', id)
    .orderBy('id')
    .execute();
  assert.equal(plans.length, 12);
  for (const status of PLAN_STATUSES)
    assert.ok(
      plans.some((p) => p.status === status),
      status,
    );
  assert.equal(plans.filter((p) => p.status === 'waitPut').length, 5);
  assert.equal(plans.filter((p) => p.status === 'puting').length, 2);
  assert.ok(new Set(plans.map((p) => p.product_id)).size >= 4 && new Set(plans.map((p) => p.official)).size === 2);
  assert.ok(
    new Set(plans.filter((p) => p.status === 'waitPut').map((p) => `${p.lowest_put_cents}-${p.highest_put_cents}`))
      .size === 5,
  );
  for (const p of plans.filter((x) => x.status !== 'waitPut')) {
    assert.equal(p.sim_step_ms, HOUR, 'seeded plans keep the realistic pace');
    assert.ok(p.lowest_put_cents <= p.put_amount_cents && p.put_amount_cents <= p.highest_put_cents);
  }
  const byStatus = (st: string) => plans.find((p) => p.status === st)!;
  // The merchant's ledger rows whose remark names the plan (read whole and matched here: no engine's JSON operators).
  const ledgerRows = await s.db
    .selectFrom('transaction_flow')
    .select(['type', 'amount_cents', 'remark_data'])
    .where('user_id', '=', id)
    .orderBy('id')
    .execute();
  const flows = (planNo: string) =>
    ledgerRows
      .filter((f) => f.remark_data !== null && (JSON.parse(f.remark_data) as { plan?: string }).plan === planNo)
      .map((f) => `${f.type} ${f.amount_cents}`);
  const settled = byStatus('settled');
  assert.equal(settled.settled_cents, settled.revenue_cents);
  assert.deepEqual(flows(settled.plan_no), [
    `ad_serving ${-settled.put_amount_cents}`,
    `ad_billing ${Math.min(settled.revenue_cents, settled.consumed_cents)}`,
    ...(settled.revenue_cents > settled.consumed_cents
      ? [`profit_sharing ${settled.revenue_cents - settled.consumed_cents}`]
      : []),
  ]);
  const failed = byStatus('putFailed');
  assert.deepEqual(flows(failed.plan_no), [`ad_serving ${-failed.paid_cents!}`, `ad_serving ${failed.paid_cents}`]);
  assert.equal(failed.consumed_cents, 0);
  for (const st of ['putFinished', 'waitSettlement'])
    assert.equal(byStatus(st).consumed_cents, byStatus(st).put_amount_cents);
  // Each seeded plan's timeline is the path the status table allows, ending in its status.
  for (const p of plans) {
    const path = (
      await s.db.selectFrom('plan_events').select('status').where('plan_id', '=', p.id).orderBy('id').execute()
    ).map((e) => e.status);
    assert.equal(path[0], 'waitPut');
    assert.equal(path[path.length - 1], p.status);
  }

  const w = await s.db
    .selectFrom('wallets')
    .select(['balance_cents', 'to_be_settled_cents'])
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
  assert.equal(w.balance_cents, 1_000_000, 'a balance of 10,000.00, enough to put any waiting plan');
  assert.equal(
    w.to_be_settled_cents,
    plans
      .filter((p) => ['puting', 'putFinished', 'waitSettlement'].includes(p.status))
      .reduce((a, p) => a + p.consumed_cents, 0),
  );
  const b = await books(s.db, id);
  assert.equal(b.ledgerSum, b.balance);
  assert.equal(b.lastBalanceAfter, b.balance);
  assert.equal(b.toBeConsumed, await toBeConsumedCents(s.db, id));
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

test('the seed, run at every start, applies the steps missed while the server was down', async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  await topUp(db, user.id, 10_000_000, Date.now() - 10 * HOUR);
  const planId = await planIdWhere(db, (x) => !x.fails && x.matchSteps + x.putSteps > 6);
  const id = await putTestPlan(db, user.id, {
    id: planId,
    putCents: 1_000_000,
    atMs: Date.now() - 5 * HOUR - 60_000,
    stepMs: HOUR,
  });
  await seed(db);
  assert.equal((await planRow(db, id)).sim_step, 5);
});
