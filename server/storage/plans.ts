/**
 * The plans' tables: plans (with their product), plan_events (each plan's timeline), plan_stats (the hourly
 * delivery rows the ad centre sums), and the few writes a put or a delivery step makes to a coupon or a wallet's
 * "to be settled". Small queries the services in services/plans call; the rules stay there.
 *
 * The writes that decide something are conditional, so they hold on PostgreSQL at READ COMMITTED with several
 * processes as they did on SQLite's one writer: a status changes only from the status it is in (updatePlanStatus),
 * a put is recorded only on a waiting plan (recordPut), a run of simulation steps only from the step read (advanceSimSteps),
 * a coupon is used only while unused. Each answers whether it won.
 */
import type { PlanStatus } from '../../src/api/shapes/plan';
import { MOVING_PLAN_STATUSES } from '../../src/api/shapes/plan';
import type { Db } from './engine';
import { isPostgres } from './engine';
import { noteChange } from './changes';

// ---------------------------------------------------------------------------------------------------------------
// A plan with its product, as the screens show it

export interface PlanRow {
  id: number;
  plan_no: string;
  user_id: number;
  status: PlanStatus;
  put_amount_cents: number;
  put_progress: number;
  content: string;
  rule: string;
  user_targeting: string;
  official: number;
  lowest_put_cents: number;
  highest_put_cents: number;
  request_id: string | null;
  impressions: number;
  clicks: number;
  consumed_cents: number;
  revenue_cents: number;
  paid_cents: number | null;
  coupon_discount_cents: number | null;
  user_coupon_id: number | null;
  put_at: string | null;
  created_at: string;
  product_id: number;
  product_name: string;
  product_image: string;
  product_price_cents: number;
  product_description: string;
}

function planWithProduct(db: Db) {
  return db
    .selectFrom('plans as p')
    .innerJoin('products as pr', 'pr.id', 'p.product_id')
    .select([
      'p.id',
      'p.plan_no',
      'p.user_id',
      'p.status',
      'p.put_amount_cents',
      'p.put_progress',
      'p.content',
      'p.rule',
      'p.user_targeting',
      'p.official',
      'p.lowest_put_cents',
      'p.highest_put_cents',
      'p.request_id',
      'p.impressions',
      'p.clicks',
      'p.consumed_cents',
      'p.revenue_cents',
      'p.paid_cents',
      'p.coupon_discount_cents',
      'p.user_coupon_id',
      'p.put_at',
      'p.created_at',
      'pr.id as product_id',
      'pr.name as product_name',
      'pr.image as product_image',
      'pr.price_cents as product_price_cents',
      'pr.description as product_description',
    ])
    .$narrowType<{ status: PlanStatus }>();
}

/** The merchant's plan with its product, or undefined (another merchant's plan is not found either). */
export async function findPlanWithProduct(db: Db, userId: number, planId: number): Promise<PlanRow | undefined> {
  return planWithProduct(db).where('p.id', '=', planId).where('p.user_id', '=', userId).executeTakeFirst();
}

/** One page of the merchant's plans (of one status, or all), newest first, ties by id newest first. */
export async function planPage(
  db: Db,
  userId: number,
  status: PlanStatus | undefined,
  limit: number,
  offset: number,
): Promise<PlanRow[]> {
  return planWithProduct(db)
    .where('p.user_id', '=', userId)
    .$if(status !== undefined, (qb) => qb.where('p.status', '=', status!))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many of the merchant's plans are in each status they have. */
export async function countPlansByStatus(db: Db, userId: number): Promise<{ status: PlanStatus; n: number }[]> {
  const rows = await db
    .selectFrom('plans')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status as PlanStatus, n: Number(r.n) }));
}

/** How many of the merchant's plans wait to be put. */
export async function countWaitingPlans(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'waitPut')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The merchant's plan paid for by `requestId` (the put's idempotency key), if any. */
export async function findPlanIdByRequest(db: Db, userId: number, requestId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('plans')
    .select('id')
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row?.id;
}

// ---------------------------------------------------------------------------------------------------------------
// The timeline

/** The statuses the plan entered, oldest first (ties by the order they were recorded). */
export async function findPlanEvents(db: Db, planId: number): Promise<{ status: PlanStatus; at: string }[]> {
  const rows = await db
    .selectFrom('plan_events')
    .select(['status', 'at'])
    .where('plan_id', '=', planId)
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows as { status: PlanStatus; at: string }[];
}

