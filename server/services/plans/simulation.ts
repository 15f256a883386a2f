/**
 * The delivery simulation: a put plan's whole life, step by step, with its money. It grew out of the ad
 * centre's hourly delivery (its schedule and figures are schedule.ts's), and it still writes what the ad
 * centre reads: one `plan_stats` row per plan and real UTC hour (the statistics of every period and the broadcast
 * figures are sums of those rows) and the plan's own totals.
 *
 * Step k of a plan happens at put_at + k × sim_step_ms (the pace it was put at: one hour for seeded plans,
 * SIMULATION_STEP_MS for new ones); one step is one simulated hour. The schedule is a function of the plan's id
 * (planSchedule), decided once:
 *
 *   steps 1..M-1       matching                               M = 1-4
 *   step M             → puting, or → putFailed (the paid amount and the coupon back)
 *   steps M+1..M+P     delivery: each step spends its share of the put amount, P = 24-240; the shares sum to
 *                      the put amount exactly; the last one also → putFinished
 *   step M+P+1         → waitSettlement
 *   step M+P+1+S       → settled: revenue credited (ad_billing up to what was spent, profit_sharing above it), S = 2-6
 *
 * The money (agreed with the put, services/plans/put.ts): the put took the paid amount from the balance (ledger
 * `ad_serving`). "To be consumed" is derived (put amount − consumed over matching and puting plans,
 * services/wallet.ts); each delivery step moves its consumed cents from there into wallets.to_be_settled_cents;
 * settlement takes the plan's consumed out of to_be_settled and credits the revenue to the balance. So total
 * assets (balance + to be consumed + to be settled) change only at a put (+ the coupon's reduction), a failure
 * (− the reduction) and a settlement (revenue − consumed), and the merchant's ledger always sums to the balance.
 *
 * Restarts and races: every step is applied inside one immediate SQLite transaction with its money, and the step
 * number (plans.sim_step) is read inside that transaction and moved on with a compare-and-set, so a restart
 * continues where the database says, and two runners (or two processes on one file) never apply a step twice.
 * Every status change goes through moveStatus (transitions.ts).
 */
import { isMovingStatus, MOVING_PLAN_STATUSES, type PlanStatus } from '../../../src/api/shapes/plan';
import type { FlowRemark } from '../../../src/api/shapes/wallet';
import { stmt, type DB } from '../../db/index';
import { HOUR } from '../ad-center/zone';
import { postEntry } from '../ledger';
import { deliveryFigures, planSchedule, statusBefore, type StepFigures } from './schedule';
import { simulationFailPercent, simulationStepMs } from './pace';
import { moveStatus } from './transitions';

interface SimPlan {
  id: number; user_id: number; plan_no: string; status: PlanStatus; put_at: string | null; sim_step: number; sim_step_ms: number | null;
  put_amount_cents: number; paid_cents: number | null; user_coupon_id: number | null; consumed_cents: number; revenue_cents: number;
}
const SIM_PLAN = `SELECT id, user_id, plan_no, status, put_at, sim_step, sim_step_ms, put_amount_cents, paid_cents, user_coupon_id,
  consumed_cents, revenue_cents FROM plans`;
