/**
 * Coupon templates (coupons) and the coupons merchants hold (user_coupons). A held coupon's state as the merchant
 * sees it depends on the clock: a row stored `unused` whose expire_at has passed is expired (ISO times compare as
 * text), so the queries take `now`.
 */
import type { ExpressionBuilder } from 'kysely';
import type { CouponKind, CouponState } from '../../src/api/shapes/coupon';
import type { Db } from './engine';
import type { Database } from './schema';
import { noteChange } from './changes';

/** A held coupon with its template's name, kind and amounts. */
export interface HeldCouponRow {
  id: number;
  user_id: number;
  coupon_id: number;
  state: 'unused' | 'used' | 'expired';
  received_day: string;
  received_at: string;
  expire_at: string;
  used_at: string | null;
  used_day: string | null;
  use_request_id: string | null;
  grant_request_id: string | null;
  name: string;
  kind: CouponKind;
  amount_cents: number;
  requirement_cents: number;
}

function held(db: Db) {
  return db
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .selectAll('uc')
    .select(['c.name', 'c.kind', 'c.amount_cents', 'c.requirement_cents'])
    .$castTo<HeldCouponRow>();
}

export async function findHeldCoupon(db: Db, userId: number, id: number): Promise<HeldCouponRow | undefined> {
  return held(db).where('uc.id', '=', id).where('uc.user_id', '=', userId).executeTakeFirst();
}

/** The merchant's coupon used by this request_id, if any. */
export async function findHeldCouponByUseRequest(
  db: Db,
  userId: number,
  requestId: string,
): Promise<HeldCouponRow | undefined> {
  return held(db).where('uc.user_id', '=', userId).where('uc.use_request_id', '=', requestId).executeTakeFirst();
}

type WithHeld = ExpressionBuilder<Database & { uc: Database['user_coupons'] }, 'uc'>;

/** The same condition as the service's couponState, as SQL over `uc`. */
function inState(state: CouponState, nowIso: string) {
  return (eb: WithHeld) => {
    switch (state) {
      case 'unused':
        return eb.and([eb('uc.state', '=', 'unused'), eb('uc.expire_at', '>', nowIso)]);
      case 'used':
        return eb('uc.state', '=', 'used');
      case 'expired':
        return eb.or([
          eb('uc.state', '=', 'expired'),
          eb.and([eb('uc.state', '=', 'unused'), eb('uc.expire_at', '<=', nowIso)]),
        ]);
    }
  };
}

/** How many coupons the merchant holds in each state at `nowIso` (one query). */
export async function countHeldByState(db: Db, userId: number, nowIso: string): Promise<Record<CouponState, number>> {
  // Literal 1 and 0 (not parameters): PostgreSQL would read untyped parameters in a CASE as text.
  const countOf = (eb: WithHeld, state: CouponState) =>
    eb.fn.coalesce(
      eb.fn.sum<number>(eb.case().when(inState(state, nowIso)(eb)).then(eb.lit(1)).else(eb.lit(0)).end()),
      eb.lit(0),
    );
  const row = await db
    .selectFrom('user_coupons as uc')
    .select((eb) => [
      countOf(eb, 'unused').as('unused'),
      countOf(eb, 'used').as('used'),
      countOf(eb, 'expired').as('expired'),
    ])
    .where('uc.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { unused: Number(row.unused), used: Number(row.used), expired: Number(row.expired) };
}

/**
 * A page of the merchant's coupons of one state, in that state's order: the unused coupon that runs out soonest,
 * the latest use, the latest expiry first; ties by id, the same direction. Without a state: every coupon, newest
 * received first.
 */
export async function listHeldCoupons(
  db: Db,
  userId: number,
  state: CouponState | undefined,
  nowIso: string,
  limit: number,
  offset: number,
): Promise<HeldCouponRow[]> {
  let q = held(db).where('uc.user_id', '=', userId);
  if (state) q = q.where(inState(state, nowIso));
  switch (state) {
    case 'unused':
      q = q.orderBy('uc.expire_at', 'asc').orderBy('uc.id', 'asc');
      break;
    case 'used':
      q = q.orderBy('uc.used_at', 'desc').orderBy('uc.id', 'desc');
      break;
    case 'expired':
      q = q.orderBy('uc.expire_at', 'desc').orderBy('uc.id', 'desc');
      break;
    default:
      q = q.orderBy('uc.received_at', 'desc').orderBy('uc.id', 'desc');
  }
  return q.limit(limit).offset(offset).execute();
}

/** True when the merchant used a coupon whose template has this name on this local day. */
export async function usedCouponOfNameOnDay(db: Db, userId: number, day: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .select('uc.id')
    .where('uc.user_id', '=', userId)
    .where('uc.state', '=', 'used')
    .where('uc.used_day', '=', day)
    .where('c.name', '=', name)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the merchant's coupon used, only if it still is unused: answers whether this call changed it (false: another
 * request used it first). A request_id the merchant already used throws a unique violation (user_coupons_use_request).
 */
export async function markCouponUsed(
  db: Db,
  userId: number,
  id: number,
  u: { at: string; day: string; requestId: string },
): Promise<boolean> {
  const r = await db
    .updateTable('user_coupons')
    .set({ state: 'used', used_at: u.at, used_day: u.day, use_request_id: u.requestId })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('state', '=', 'unused')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Adds to the wallet's discount amount (not its balance: no ledger row, see services/coupons.ts). Answers whether
 * the merchant has a wallet.
 */
export async function creditDiscount(db: Db, userId: number, cents: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('wallets')
    .set((eb) => ({ discount_cents: eb('discount_cents', '+', cents), updated_at: at }))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const moved = Number(r.numUpdatedRows) === 1;
  if (moved) await noteChange(db, { user: userId, kind: 'wallet' });
  return moved;
}
