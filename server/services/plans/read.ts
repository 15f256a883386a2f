/**
 * Reading a merchant's plans: the order list by status with every tab's count, a plan's detail (its
 * delivery figures, its timeline, what the put took), its product, and how many plans wait to be put. Money is
 * integer cents in the rows and decimal strings on the wire (lib/money.ts).
 *
 * A plan that is not the merchant's is answered exactly like one that does not exist (NOT_FOUND), so plan ids
 * reveal nothing about other merchants.
 */
import { PLAN_STATUSES, type Plan, type PlanCounts, type PlanDetail, type PlanEvent, type PlanPage, type PlanStatus, type Product } from '../../../src/api/shapes/plan';
import { stmt, type DB } from '../../db/index';
import { fromCents } from '../../../src/lib/money';
import { Refusal } from '../errors';

export const DEFAULT_PAGE_SIZE = 10;

export interface PlanRow {
  id: number; plan_no: string; user_id: number; status: PlanStatus; put_amount_cents: number; put_progress: number;
  content: string; rule: string; user_targeting: string; official: number; lowest_put_cents: number; highest_put_cents: number;
  request_id: string | null; impressions: number; clicks: number; consumed_cents: number; revenue_cents: number;
  paid_cents: number | null; coupon_discount_cents: number | null; user_coupon_id: number | null; put_at: string | null;
  created_at: string;
  product_id: number; product_name: string; product_image: string; product_price_cents: number; product_description: string;
}

const PLAN_SELECT = `SELECT p.id, p.plan_no, p.user_id, p.status, p.put_amount_cents, p.put_progress, p.content, p.rule,
    p.user_targeting, p.official, p.lowest_put_cents, p.highest_put_cents, p.request_id, p.impressions, p.clicks,
    p.consumed_cents, p.revenue_cents, p.paid_cents, p.coupon_discount_cents, p.user_coupon_id, p.put_at, p.created_at,
    pr.id AS product_id, pr.name AS product_name, pr.image AS product_image, pr.price_cents AS product_price_cents,
    pr.description AS product_description
  FROM plans p JOIN products pr ON pr.id = p.product_id`;

export function toProduct(row: PlanRow): Product {
  return {
    id: row.product_id, name: row.product_name, image: row.product_image,
    price: fromCents(row.product_price_cents), description: row.product_description,
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
export const planRow = (db: DB, userId: number, planId: number): PlanRow | null =>
  stmt<PlanRow>(db, `${PLAN_SELECT} WHERE p.id = ? AND p.user_id = ?`).get(planId, userId) ?? null;

/** The merchant's plan, or NOT_FOUND. */
export function ownPlan(db: DB, userId: number, planId: number): PlanRow {
  const row = planRow(db, userId, planId);
  if (!row) throw new Refusal('not_found');
  return row;
}

/** How many of the merchant's plans are in each status, and in all (one query). */
export function planCounts(db: DB, userId: number): PlanCounts {
  const counts = Object.fromEntries([...PLAN_STATUSES, 'all'].map((s) => [s, 0])) as PlanCounts;
  for (const r of stmt<{ status: PlanStatus; n: number }>(db, 'SELECT status, COUNT(*) AS n FROM plans WHERE user_id = ? GROUP BY status').all(userId)) {
    counts[r.status] = r.n;
    counts.all += r.n;
  }
  return counts;
}

export interface PlanListInput { status?: PlanStatus | undefined; page?: number | undefined; page_size?: number | undefined }

/** One status's plans (or all), newest first; ties (same creation time) by id, newest first too. */
export function listPlans(db: DB, userId: number, input: PlanListInput): PlanPage {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const counts = planCounts(db, userId);
  const where = `p.user_id = @user${input.status ? ' AND p.status = @status' : ''}`;
  const rows = stmt<PlanRow>(db, `${PLAN_SELECT} WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT @limit OFFSET @offset`)
    .all({ user: userId, ...(input.status ? { status: input.status } : {}), limit: pageSize, offset: (page - 1) * pageSize });
  return { list: rows.map(toPlan), total: counts[input.status ?? 'all'], page, page_size: pageSize, counts };
}

/** The statuses the plan entered, oldest first (ties by the order they were recorded). */
export const planTimeline = (db: DB, planId: number): PlanEvent[] =>
  stmt<{ status: PlanStatus; at: string }>(db, 'SELECT status, at FROM plan_events WHERE plan_id = ? ORDER BY at ASC, id ASC')
    .all(planId).map((e) => ({ status: e.status, time: e.at }));

export function toDetail(db: DB, row: PlanRow): PlanDetail {
  return {
    ...toPlan(row),
    figures: {
      impressions: row.impressions,
      clicks: row.clicks,
      consumed: fromCents(row.consumed_cents),
      revenue: fromCents(row.revenue_cents),
      profit: fromCents(row.revenue_cents - row.consumed_cents),
    },
    timeline: planTimeline(db, row.id),
    paid: row.paid_cents === null ? null : fromCents(row.paid_cents),
    coupon_discount: row.coupon_discount_cents === null ? null : fromCents(row.coupon_discount_cents),
  };
}

export const planDetail = (db: DB, userId: number, planId: number): PlanDetail => toDetail(db, ownPlan(db, userId, planId));

export const planProduct = (db: DB, userId: number, planId: number): Product => toProduct(ownPlan(db, userId, planId));

export function awaitPutCount(db: DB, userId: number): { count: number } {
  const { n } = stmt<{ n: number }>(db, "SELECT COUNT(*) AS n FROM plans WHERE user_id = ? AND status = 'waitPut'").get(userId)!;
  return { count: n };
}
