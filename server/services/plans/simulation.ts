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
 * Restarts and races: a run of steps is one transaction with its money. It first reads again, and on PostgreSQL
 * locks in id order, the plans due (storage/plans.ts lockSimPlans), so a second runner (another process, or an
 * answer's catch-up beside the timer) waits for the first to commit and then finds their steps taken. At its end the
 * run still moves each plan's step number (plans.sim_step) with a compare-and-set from the number it read; were
 * that ever lost, the run throws and its transaction undoes every step it applied. So a step is never applied twice,
 * whoever else is running, and a restart continues where the database says. Every status change goes through
 * moveStatus (transitions.ts).
 */
import { isMovingStatus } from '../../../src/api/shapes/plan';
import type { FlowRemark } from '../../../src/api/shapes/wallet';
import type { Db } from '../../storage/engine';
import { claimJobTick } from '../../storage/jobs';
import {
  latestPlanEventId,
  lockSimPlans,
  movingPlanTimes,
  returnUsedCoupon,
  setSettledCents,
  type SimPlan,
  type SimPlanTime,
} from '../../storage/plans';
import { inTransaction } from '../../storage/transaction';
import { HOUR } from '../ad-center/zone';
import { postEntry } from '../ledger';
import { deliveryFigures, planSchedule, statusBefore, type StepFigures } from './schedule';
import { simulationFailPercent, simulationStepMs } from './pace';
import { RunTotals } from './run-totals';
import { moveStatus } from './transitions';

/** When the plan's next step is due (epoch ms), or null for a plan the simulation does not move (never put). */
function nextStepMs(p: SimPlanTime): number | null {
  if (p.put_at === null || p.sim_step_ms === null) return null;
  return Date.parse(p.put_at) + (p.sim_step + 1) * p.sim_step_ms;
}

const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;

/**
 * A credit to the balance and its ledger row, at the step's time (postEntry keeps the row no earlier than the
 * merchant's last: a runner a moment late must not slip a row under a put made meanwhile).
 */
async function credit(
  db: Db,
  userId: number,
  type: 'ad_serving' | 'ad_billing' | 'profit_sharing',
  cents: number,
  remark: FlowRemark,
  at: string,
): Promise<void> {
  await postEntry(db, { user_id: userId, type, amount_cents: cents, remark, at });
}

/** Figures per plan for one advance (they depend only on the plan, so a batch computes them once). */
type FigureCache = Map<number, StepFigures[]>;

/**
 * Applies the plan's next step if it is due by `untilMs`. Inside the transaction that read (and on PostgreSQL
 * locked) `p`; `p` is kept as this step leaves the row, for the plan's next step in the same run, and the step's
 * number and amounts go into `totals`, written when the run ends. Returns when the plan's next step is due (null:
 * its life is over), or false if no step was applied (not due). A plan whose status does not fit its schedule (a
 * plan from before the simulation, or one moved by hand) is left alone.
 */
async function applyNextStep(
  db: Db,
  p: SimPlan,
  untilMs: number,
  failPercent: number,
  figures: FigureCache,
  totals: RunTotals,
): Promise<number | null | false> {
  if (!isMovingStatus(p.status)) return false;
  const due = nextStepMs(p);
  if (due === null || due > untilMs) return false;
  const putMs = Date.parse(p.put_at!);
  const s = planSchedule(p.id, failPercent);
  const k = p.sim_step + 1;
  if (statusBefore(s, k) !== p.status) return false;
  const at = new Date(due).toISOString();
  const m = s.matchSteps;
  const lastDelivery = m + s.putSteps;
  const next = due + p.sim_step_ms!;

  if (k > m && k <= lastDelivery) {
    let all = figures.get(p.id);
    if (!all) figures.set(p.id, (all = deliveryFigures(p.id, p.put_amount_cents, putMs, s)));
    const f = all[k - m - 1];
    const consumed = p.consumed_cents + f.consumed_cents;
    const progress = p.put_amount_cents > 0 ? Math.min(100, Math.floor((consumed * 100) / p.put_amount_cents)) : 100;
    totals.step(p.id, p.sim_step, at, {
      consumed_cents: f.consumed_cents,
      impressions: f.impressions,
      clicks: f.clicks,
      revenue_cents: f.revenue_cents,
      put_progress: k === lastDelivery ? 100 : progress,
    });
    p.sim_step = k;
    p.consumed_cents = consumed;
    p.revenue_cents += f.revenue_cents;
    totals.addStat({ plan_id: p.id, user_id: p.user_id, hour: new Date(floorHour(due)).toISOString(), ...f });
    // Spent: from "to be consumed" (derived from the plan) into "to be settled".
    totals.moveToBeSettled(p.user_id, f.consumed_cents, at);
    if (k === lastDelivery) {
      await moveStatus(db, p.id, 'puting', 'putFinished', at);
      p.status = 'putFinished';
    }
    return next;
  }

  totals.step(p.id, p.sim_step, at);
  p.sim_step = k;
  if (k === m) {
    if (!s.fails) {
      await moveStatus(db, p.id, 'matching', 'puting', at);
      p.status = 'puting';
      return next;
    }
    // Matching failed: the paid amount and the coupon go back.
    await moveStatus(db, p.id, 'matching', 'putFailed', at);
    p.status = 'putFailed';
    await credit(db, p.user_id, 'ad_serving', p.paid_cents ?? 0, { kind: 'put_refund', plan: p.plan_no }, at);
    if (p.user_coupon_id !== null) await returnUsedCoupon(db, p.user_id, p.user_coupon_id);
    return null;
  }
  if (k === lastDelivery + 1) {
    await moveStatus(db, p.id, 'putFinished', 'waitSettlement', at);
    p.status = 'waitSettlement';
    return next;
  }
  if (k === lastDelivery + 1 + s.settleSteps) {
    await moveStatus(db, p.id, 'waitSettlement', 'settled', at);
    p.status = 'settled';
    totals.moveToBeSettled(p.user_id, -p.consumed_cents, at);
    const billing = Math.min(p.revenue_cents, p.consumed_cents);
    const settlement = { kind: 'settlement', plan: p.plan_no } as const;
    if (billing > 0) await credit(db, p.user_id, 'ad_billing', billing, settlement, at);
    if (p.revenue_cents > p.consumed_cents)
      await credit(db, p.user_id, 'profit_sharing', p.revenue_cents - p.consumed_cents, settlement, at);
    await setSettledCents(db, p.id, p.revenue_cents);
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

interface Due {
  id: number;
  at: number;
}

function dueTimes(rows: SimPlanTime[]): Due[] {
  const due: Due[] = [];
  for (const r of rows) {
    const at = nextStepMs(r);
    if (at !== null) due.push({ id: r.id, at });
  }
  return due;
}

const soonest = (list: readonly { at: number }[]) => list.reduce((min, d) => Math.min(min, d.at), Infinity);

/**
 * Applies every step due by `untilMs`, across plans in the order they fall due (so the ledger, the timeline and
 * the hourly rows are written in time order), in one transaction (joining the seed's when called inside it).
 * Nothing due: no transaction is begun at all.
 *
 * Only plans due by `untilMs` when first read can take a step now (another runner can only move a plan's next step
 * later), so only those are read again and locked inside the transaction; the others count for the next due time.
 */
export async function advancePlans(db: Db, untilMs: number, opts: AdvanceOptions = {}): Promise<AdvanceResult> {
  const first = dueTimes(await movingPlanTimes(db, opts.userId));
  if (!(soonest(first) <= untilMs)) return { steps: 0, nextDueMs: soonest(first) };
  const later = first.filter((d) => d.at > untilMs);
  const fail = opts.failPercent ?? simulationFailPercent();
  const failOf = typeof fail === 'function' ? fail : () => fail;
  return inTransaction(db, async (trx): Promise<AdvanceResult> => {
    const plans = await lockSimPlans(
      trx,
      first.filter((d) => d.at <= untilMs).map((d) => d.id),
    );
    const queue: { p: SimPlan; at: number }[] = [];
    for (const p of plans) {
      const at = nextStepMs(p);
      if (at !== null) queue.push({ p, at });
    }
    const figures: FigureCache = new Map();
    const totals = new RunTotals();
    let steps = 0;
    for (;;) {
      let next: { p: SimPlan; at: number } | undefined;
      for (const d of queue)
        if (d.at <= untilMs && (!next || d.at < next.at || (d.at === next.at && d.p.id < next.p.id))) next = d;
      if (!next) break;
      const after = await applyNextStep(trx, next.p, untilMs, failOf(next.p.id), figures, totals);
      if (after !== false) steps++;
      if (typeof after === 'number') next.at = after;
      else queue.splice(queue.indexOf(next), 1);
    }
    await totals.write(trx);
    return { steps, nextDueMs: Math.min(soonest(queue), soonest(later)) };
  });
}

/**
 * What the last advance of a database learnt: the newest timeline row then, the next due step, and when it read
 * the plans. A plan that starts moving (a put) or changes status adds a timeline row, so while neither the newest
 * row has moved nor the next step is due, there is nothing to do and the plans need not be read (the runner ticks
 * every 150 ms). Not for longer than RECHECK_MS, though: on PostgreSQL ids are handed out before their
 * transactions commit, so a put may become visible under an id older than the newest one already seen.
 */
const known = new WeakMap<Db, { eventId: number; nextDueMs: number; readMs: number }>();
const RECHECK_MS = 1_000;

/** advancePlans for every merchant, skipped cheaply when nothing can be due. Returns the steps applied. */
export async function advanceDue(db: Db, nowMs: number, failPercent?: number): Promise<number> {
  const eventId = await latestPlanEventId(db);
  const k = known.get(db);
  if (k && k.eventId === eventId && nowMs < k.nextDueMs && nowMs - k.readMs < RECHECK_MS) return 0;
  const r = await advancePlans(db, nowMs, failPercent === undefined ? {} : { failPercent });
  known.set(db, { eventId, nextDueMs: r.nextDueMs, readMs: nowMs });
  return r.steps;
}

/** The last lazy catch-up of a database: when it started, and its end (never failing) for answers that come meanwhile. */
const lastRun = new WeakMap<Db, { at: number; done: Promise<void> }>();
/** The lazy catch-up's longest pause: a pace of an hour needs no more than a check a minute. */
export const DELIVERY_INTERVAL_MS = 60_000;

/**
 * Brings the simulation up to `nowMs` before an answer that shows figures, at most once per minute or per step of
 * the configured pace, whichever is shorter (so a fast-paced plan is never shown stale). The runner (startSimulation)
 * does the same on a timer; this covers answers that come between its ticks. An answer that comes while a catch-up
 * is under way waits for it, so it shows what that catch-up wrote.
 */
export async function ensureDelivered(db: Db, nowMs: number): Promise<void> {
  const last = lastRun.get(db);
  const window = Math.min(DELIVERY_INTERVAL_MS, simulationStepMs());
  if (last !== undefined && nowMs - last.at < window && nowMs >= last.at) return last.done;
  const run = advanceDue(db, nowMs);
  lastRun.set(db, {
    at: nowMs,
    done: run.then(
      () => undefined,
      () => undefined,
    ),
  });
  await run;
}

/**
 * The runner: advances every moving plan every min(step, 1 s) by the server's clock. Of all the processes on one
 * database, one runs each tick: the one that claims it (storage/jobs.ts); the others skip it.
 * Since a run applies every step due by its time, a skipped or doubled tick changes nothing, and when the claimer
 * dies mid-run its transaction is undone and the next tick's claimer applies those steps.
 * Unref'd (it never keeps the process alive); the returned function stops it and resolves once a tick under way has
 * finished (so the database can be closed after it). A tick still running when the next is due is not doubled: the
 * next one waits its turn. A failing tick is reported and the next one tries again (a run of steps is one
 * transaction, so a failed one left nothing behind).
 */
export function startSimulation(
  db: Db,
  clock: () => number,
  onError: (err: unknown) => void,
  stepMs = simulationStepMs(),
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const interval = Math.min(stepMs, 1000);
  const tick = async () => {
    const now = clock();
    // A little under the interval: this process's own next tick, a few ms early, still finds the claim free.
    if (await claimJobTick(db, 'simulation', now, interval - Math.min(10, Math.floor(interval / 4))))
      await advanceDue(db, now);
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  }, interval);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
