import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Statistics } from '../../src/api/contract';
import type { DB } from '../db/index';
import { seed } from '../seed/seed';
import { deliverPlan, ensureDelivered, hourFigures, planTraits, runDelivery, type DeliverablePlan } from '../services/ad-center/delivery';
import { toBeConsumedCents } from '../services/wallet';
import { addPlan, bareMerchant, seededDb, tokenFor } from './ad-center-support';
import { startServer } from './helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-03-10T12:30:00Z');

interface PlanRow { status: string; put_amount_cents: number; consumed_cents: number; put_progress: number; impressions: number; clicks: number; revenue_cents: number; delivered_until: string | null }
const planRow = (db: DB, id: number) => db.prepare('SELECT * FROM plans WHERE id = ?').get(id) as PlanRow;
const rows = (db: DB, id: number) => db.prepare('SELECT * FROM plan_stats WHERE plan_id = ? ORDER BY hour').all(id) as
  { hour: string; impressions: number; clicks: number; consumed_cents: number; revenue_cents: number }[];
const sums = (db: DB, id: number) => db.prepare(`SELECT SUM(consumed_cents) AS consumed, SUM(impressions) AS impressions, SUM(clicks) AS clicks,
  SUM(revenue_cents) AS revenue, COUNT(*) AS n FROM plan_stats WHERE plan_id = ?`).get(id) as { consumed: number; impressions: number; clicks: number; revenue: number; n: number };

test('delivery never overspends a plan: it stops at the put amount exactly and the plan is finished', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  const small = addPlan(db, user.id, { putCents: 50_000, status: 'puting', createdAt: new Date(NOW - 90 * DAY).toISOString() });
  const big = addPlan(db, user.id, { putCents: 100_000_000, status: 'puting', createdAt: new Date(NOW - 3 * DAY).toISOString() });
  // Many plans of every size and age: none may ever pass its put amount.
  const many = Array.from({ length: 40 }, (_, i) => addPlan(db, user.id, {
    putCents: 1 + ((i * 7919) % 50) * 997, status: 'puting', createdAt: new Date(NOW - ((i * 37) % 60) * DAY - i * 1_234_567).toISOString(),
  }));
  runDelivery(db, NOW);

  const s = planRow(db, small);
  assert.equal(s.consumed_cents, 50_000);
  assert.equal(s.status, 'putFinished');
  assert.equal(s.put_progress, 100);
  assert.equal(sums(db, small).consumed, 50_000);

  const b = planRow(db, big);
  assert.equal(b.status, 'puting');
  assert.ok(b.consumed_cents > 0 && b.consumed_cents < 100_000_000);
  assert.equal(sums(db, big).n, 3 * 24 + 1, 'one row per hour since creation, the current one included');

  for (const id of [small, big, ...many]) {
    const p = planRow(db, id);
    const t = sums(db, id);
    assert.ok(p.consumed_cents <= p.put_amount_cents, `plan ${id} overspent`);
    assert.equal(p.consumed_cents, t.consumed ?? 0);
    assert.equal(p.impressions, t.impressions ?? 0);
    assert.equal(p.clicks, t.clicks ?? 0);
    assert.equal(p.revenue_cents, t.revenue ?? 0);
    assert.equal(p.status === 'putFinished', p.consumed_cents === p.put_amount_cents, `plan ${id} status`);
  }
  // Integer cents and counts only.
  const types = db.prepare(`SELECT DISTINCT typeof(impressions) || typeof(clicks) || typeof(consumed_cents) || typeof(revenue_cents) AS t FROM plan_stats`).all();
  assert.deepEqual(types, [{ t: 'integerintegerintegerinteger' }]);
  assert.equal((db.prepare('SELECT COUNT(*) AS n FROM plan_stats WHERE clicks > impressions').get() as { n: number }).n, 0);
});