export async function insertPlanEvent(db: Db, planId: number, status: PlanStatus, at: string): Promise<void> {
  await db.insertInto('plan_events').values({ plan_id: planId, status, at }).execute();
}

/** The newest timeline row's id (0 when there is none): it moves whenever a plan is put or changes status. */
export async function latestPlanEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('plan_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Status and put

/** Moves the plan to `to` only while it is in `from`; false when it was not (someone moved it first). */
export async function updatePlanStatus(
  db: Db,
  planId: number,
  from: PlanStatus,
  to: PlanStatus,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('plans')
    .set({ status: to, updated_at: at })
    .where('id', '=', planId)
    .where('status', '=', from)
    .returning('user_id')
    .executeTakeFirst();
  if (r) await noteChange(db, { user: r.user_id, kind: 'plans', plan: planId });
  return r !== undefined;
}

export interface PutColumns {
  put_amount_cents: number;
  official: number;
  paid_cents: number;
  coupon_discount_cents: number | null;
  user_coupon_id: number | null;
  request_id: string;
  put_at: string;
  sim_step_ms: number;
}

/**
 * Writes what a put decided onto the plan, only while it still waits to be put: false when another put (or any
 * other move) got there first. Its request_id is unique per merchant, so a second put under the same key fails here
 * with a unique violation.
 */
export async function recordPut(db: Db, planId: number, put: PutColumns): Promise<boolean> {
  const r = await db
    .updateTable('plans')
    .set({ ...put, sim_step: 0 })
    .where('id', '=', planId)
    .where('status', '=', 'waitPut')
    .returning('user_id')
    .executeTakeFirst();
  if (r) await noteChange(db, { user: r.user_id, kind: 'plans', plan: planId });
  return r !== undefined;
}

/** Marks the merchant's coupon used, only while it is unused; false when it was not. */
export async function markCouponUsed(db: Db, userId: number, userCouponId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('user_coupons')
    .set({ state: 'used', used_at: at })
    .where('id', '=', userCouponId)
    .where('user_id', '=', userId)
    .where('state', '=', 'unused')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives back a coupon a failed put had used (unused again, as if never used); nothing if it is not used. */
export async function returnUsedCoupon(db: Db, userId: number, userCouponId: number): Promise<void> {
  await db
    .updateTable('user_coupons')
    .set({ state: 'unused', used_at: null, used_day: null, use_request_id: null })
    .where('id', '=', userCouponId)
    .where('user_id', '=', userId)
    .where('state', '=', 'used')
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// The simulation

export interface SimPlan {
  id: number;
  user_id: number;
  plan_no: string;
  status: PlanStatus;
  put_at: string | null;
  sim_step: number;
  sim_step_ms: number | null;
  put_amount_cents: number;
  paid_cents: number | null;
  user_coupon_id: number | null;
  consumed_cents: number;
  revenue_cents: number;
}

export interface SimPlanTime {
  id: number;
  put_at: string | null;
  sim_step: number;
  sim_step_ms: number | null;
}

/** Every moving plan (of one merchant, or all) with what says when its next step is due. */
export async function movingPlanTimes(db: Db, userId?: number): Promise<SimPlanTime[]> {
  return db
    .selectFrom('plans')
    .select(['id', 'put_at', 'sim_step', 'sim_step_ms'])
    .where('status', 'in', MOVING_PLAN_STATUSES)
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .execute();
}

/**
 * Those of `ids` still moving, read anew and, on PostgreSQL, locked until the transaction ends, in id order (so two
 * runners lock the plans they share in the same order and one waits for the other, never each for the other).
 * A plan another runner moved meanwhile comes back as that runner committed it. Inside a transaction.
 */
export async function lockSimPlans(db: Db, ids: readonly number[]): Promise<SimPlan[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('plans')
    .select([
      'id',
      'user_id',
      'plan_no',
      'status',
      'put_at',
      'sim_step',
      'sim_step_ms',
      'put_amount_cents',
      'paid_cents',
      'user_coupon_id',
      'consumed_cents',
      'revenue_cents',
    ])
    .where('id', 'in', [...ids])
    .where('status', 'in', MOVING_PLAN_STATUSES)
    .orderBy('id')
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .execute();
  return rows as SimPlan[];
}

/** What a delivery step adds to the plan's totals. */
/** What a run's delivery steps add to a plan's totals, and the progress the last of them left. */
export interface StepDelivery {
  consumed_cents: number;
  impressions: number;
  clicks: number;
  revenue_cents: number;
  put_progress: number;
}

/**
 * Moves the plan's step counter from `fromStep` to `toStep` (with the delivery those steps made, if any), only while
 * it is still at `fromStep`: false when another runner moved it meanwhile, and then nothing was written.
 */
export async function advanceSimSteps(
  db: Db,
  planId: number,
  fromStep: number,
  toStep: number,
  at: string,
  d: StepDelivery | null,
): Promise<boolean> {
  const r = await db
    .updateTable('plans')
    .set((eb) => ({
      sim_step: toStep,
      updated_at: at,
      ...(d && {
        consumed_cents: eb('consumed_cents', '+', d.consumed_cents),
        impressions: eb('impressions', '+', d.impressions),
        clicks: eb('clicks', '+', d.clicks),
        revenue_cents: eb('revenue_cents', '+', d.revenue_cents),
        put_progress: d.put_progress,
      }),
    }))
    .where('id', '=', planId)
    .where('sim_step', '=', fromStep)
    .returning('user_id')
    .executeTakeFirst();
  if (r) await noteChange(db, { user: r.user_id, kind: 'plans', plan: planId });
  return r !== undefined;
}

export async function setSettledCents(db: Db, planId: number, cents: number): Promise<void> {
  await db.updateTable('plans').set({ settled_cents: cents }).where('id', '=', planId).execute();
}

export interface PlanStatInput {
  plan_id: number;
  user_id: number;
  hour: string;
  impressions: number;
  clicks: number;
  consumed_cents: number;
  revenue_cents: number;
}

/** Rows per statement: far below either engine's limit on bound parameters. */
const STAT_ROWS_PER_INSERT = 500;

/**
 * Adds figures to their plans' rows for their UTC hours (made where there are none yet). At most one entry per plan
 * and hour: PostgreSQL refuses a statement that would update one row twice.
 */
export async function addPlanStats(db: Db, rows: readonly PlanStatInput[]): Promise<void> {
  for (let i = 0; i < rows.length; i += STAT_ROWS_PER_INSERT) {
    await db
      .insertInto('plan_stats')
      .values(rows.slice(i, i + STAT_ROWS_PER_INSERT))
      .onConflict((oc) =>
        oc.columns(['plan_id', 'hour']).doUpdateSet((eb) => ({
          impressions: eb('plan_stats.impressions', '+', eb.ref('excluded.impressions')),
          clicks: eb('plan_stats.clicks', '+', eb.ref('excluded.clicks')),
          consumed_cents: eb('plan_stats.consumed_cents', '+', eb.ref('excluded.consumed_cents')),
          revenue_cents: eb('plan_stats.revenue_cents', '+', eb.ref('excluded.revenue_cents')),
        })),
      )
      .execute();
  }
}

/** Moves `cents` (signed) into the merchant's "to be settled". */
export async function addToBeSettled(db: Db, userId: number, cents: number, at: string): Promise<void> {
  await db
    .updateTable('wallets')
    .set((eb) => ({ to_be_settled_cents: eb('to_be_settled_cents', '+', cents), updated_at: at }))
    .where('user_id', '=', userId)
    .execute();
  await noteChange(db, { user: userId, kind: 'wallet' });
}

// ---------------------------------------------------------------------------------------------------------------
// Investment (services/ad-center/investment.ts)

const NOT_PUT = ['waitPut', 'putFailed'] as const;

/**
 * The put amounts and count of the merchant's plans that were put, over all time or created in [fromIso, toIso)
 * (no open-ended bound stands in for "all": text beyond every time sorts differently under PostgreSQL's collations).
 */
export async function sumPutPlans(
  db: Db,
  userId: number,
  range?: { fromIso: string; toIso: string },
): Promise<{ cents: number; plans: number }> {
  const row = await db
    .selectFrom('plans')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('put_amount_cents'), eb.lit(0)).as('cents'),
      eb.fn.countAll<number>().as('plans'),
    ])
    .where('user_id', '=', userId)
    .where('status', 'not in', NOT_PUT)
    .$if(range !== undefined, (qb) =>
      qb.where('created_at', '>=', range!.fromIso).where('created_at', '<', range!.toIso),
    )
    .executeTakeFirstOrThrow();
  return { cents: Number(row.cents), plans: Number(row.plans) };
}
