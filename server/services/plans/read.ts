/**
 * Reading a merchant's plans: the order list by status with every tab's count, a plan's detail (its
 * delivery figures, its timeline, what the put took), its product, and how many plans wait to be put. Money is
 * integer cents in the rows and decimal strings on the wire (lib/money.ts).
 *
 * A plan that is not the merchant's is answered exactly like one that does not exist (NOT_FOUND), so plan ids
 * reveal nothing about other merchants.
 */
import {
  PLAN_STATUSES,
  type Plan,
  type PlanCounts,
  type PlanDetail,
  type PlanEvent,
  type PlanPage,
  type PlanStatus,
  type Product,
} from '../../../src/api/shapes/plan';
import type { Db } from '../../storage/engine';
import {
  countPlansByStatus,
  countWaitingPlans,
  findPlanEvents,
  findPlanWithProduct,
  planPage,
  type PlanRow,
} from '../../storage/plans';
import { fromCents } from '../../../src/lib/money';
import { Refusal } from '../errors';

export type { PlanRow };

export const DEFAULT_PAGE_SIZE = 10;

export function toProduct(row: PlanRow): Product {
  return {
    id: row.product_id,
    name: row.product_name,
    image: row.product_image,
    price: fromCents(row.product_price_cents),
    description: row.product_description,
  };
}

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    plan_no: row.plan_no,
    // A waiting plan has put nothing yet, whatever amount a seed or an operator wrote into the row.
    put_amount: fromCents(row.status === 'waitPut' ? 0 : row.put_amount_cents),
    put_progress: row.put_progress,
    create_time: row.created_at,
    product: toProduct(row),
    content: row.content,
    rule: row.rule,
    user_targeting: row.user_targeting,
    official: row.official === 1,
    status: row.status,
    lowest_put_amount: fromCents(row.lowest_put_cents),
    highest_put_amount: fromCents(row.highest_put_cents),
  };
}

/** The merchant's plan (with its product), or null: another merchant's plan is not theirs to see. */
export async function planRow(db: Db, userId: number, planId: number): Promise<PlanRow | null> {
  return (await findPlanWithProduct(db, userId, planId)) ?? null;
}

/** The merchant's plan, or NOT_FOUND. */
export async function ownPlan(db: Db, userId: number, planId: number): Promise<PlanRow> {
  const row = await planRow(db, userId, planId);
  if (!row) throw new Refusal('not_found');
  return row;
}

/** How many of the merchant's plans are in each status, and in all (one query). */
export async function planCounts(db: Db, userId: number): Promise<PlanCounts> {
  const counts = Object.fromEntries([...PLAN_STATUSES, 'all'].map((s) => [s, 0])) as PlanCounts;
  for (const r of await countPlansByStatus(db, userId)) {
    counts[r.status] = r.n;
    counts.all += r.n;
  }
  return counts;
}

export interface PlanListInput {
  status?: PlanStatus | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

/** One status's plans (or all), newest first; ties (same creation time) by id, newest first too. */
export async function listPlans(db: Db, userId: number, input: PlanListInput): Promise<PlanPage> {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const counts = await planCounts(db, userId);
  const rows = await planPage(db, userId, input.status, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toPlan), total: counts[input.status ?? 'all'], page, page_size: pageSize, counts };
}

/** The statuses the plan entered, oldest first (ties by the order they were recorded). */
export async function planTimeline(db: Db, planId: number): Promise<PlanEvent[]> {
  return (await findPlanEvents(db, planId)).map((e) => ({ status: e.status, time: e.at }));
}

export async function toDetail(db: Db, row: PlanRow): Promise<PlanDetail> {
  return {
    ...toPlan(row),
    figures: {
      impressions: row.impressions,
      clicks: row.clicks,
      consumed: fromCents(row.consumed_cents),
      revenue: fromCents(row.revenue_cents),
      profit: fromCents(row.revenue_cents - row.consumed_cents),
    },
    timeline: await planTimeline(db, row.id),
    paid: row.paid_cents === null ? null : fromCents(row.paid_cents),
    coupon_discount: row.coupon_discount_cents === null ? null : fromCents(row.coupon_discount_cents),
  };
}

export const planDetail = async (db: Db, userId: number, planId: number): Promise<PlanDetail> =>
  toDetail(db, await ownPlan(db, userId, planId));

export const planProduct = async (db: Db, userId: number, planId: number): Promise<Product> =>
  toProduct(await ownPlan(db, userId, planId));

export async function awaitPutCount(db: Db, userId: number): Promise<{ count: number }> {
  return { count: await countWaitingPlans(db, userId) };
}