test('delivery is idempotent for the same hour; the running hour is pro rata and only grows; delivered_until marks it', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  const id = addPlan(db, user.id, { putCents: 500_000, status: 'puting', createdAt: new Date(NOW - 2 * DAY - 20 * 60_000).toISOString() });
  runDelivery(db, NOW);
  const first = rows(db, id);
  const plan = planRow(db, id);
  runDelivery(db, NOW);
  assert.deepEqual(rows(db, id), first, 'a second run for the same moment changes nothing');
  assert.deepEqual(planRow(db, id), plan);
  assert.equal(plan.delivered_until, '2026-03-10T12:00:00.000Z');

  // The running hour (12:00-13:00 at 12:30) holds half of that hour's figures.
  const traits = planTraits(id, 500_000);
  const full = hourFigures(id, traits, Date.parse('2026-03-10T12:00:00Z'));
  const current = first[first.length - 1]!;
  assert.equal(current.hour, '2026-03-10T12:00:00.000Z');
  assert.equal(current.consumed_cents, Math.floor(full.consumed_cents / 2));
  // Created at 12:10: the first hour holds only the 50 minutes the plan was live.
  assert.equal(first[0]!.hour, '2026-03-08T12:00:00.000Z');
  assert.equal(first[0]!.consumed_cents, Math.floor((hourFigures(id, traits, Date.parse('2026-03-08T12:00:00Z')).consumed_cents * 50) / 60));

  // Later in the same hour: earlier hours untouched, the running one grows to 50 minutes.
  runDelivery(db, NOW + 20 * 60_000);
  const later = rows(db, id);
  assert.deepEqual(later.slice(0, -1), first.slice(0, -1));
  assert.equal(later[later.length - 1]!.consumed_cents, Math.floor((full.consumed_cents * 50) / 60));
  // The next hour: the 12:00 row becomes whole.
  runDelivery(db, NOW + HOUR);
  const next = rows(db, id);
  assert.equal(next.length, first.length + 1);
  assert.equal(next[next.length - 2]!.consumed_cents, full.consumed_cents);
  const p = planRow(db, id);
  assert.equal(p.delivered_until, '2026-03-10T13:00:00.000Z');
  // "To be consumed" went down by exactly what was delivered.
  assert.equal(toBeConsumedCents(db, user.id), 500_000 - p.consumed_cents);
});

test('delivery is deterministic: the same plan and hour give the same figures on another database', () => {
  const a = seededDb();
  const b = seededDb();
  for (const db of [a, b]) {
    const user = bareMerchant(db);
    db.prepare('INSERT INTO plans (id, plan_no, user_id, product_id, put_amount_cents, status, lowest_put_cents, highest_put_cents, created_at, updated_at) VALUES (9999, ?, ?, 1, 300000, ?, 0, 300000, ?, ?)')
      .run(`DET${user.id}`, user.id, 'puting', '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z');
    runDelivery(db, NOW);
  }
  const strip = (r: ReturnType<typeof rows>) => r.map(({ hour, impressions, clicks, consumed_cents, revenue_cents }) => ({ hour, impressions, clicks, consumed_cents, revenue_cents }));
  assert.deepEqual(strip(rows(a, 9999)), strip(rows(b, 9999)));
  // A daily rhythm: the quietest hour of a day is well below its busiest.
  const day = rows(a, 9999).slice(24, 48).map((r) => r.consumed_cents);
  assert.ok(Math.min(...day) * 3 < Math.max(...day), `${day}`);
});

test('delivery runs lazily, at most once a minute, and only for plans in delivery', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  const t0 = Date.parse('2031-01-01T00:10:00Z');
  ensureDelivered(db, t0);
  const live = addPlan(db, user.id, { putCents: 100_000, status: 'puting', createdAt: new Date(t0 - 5 * HOUR).toISOString() });
  const waiting = addPlan(db, user.id, { putCents: 100_000, status: 'waitPut', createdAt: new Date(t0 - 5 * HOUR).toISOString() });
  ensureDelivered(db, t0 + 30_000);
  assert.equal(sums(db, live).n, 0, 'within the minute: not run again');
  ensureDelivered(db, t0 + 61_000);
  assert.equal(sums(db, live).n, 6);
  assert.equal(sums(db, waiting).n, 0);
});

/** The plan as a caller read it (what deliverAll reads): what a stale copy looks like. */
const readDeliverable = (db: DB, id: number) =>
  db.prepare('SELECT id, user_id, put_amount_cents, consumed_cents, created_at, delivered_until FROM plans WHERE id = ?').get(id) as DeliverablePlan;

