/**
 * The delivery simulator: what a reference ad server would report for each plan in delivery, one `plan_stats`
 * row per plan and UTC hour. The figures are a deterministic function of (plan id, hour), so running it twice
 * for the same moment changes nothing, and two servers on copies of one database agree.
 *
 * Per hour: the plan spends a share of its daily budget (put amount over a plan-specific 20 to 60 days) that
 * follows a daily rhythm (quiet nights, busy evenings in the plan's audience's own hours) with ±30 % noise;
 * impressions follow from a plan-specific CPM, clicks from a CTR and revenue from a return on spend. All money
 * is integer cents, and spending is capped so that `consumed_cents` never passes `put_amount_cents`; a plan that
 * has spent everything becomes `putFinished`.
 *
 * The hour still running is written pro rata to the minutes elapsed (and rewritten as it fills), so "today"
 * has figures from its first hour on without reporting delivery that has not happened yet. `delivered_until`
 * is the first hour not yet final.
 */
import { stmt, type DB } from '../../db/index';
import { HOUR } from './zone';

/** The rhythm of a day, by the audience's local hour (relative weights). */
const RHYTHM = [3, 2, 1, 1, 1, 2, 4, 6, 8, 9, 10, 10, 11, 10, 10, 10, 11, 12, 14, 15, 14, 12, 8, 5] as const;
const RHYTHM_SUM = RHYTHM.reduce((a, b) => a + b, 0);

