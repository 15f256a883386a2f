/**
 * Daily-claim bookkeeping: claim_zones (the zone of a merchant's last claim of each kind, services/daily-claims.ts)
 * and the coupons the activities hand out (user_coupons rows with a grant_request_id, services/activities.ts).
 *
 * The per-merchant, per-kind lock: the merchant's claim_zones row of that kind, made if missing and locked FOR
 * UPDATE on PostgreSQL (lockClaimZone). A claim takes it first in its transaction, so on any number of processes one
 * merchant's claims of one kind are judged one after another, whatever zone each says it is in (SQLite's
 * transactions are exclusive already).
 */
import type { Db } from './engine';
import { isPostgres } from './engine';
import type { CouponKind } from '../../src/api/shapes/coupon';

export interface ClaimZoneRow {
  zone: string;
  at: string;
}

/** The zone and time of the merchant's last claim of this kind, if any. */
export async function findClaimZone(db: Db, userId: number, kind: string): Promise<ClaimZoneRow | undefined> {
  return db
    .selectFrom('claim_zones')
    .select(['zone', 'at'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/**
 * Locks the merchant's claim_zones row of this kind until the transaction ends and answers it. A merchant's first
 * claim of the kind has no row to lock, so one is made first with `zone` and `at` (what the claim records anyway; it
 * goes with the transaction if the claim is refused): two first claims at once then meet on the primary key, the
 * second waiting for the first to finish and reading what it left. Inside a transaction.
 */
export async function lockClaimZone(
  db: Db,
  userId: number,
  kind: string,
  zone: string,
  at: string,
): Promise<ClaimZoneRow> {
  await db
    .insertInto('claim_zones')
    .values({ user_id: userId, kind, zone, at })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
    .execute();
  return db
    .selectFrom('claim_zones')
    .select(['zone', 'at'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirstOrThrow();
}

/** Records a claim of this kind made in `zone` at `at`. */
export async function upsertClaimZone(db: Db, userId: number, kind: string, zone: string, at: string): Promise<void> {
  await db
    .insertInto('claim_zones')
    .values({ user_id: userId, kind, zone, at })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind'])
        .doUpdateSet((eb) => ({ zone: eb.ref('excluded.zone'), at: eb.ref('excluded.at') })),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Coupons handed out by the activities

/** A held coupon with its template's figures (the shape services/coupons.ts reads as UserCouponRow). */
export interface GrantedCouponRow {
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

/** The coupon handed out to the merchant under this request_id, if any. */
export async function findGrantByRequest(
  db: Db,
  userId: number,
  requestId: string,
): Promise<GrantedCouponRow | undefined> {
  const row = await db
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .selectAll('uc')
    .select(['c.name', 'c.kind', 'c.amount_cents', 'c.requirement_cents'])
    .where('uc.user_id', '=', userId)
    .where('uc.grant_request_id', '=', requestId)
    .executeTakeFirst();
  return row as GrantedCouponRow | undefined;
}

/** Whether the merchant holds (or held) a coupon of this template: ever, or received on `day`. */
export async function hasCouponOf(db: Db, userId: number, couponId: number, day?: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_coupons')
    .select('id')
    .where('user_id', '=', userId)
    .where('coupon_id', '=', couponId)
    .$if(day !== undefined, (qb) => qb.where('received_day', '=', day!))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewGrant {
  user_id: number;
  coupon_id: number;
  received_day: string;
  received_at: string;
  expire_at: string;
  grant_request_id: string;
}

/**
 * Hands out a coupon (unused); answers its id, or undefined when a unique key refused it (the same template on the
 * same day, or the request_id already spent).
 */
export async function insertGrant(db: Db, g: NewGrant): Promise<number | undefined> {
  const row = await db
    .insertInto('user_coupons')
    .values({ ...g, state: 'unused' })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