test('a stale plan row is safe: delivery starts where the database says, not where the old row did', () => {
  const db = seededDb();
  const control = seededDb();
  const t0 = Date.parse('2031-01-01T00:10:00Z');
  const plans = [db, control].map((d) => {
    const user = bareMerchant(d);
    return addPlan(d, user.id, { putCents: 100_000, status: 'puting', createdAt: new Date(t0 - 5 * HOUR).toISOString() });
  });
  const [id, controlId] = plans as [number, number];
  assert.equal(id, controlId, 'the same plan id on both, so the simulator gives both the same figures');

  deliverPlan(db, readDeliverable(db, id), t0);
  const stale = readDeliverable(db, id);
  // The plan changes underneath: another run delivers two more hours.
  runDelivery(db, t0 + 2 * HOUR);
  const moved = planRow(db, id);
  assert.ok(moved.consumed_cents > stale.consumed_cents && moved.delivered_until! > stale.delivered_until!, 'the plan did move on');

  // The old row again at the same moment: nothing is left to deliver, and nothing is written twice.
  assert.equal(deliverPlan(db, stale, t0 + 2 * HOUR), 0);
  assert.deepEqual(planRow(db, id), moved);
  // Later, with the old row still: the plan goes on from where it is, exactly like a plan that was never stale.
  const later = t0 + 3 * HOUR + 20 * 60_000;
  deliverPlan(db, stale, later);
  runDelivery(control, t0);
  runDelivery(control, later);
  const p = planRow(db, id);
  const c = planRow(control, controlId);
  assert.deepEqual({ ...p, plan_no: null, updated_at: null }, { ...c, plan_no: null, updated_at: null });
  assert.equal(p.consumed_cents, sums(db, id).consumed, 'the plan\'s total equals its hourly rows');
  assert.deepEqual(rows(db, id).map(({ hour, consumed_cents }) => ({ hour, consumed_cents })), rows(control, controlId).map(({ hour, consumed_cents }) => ({ hour, consumed_cents })));
});

test('a stale plan row cannot overspend: once the plan is finished underneath, the old row delivers nothing', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  const now = Date.parse('2031-01-01T00:10:00Z');
  const id = addPlan(db, user.id, { putCents: 20_000, status: 'puting', createdAt: new Date(now - 60 * DAY).toISOString() });
  const stale = readDeliverable(db, id);
  runDelivery(db, now);
  const finished = planRow(db, id);
  assert.equal(finished.status, 'putFinished');
  assert.equal(finished.consumed_cents, 20_000);
  assert.equal(deliverPlan(db, stale, now + DAY), 0);
  assert.deepEqual(planRow(db, id), finished);
  assert.equal(sums(db, id).consumed, 20_000);
});

test('delivery over HTTP: the overview brings a live plan up to date before answering', async (t) => {
  const s = await startServer(t);
  const user = bareMerchant(s.db);
  addPlan(s.db, user.id, { putCents: 1_000_000, status: 'puting', createdAt: new Date(Date.now() - 30 * HOUR).toISOString() });
  const r = await s.call('statistics', { type: 'all' }, tokenFor(s.db, user.id));
  const st = r.body.data as Statistics;
  assert.ok(st.impressions > 0 && Number(st.consumed) > 0, r.text);
  assert.equal(Math.round(Number(st.to_be_consumed) * 100) + Math.round(Number(st.consumed) * 100), 1_000_000);
});

test('seeded merchant plans: six plans in several statuses; every period has delivery; the fresh-merchant test API gets the same', async (t) => {
  const s = await startServer(t);
  const r = await s.post('/api/__test__/merchant', {});
  assert.equal(r.body.code, 200, r.text);
  const id = (s.db.prepare('SELECT id FROM users WHERE username = ?').get(r.body.data.username) as { id: number }).id;
  const statuses = (s.db.prepare('SELECT status FROM plans WHERE user_id = ? ORDER BY created_at').all(id) as { status: string }[]).map((p) => p.status);
  assert.deepEqual(statuses, ['settled', 'waitSettlement', 'putFinished', 'puting', 'puting', 'waitPut']);
  for (const period of ['today', 'week', 'month', 'all']) {
    const st = (await s.call('statistics', { type: period }, r.body.data.token)).body.data as Statistics;
    assert.ok(st.impressions > 0 && Number(st.consumed) > 0 && Number(st.ad_revenue) > 0, period);
    assert.ok(st.trend.filter((p) => p.impressions > 0).length >= Math.min(2, st.trend.length), `${period} trend`);
  }
  // Balance and ledger agree.
  const w = s.db.prepare('SELECT balance_cents FROM wallets WHERE user_id = ?').get(id) as { balance_cents: number };
  const last = s.db.prepare('SELECT balance_after_cents AS b FROM transaction_flow WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1').get(id) as { b: number };
  const total = s.db.prepare('SELECT SUM(amount_cents) AS t FROM transaction_flow WHERE user_id = ?').get(id) as { t: number };
  assert.equal(w.balance_cents, last.b);
  assert.equal(w.balance_cents, total.t);
  assert.ok(w.balance_cents > 0);
});

test('the seed, run at every start, writes the delivery of live plans missed while the server was down', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  const id = addPlan(db, user.id, { putCents: 1_000_000, status: 'puting', createdAt: new Date(Date.now() - 5 * HOUR - 60_000).toISOString() });
  seed(db);
  // Five to seven hours have live minutes in them, by where in its hour and minute the clock is.
  assert.ok(sums(db, id).n >= 5 && sums(db, id).n <= 7, String(sums(db, id).n));
  assert.ok(planRow(db, id).consumed_cents > 0);
});