/** A small integer hash (murmur3's finaliser over two words): the simulator's only source of "randomness". */
export function hash2(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface PlanTraits {
  /** Cents per day at the average rhythm. */
  dailyBudgetCents: number;
  /** Cost per 1000 impressions, cents. */
  cpmCents: number;
  /** Hours the audience's day is ahead of UTC. */
  audienceShift: number;
  /** Return on spend, percent. */
  roasPercent: number;
}

export function planTraits(planId: number, putAmountCents: number): PlanTraits {
  const days = 20 + (hash2(planId, 1) % 41);
  return {
    dailyBudgetCents: Math.max(1, Math.ceil(putAmountCents / days)),
    cpmCents: 150 + (hash2(planId, 2) % 350),
    audienceShift: hash2(planId, 3) % 24,
    roasPercent: 110 + (hash2(planId, 4) % 140),
  };
}

export interface HourFigures { impressions: number; clicks: number; consumed_cents: number; revenue_cents: number }

/** A whole hour's delivery, uncapped. `hourMs` is the UTC hour start. */
export function hourFigures(planId: number, traits: PlanTraits, hourMs: number): HourFigures {
  const hourIndex = Math.floor(hourMs / HOUR);
  const r = hash2(planId, hourIndex);
  const local = (((hourIndex + traits.audienceShift) % 24) + 24) % 24;
  const jitter = 70 + (r % 61);
  const consumed = Math.floor((traits.dailyBudgetCents * RHYTHM[local]! * jitter) / (RHYTHM_SUM * 100));
  const impressions = Math.floor((consumed * 1000) / traits.cpmCents);
  const ctrBasisPoints = 80 + ((r >>> 8) % 240);
  const clicks = Math.floor((impressions * ctrBasisPoints) / 10_000);
  const roas = traits.roasPercent + ((r >>> 16) % 41) - 20;
  return { impressions, clicks, consumed_cents: consumed, revenue_cents: Math.floor((consumed * roas) / 100) };
}

/** Figures scaled down by `num/den` (a part of an hour, or the part of the spend the cap allows). */
function scale(f: HourFigures, num: number, den: number): HourFigures {
  if (num >= den) return f;
  return {
    impressions: Math.floor((f.impressions * num) / den),
    clicks: Math.floor((f.clicks * num) / den),
    consumed_cents: Math.floor((f.consumed_cents * num) / den),
    revenue_cents: Math.floor((f.revenue_cents * num) / den),
  };
}

export interface DeliverablePlan {
  id: number; user_id: number; put_amount_cents: number; consumed_cents: number; created_at: string; delivered_until: string | null;
  status: string;
}

const DELIVERABLE = 'SELECT id, user_id, put_amount_cents, consumed_cents, created_at, delivered_until, status FROM plans';

interface StatRow extends HourFigures { hour: string }

const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;
const MINUTE = 60_000;

/**
 * Writes a plan's delivery from `delivered_until` (else its creation) up to `nowMs`. Call inside a transaction.
 * Only the plan's id is taken from `ref`: the rest is read here, inside the caller's transaction, because a row
 * read earlier may be stale (another run, or another process, delivered meanwhile), and starting from its
 * `consumed_cents` would both write a wrong total and miss the cap. A plan no longer in delivery gets nothing.
 * `pace` may be given (the seed sets the pace of history plans); otherwise the traits come from the plan itself.
 * Returns the cents consumed by this run.
 */
export function deliverPlan(db: DB, ref: Pick<DeliverablePlan, 'id'>, nowMs: number, pace?: PlanTraits): number {
  const plan = stmt<DeliverablePlan>(db, `${DELIVERABLE} WHERE id = ?`).get(ref.id);
  if (!plan || plan.status !== 'puting') return 0;
  const traits = pace ?? planTraits(plan.id, plan.put_amount_cents);
  const createdMs = Date.parse(plan.created_at);
  const fromMs = plan.delivered_until ? Date.parse(plan.delivered_until) : floorHour(createdMs);
  const currentHour = floorHour(nowMs);
  if (!(fromMs <= currentHour) || nowMs <= createdMs) return 0;

  const existing = stmt<StatRow>(db, 'SELECT hour, impressions, clicks, consumed_cents, revenue_cents FROM plan_stats WHERE plan_id = ? AND hour = ?');
  const upsert = stmt(db, `INSERT INTO plan_stats (plan_id, user_id, hour, impressions, clicks, consumed_cents, revenue_cents)
    VALUES (@plan_id, @user_id, @hour, @impressions, @clicks, @consumed_cents, @revenue_cents)
    ON CONFLICT (plan_id, hour) DO UPDATE SET impressions = excluded.impressions, clicks = excluded.clicks,
      consumed_cents = excluded.consumed_cents, revenue_cents = excluded.revenue_cents`);

  let consumed = plan.consumed_cents;
  const delta: HourFigures = { impressions: 0, clicks: 0, consumed_cents: 0, revenue_cents: 0 };
  let finished = false;
  for (let h = fromMs; h <= currentHour; h += HOUR) {
    const hour = new Date(h).toISOString();
    const old = existing.get(plan.id, hour);
    // Whole minutes of this hour the plan was live for: the first hour starts at creation, the last ends now.
    const liveMinutes = Math.floor((Math.min(nowMs, h + HOUR) - Math.max(createdMs, h)) / MINUTE);
    if (liveMinutes <= 0 && !old) continue;
    let f = scale(hourFigures(plan.id, traits, h), Math.max(0, liveMinutes), 60);
    const room = plan.put_amount_cents - (consumed - (old?.consumed_cents ?? 0));
    if (f.consumed_cents >= room) {
      f = f.consumed_cents > 0 ? scale(f, room, f.consumed_cents) : f;
      f.consumed_cents = room;
      finished = true;
    }
    // A row only grows: an hour once reported is never taken back.
    if (old && f.consumed_cents <= old.consumed_cents && f.impressions <= old.impressions) {
      if (finished) break;
      continue;
    }
    upsert.run({ plan_id: plan.id, user_id: plan.user_id, hour, ...f });
    delta.impressions += f.impressions - (old?.impressions ?? 0);
    delta.clicks += f.clicks - (old?.clicks ?? 0);
    delta.consumed_cents += f.consumed_cents - (old?.consumed_cents ?? 0);
    delta.revenue_cents += f.revenue_cents - (old?.revenue_cents ?? 0);
    consumed += f.consumed_cents - (old?.consumed_cents ?? 0);
    if (finished) break;
  }

  const progress = plan.put_amount_cents > 0 ? Math.min(100, Math.floor((consumed * 100) / plan.put_amount_cents)) : 100;
  const nowIso = new Date(nowMs).toISOString();
  stmt(db, `UPDATE plans SET consumed_cents = ?, impressions = impressions + ?, clicks = clicks + ?, revenue_cents = revenue_cents + ?,
      put_progress = ?, delivered_until = ?, status = CASE WHEN ? THEN 'putFinished' ELSE status END, updated_at = ?
    WHERE id = ?`).run(
    consumed, delta.impressions, delta.clicks, delta.revenue_cents, progress, new Date(currentHour).toISOString(),
    finished ? 1 : 0, nowIso, plan.id,
  );
  return delta.consumed_cents;
}

/** Brings every plan in delivery up to `nowMs`. Call inside a transaction (the seed's, or runDelivery's). */
export function deliverAll(db: DB, nowMs: number): void {
  for (const p of stmt<{ id: number }>(db, "SELECT id FROM plans WHERE status = 'puting'").all()) deliverPlan(db, p, nowMs);
}

/** deliverAll in a transaction of its own. */
export function runDelivery(db: DB, nowMs: number): void {
  db.transaction(() => deliverAll(db, nowMs)).immediate();
}

const lastRun = new WeakMap<DB, number>();
export const DELIVERY_INTERVAL_MS = 60_000;

/** runDelivery at most once a minute per process and database: called before every answer that shows figures. */
export function ensureDelivered(db: DB, nowMs = Date.now()): void {
  const last = lastRun.get(db);
  if (last !== undefined && nowMs - last < DELIVERY_INTERVAL_MS && nowMs >= last) return;
  lastRun.set(db, nowMs);
  runDelivery(db, nowMs);
}
