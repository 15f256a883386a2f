/**
 * The coupons a merchant holds: listing them by state (with each state's count) and redeeming a wallet coupon into
 * the wallet's discount amount (`/user_coupon/receive`, the wire's name for the call). Put coupons are not
 * redeemed here: the put dialog applies them (COUPON_USE in the contract).
 *
 * A coupon's state is derived from the clock: a row stored as `unused` whose `expire_at` has passed is expired.
 * Nothing ever has to flip a flag for a coupon to expire. "One coupon of the same name per day" means one per
 * local day of the merchant (X-TZ), for coupons whose template has the same name.
 *
 * Every function takes `now` so that tests can fix the clock (e.g. at a local midnight).
 */
import type { Localized } from '../../src/api/shapes/config';
import {
  COUPON_USE,
  type Coupon,
  type CouponKind,
  type CouponPage,
  type CouponState,
} from '../../src/api/shapes/coupon';
import { fromCents } from '../../src/lib/money';
import {
  countHeldByState,
  creditDiscount,
  findHeldCoupon,
  findHeldCouponByUseRequest,
  listHeldCoupons,
  markCouponUsed,
  usedCouponOfNameOnDay,
  type HeldCouponRow,
} from '../storage/coupons';
import type { Db } from '../storage/engine';
import { isUniqueViolation } from '../storage/errors';
import { lockMerchant } from '../storage/limits';
import { lockWallet } from '../storage/wallet';
import { inTransaction } from '../storage/transaction';
import type { ClientTz } from '../lib/tz';
import { clientZone, localDay as dayInZone } from './ad-center/zone';
import { claimInZone } from './daily-claims';
import { InvalidInput, Refusal } from './errors';

export const DEFAULT_PAGE_SIZE = 10;

/** Coupon kinds redeemed into the wallet's discount amount (money); the rest apply when a plan is put. */
export const isWalletKind = (kind: CouponKind): boolean => COUPON_USE[kind] === 'wallet';

/** The wallet kinds. */
export const WALLET_KINDS = (Object.keys(COUPON_USE) as CouponKind[]).filter(isWalletKind);

/** The merchant's local calendar day (YYYY-MM-DD) at `now`: X-TZ's IANA zone if known, else its offset, else UTC. */
export const localDay = (tz: ClientTz, now: Date): string => dayInZone(now.getTime(), clientZone(tz));

export type UserCouponRow = HeldCouponRow;

export function parseLocalized(text: string): Localized {
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Localized;
  } catch {
    /* a plain name stored by hand */
  }
  return { en: text };
}

export function couponState(row: Pick<UserCouponRow, 'state' | 'expire_at'>, now: Date): CouponState {
  if (row.state === 'used') return 'used';
  if (row.state === 'expired' || row.expire_at <= now.toISOString()) return 'expired';
  return 'unused';
}

export function toCoupon(row: UserCouponRow, now: Date): Coupon {
  return {
    id: row.id,
    name: parseLocalized(row.name),
    kind: row.kind,
    amount: fromCents(row.amount_cents),
    requirement: fromCents(row.requirement_cents),
    receive_time: row.received_at,
    expire_time: row.expire_at,
    used_time: row.used_at,
    state: couponState(row, now),
  };
}

/** The merchant's coupon with its template's name, kind and amounts; undefined if it is not theirs. */
export const heldCoupon = (db: Db, userId: number, id: number): Promise<UserCouponRow | undefined> =>
  findHeldCoupon(db, userId, id);