const MOVING = `status IN (${MOVING_PLAN_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** When the plan's next step is due (epoch ms), or null for a plan the simulation does not move (never put). */
function nextStepMs(p: Pick<SimPlan, 'put_at' | 'sim_step' | 'sim_step_ms'>): number | null {
  if (p.put_at === null || p.sim_step_ms === null) return null;
  return Date.parse(p.put_at) + (p.sim_step + 1) * p.sim_step_ms;
}

const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;

/**
 * A credit to the balance and its ledger row, at the step's time (postEntry keeps the row no earlier than the
 * merchant's last: a runner a moment late must not slip a row under a put made meanwhile).
 */
function credit(db: DB, userId: number, type: 'ad_serving' | 'ad_billing' | 'profit_sharing', cents: number, remark: FlowRemark, at: string): void {
  postEntry(db, { user_id: userId, type, amount_cents: cents, remark, at });
}

/** Figures per plan for one advance (they depend only on the plan, so a batch computes them once). */
type FigureCache = Map<number, StepFigures[]>;

/**
 * Applies the plan's next step if it is due by `untilMs`. Inside a transaction. Everything is read here, inside
 * it: a row read earlier may be stale (another runner or process applied the step meanwhile). Returns when the
 * plan's next step is due (null: its life is over), or false if no step was applied. A plan whose status does not
 * fit its schedule (a plan from before the simulation, or one moved by hand) is left alone.
 */
function applyNextStep(db: DB, planId: number, untilMs: number, failPercent: number, figures: FigureCache): number | null | false {
  const p = stmt<SimPlan>(db, `${SIM_PLAN} WHERE id = ?`).get(planId);
  if (!p || !isMovingStatus(p.status)) return false;
  const due = nextStepMs(p);
  if (due === null || due > untilMs) return false;
  const putMs = Date.parse(p.put_at!);
  const s = planSchedule(p.id, failPercent);
  const k = p.sim_step + 1;
  if (statusBefore(s, k) !== p.status) return false;
  const at = new Date(due).toISOString();
  // Compare-and-set on the step: applied once, whoever else is running.
  if (stmt(db, 'UPDATE plans SET sim_step = ?, updated_at = ? WHERE id = ? AND sim_step = ?').run(k, at, p.id, p.sim_step).changes !== 1) return false;

  const m = s.matchSteps;
  const lastDelivery = m + s.putSteps;
  const next = due + p.sim_step_ms!;
  if (k === m) {
    if (!s.fails) {
      moveStatus(db, p.id, 'matching', 'puting', at);
      return next;
    }
    // Matching failed: the paid amount and the coupon go back.
    moveStatus(db, p.id, 'matching', 'putFailed', at);
    credit(db, p.user_id, 'ad_serving', p.paid_cents ?? 0, { kind: 'put_refund', plan: p.plan_no }, at);
    if (p.user_coupon_id !== null) {
      stmt(db, `UPDATE user_coupons SET state = 'unused', used_at = NULL, used_day = NULL, use_request_id = NULL
        WHERE id = ? AND user_id = ? AND state = 'used'`).run(p.user_coupon_id, p.user_id);
    }
    return null;
  }
  if (k > m && k <= lastDelivery) {
    let all = figures.get(p.id);
    if (!all) figures.set(p.id, (all = deliveryFigures(p.id, p.put_amount_cents, putMs, s)));
    const f = all[k - m - 1]!;
    stmt(db, `INSERT INTO plan_stats (plan_id, user_id, hour, impressions, clicks, consumed_cents, revenue_cents)
      VALUES (@plan_id, @user_id, @hour, @impressions, @clicks, @consumed_cents, @revenue_cents)
      ON CONFLICT (plan_id, hour) DO UPDATE SET impressions = impressions + excluded.impressions, clicks = clicks + excluded.clicks,
        consumed_cents = consumed_cents + excluded.consumed_cents, revenue_cents = revenue_cents + excluded.revenue_cents`)
      .run({ plan_id: p.id, user_id: p.user_id, hour: new Date(floorHour(due)).toISOString(), ...f });
    const consumed = p.consumed_cents + f.consumed_cents;
    const progress = p.put_amount_cents > 0 ? Math.min(100, Math.floor((consumed * 100) / p.put_amount_cents)) : 100;
    stmt(db, `UPDATE plans SET consumed_cents = ?, impressions = impressions + ?, clicks = clicks + ?, revenue_cents = revenue_cents + ?,
        put_progress = ? WHERE id = ?`).run(consumed, f.impressions, f.clicks, f.revenue_cents, k === lastDelivery ? 100 : progress, p.id);
    // Spent: from "to be consumed" (derived from the plan) into "to be settled".
    stmt(db, 'UPDATE wallets SET to_be_settled_cents = to_be_settled_cents + ?, updated_at = ? WHERE user_id = ?').run(f.consumed_cents, at, p.user_id);
    if (k === lastDelivery) moveStatus(db, p.id, 'puting', 'putFinished', at);
    return next;
  }
  if (k === lastDelivery + 1) {
    moveStatus(db, p.id, 'putFinished', 'waitSettlement', at);
    return next;
  }
  if (k === lastDelivery + 1 + s.settleSteps) {
    moveStatus(db, p.id, 'waitSettlement', 'settled', at);
    stmt(db, 'UPDATE wallets SET to_be_settled_cents = to_be_settled_cents - ?, updated_at = ? WHERE user_id = ?').run(p.consumed_cents, at, p.user_id);
    const billing = Math.min(p.revenue_cents, p.consumed_cents);
    const settlement = { kind: 'settlement', plan: p.plan_no } as const;
    if (billing > 0) credit(db, p.user_id, 'ad_billing', billing, settlement, at);
    if (p.revenue_cents > p.consumed_cents) credit(db, p.user_id, 'profit_sharing', p.revenue_cents - p.consumed_cents, settlement, at);
    stmt(db, 'UPDATE plans SET settled_cents = ? WHERE id = ?').run(p.revenue_cents, p.id);
    return null;
  }
  return next;
}

export interface AdvanceOptions {
  /** The failure share (percent), or one per plan (the seed decides which of its plans fail). Default: the env's. */
  failPercent?: number | ((planId: number) => number);
  /** Only this merchant's plans (the seed writes one merchant's history in time order). */
  userId?: number;
}

export interface AdvanceResult {
  /** Steps applied. */
  steps: number;
  /** When the next step of a moving plan is due (epoch ms; Infinity: none moving). */
  nextDueMs: number;
}

interface Due { id: number; at: number }

function duePlans(db: DB, userId: number | undefined): Due[] {
  const rows = stmt<Pick<SimPlan, 'id' | 'put_at' | 'sim_step' | 'sim_step_ms'>>(db,
    `SELECT id, put_at, sim_step, sim_step_ms FROM plans WHERE ${MOVING} AND (? IS NULL OR user_id = ?)`).all(userId ?? null, userId ?? null);
  const due: Due[] = [];
  for (const r of rows) {
    const at = nextStepMs(r);
    if (at !== null) due.push({ id: r.id, at });
  }
  return due;
}

/**
 * Applies every step due by `untilMs`, across plans in the order they fall due (so the ledger, the timeline and
 * the hourly rows are written in time order), in one immediate transaction (a savepoint inside the seed's).
 * Nothing due: no write lock is taken at all.
 */
export function advancePlans(db: DB, untilMs: number, opts: AdvanceOptions = {}): AdvanceResult {
  const first = duePlans(db, opts.userId);
  const soonest = (list: Due[]) => list.reduce((min, d) => Math.min(min, d.at), Infinity);
  if (!(soonest(first) <= untilMs)) return { steps: 0, nextDueMs: soonest(first) };
  const fail = opts.failPercent ?? simulationFailPercent();
  const failOf = typeof fail === 'function' ? fail : () => fail;
  return db.transaction((): AdvanceResult => {
    const queue = duePlans(db, opts.userId);
    const figures: FigureCache = new Map();
    let steps = 0;
    for (;;) {
      let next: Due | undefined;
      for (const d of queue) if (d.at <= untilMs && (!next || d.at < next.at || (d.at === next.at && d.id < next.id))) next = d;
      if (!next) break;
      const after = applyNextStep(db, next.id, untilMs, failOf(next.id), figures);
      if (after !== false) steps++;
      if (typeof after === 'number') next.at = after;
      else queue.splice(queue.indexOf(next), 1);
    }
    return { steps, nextDueMs: soonest(queue) };
  }).immediate();
}

/**
 * What the last advance of a database learnt: the next due step and the newest timeline row then. A plan that
 * starts moving (a put) or changes status adds a timeline row, so while neither the row count has moved nor the
 * next step is due, there is nothing to do and the plans need not be read (the runner ticks every 150 ms).
 */
const known = new WeakMap<DB, { eventId: number; nextDueMs: number }>();

/** advancePlans for every merchant, skipped cheaply when nothing can be due. Returns the steps applied. */
export function advanceDue(db: DB, nowMs: number, failPercent?: number): number {
  const eventId = stmt<{ id: number }>(db, 'SELECT COALESCE(MAX(id), 0) AS id FROM plan_events').get()!.id;
  const k = known.get(db);
  if (k && k.eventId === eventId && nowMs < k.nextDueMs) return 0;
  const r = advancePlans(db, nowMs, failPercent === undefined ? {} : { failPercent });
  known.set(db, { eventId, nextDueMs: r.nextDueMs });
  return r.steps;
}

const lastRun = new WeakMap<DB, number>();
/** The lazy catch-up's longest pause: a pace of an hour needs no more than a check a minute. */
export const DELIVERY_INTERVAL_MS = 60_000;

/**
 * Brings the simulation up to `nowMs` before an answer that shows figures, at most once per minute or per step of
 * the configured pace, whichever is shorter (so a fast-paced plan is never shown stale). The runner (startSimulation)
 * does the same on a timer; this covers answers that come between its ticks.
 */
export function ensureDelivered(db: DB, nowMs = Date.now()): void {
  const last = lastRun.get(db);
  const window = Math.min(DELIVERY_INTERVAL_MS, simulationStepMs());
  if (last !== undefined && nowMs - last < window && nowMs >= last) return;
  lastRun.set(db, nowMs);
  advanceDue(db, nowMs);
}

/**
 * The runner: advances every moving plan every min(step, 1 s) by the server's clock. Unref'd (it never keeps the
 * process alive); the returned function stops it. A failing tick is reported and the next one tries again (every
 * step is its own transaction's, so a failed one left nothing behind).
 */
export function startSimulation(db: DB, clock: () => number, onError: (err: unknown) => void, stepMs = simulationStepMs()): () => void {
  const timer = setInterval(() => {
    try {
      advanceDue(db, clock());
    } catch (err) {
      onError(err);
    }
  }, Math.min(stepMs, 1000));
  timer.unref();
  return () => clearInterval(timer);
}