export interface CouponListInput {
  state?: CouponState | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

/** How many coupons the merchant holds in each state at `now` (one query). */
export async function couponCounts(db: Db, userId: number, now: Date): Promise<Record<CouponState, number>> {
  return countHeldByState(db, userId, now.toISOString());
}

/**
 * The merchant's coupons of one state in that state's order (the unused coupon that runs out soonest, the latest
 * use, the latest expiry first), or all, newest received first; and the counts.
 */
export async function listCoupons(db: Db, userId: number, input: CouponListInput, now: Date): Promise<CouponPage> {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const counts = await couponCounts(db, userId, now);
  const total = input.state ? counts[input.state] : counts.unused + counts.used + counts.expired;
  const rows = await listHeldCoupons(db, userId, input.state, now.toISOString(), pageSize, (page - 1) * pageSize);
  return { list: rows.map((r) => toCoupon(r, now)), total, page, page_size: pageSize, counts };
}

export interface CouponReceiveInput {
  coupon_id: number;
  request_id: string;
}

/**
 * Redeems a held wallet coupon: it becomes used on the merchant's local day and its amount is added to the
 * wallet's discount amount. A put coupon is refused (coupon_put_only): the put dialog applies it. The same
 * request_id again answers the coupon it redeemed, without a second credit.
 *
 * Parallel requests, even from several processes on PostgreSQL, are judged one after another: the transaction
 * locks the merchant's wallet first, so the replay check and the one-coupon-of-a-name-a-day check read
 * what an earlier request committed. The coupon itself changes only by a conditional update (still unused), and the
 * discount is credited only when that update changed it. Should two requests with one request_id still meet at the
 * unique key, the loser answers what the winner did.
 *
 * No ledger row: transaction_flow records movements of the balance (balance_after_cents, and its type list has no
 * coupon type), while this credits the separate discount amount; the coupon row (used_at, use_request_id) is
 * this credit's record.
 */
export async function receiveCoupon(
  db: Db,
  userId: number,
  input: CouponReceiveInput,
  tz: ClientTz,
  now: Date,
): Promise<Coupon> {
  try {
    return await inTransaction(db, (trx) => receiveIn(trx, userId, input, tz, now));
  } catch (err) {
    if (db.isTransaction || !isUniqueViolation(err)) throw err;
    return inTransaction(db, (trx) => receiveIn(trx, userId, input, tz, now));
  }
}

async function receiveIn(db: Db, userId: number, input: CouponReceiveInput, tz: ClientTz, now: Date): Promise<Coupon> {
  // The wallet's row is the merchant's lock for money steps (storage/wallet.ts), and this one credits it: taking
  // the same lock first, rather than another row, keeps every money step's locks in one order.
  if ((await lockWallet(db, userId)) === undefined) await lockMerchant(db, userId);
  const done = await findHeldCouponByUseRequest(db, userId, input.request_id);
  if (done) {
    // A key already spent on another coupon is a client bug; answering that other coupon would hide it.
    if (done.id !== input.coupon_id) throw new InvalidInput('request_id', 'same');
    return toCoupon(done, now);
  }
  const row = await heldCoupon(db, userId, input.coupon_id);
  if (!row) throw new Refusal('not_found');
  const state = couponState(row, now);
  if (state === 'used') throw new Refusal('coupon_used');
  if (state === 'expired') throw new Refusal('coupon_expired');
  if (!isWalletKind(row.kind)) throw new Refusal('coupon_put_only');

  const day = localDay(tz, now);
  if (await usedCouponOfNameOnDay(db, userId, day, row.name)) throw new Refusal('coupon_daily_limit');
  await claimInZone(db, userId, `coupon-name:${row.name}`, clientZone(tz), now.getTime(), 'coupon_daily_limit');

  const at = now.toISOString();
  // Used by another request since it was read: nothing is credited (the thrown refusal undoes the claim above).
  if (!(await markCouponUsed(db, userId, row.id, { at, day, requestId: input.request_id })))
    throw new Refusal('coupon_used');
  if (row.amount_cents > 0 && !(await creditDiscount(db, userId, row.amount_cents, at))) {
    // No wallet: a credit must never vanish, so the coupon stays unused.
    throw new Error(`No wallet for user ${userId}`);
  }
  return toCoupon((await heldCoupon(db, userId, row.id))!, now);
}
