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
import { COUPON_STATES, COUPON_USE, type Coupon, type CouponKind, type CouponPage, type CouponState } from '../../src/api/shapes/coupon';
import { stmt, type DB } from '../db/index';
import { fromCents } from '../../src/lib/money';
import type { ClientTz } from '../lib/tz';
import { clientZone, localDay as dayInZone } from './ad-center/zone';
import { claimInZone } from './daily-claims';
import { InvalidInput, Refusal } from './errors';

export const DEFAULT_PAGE_SIZE = 10;

/** Coupon kinds redeemed into the wallet's discount amount (money); the rest apply when a plan is put. */
export const isWalletKind = (kind: CouponKind): boolean => COUPON_USE[kind] === 'wallet';

/** The wallet kinds as an SQL list, for the migration and queries that need them. */
export const WALLET_KINDS_SQL = Object.keys(COUPON_USE).filter((k) => isWalletKind(k as CouponKind)).map((k) => `'${k}'`).join(', ');

/** The merchant's local calendar day (YYYY-MM-DD) at `now`: X-TZ's IANA zone if known, else its offset, else UTC. */
export const localDay = (tz: ClientTz, now: Date): string => dayInZone(now.getTime(), clientZone(tz));

export interface UserCouponRow {
  id: number; user_id: number; coupon_id: number; state: 'unused' | 'used' | 'expired';
  received_day: string; received_at: string; expire_at: string; used_at: string | null; used_day: string | null;
  use_request_id: string | null; grant_request_id: string | null;
  name: string; kind: CouponKind; amount_cents: number; requirement_cents: number;
}

const HELD = `SELECT uc.*, c.name, c.kind, c.amount_cents, c.requirement_cents
  FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id`;

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

export const heldCoupon = (db: DB, userId: number, id: number) =>
  stmt<UserCouponRow>(db, `${HELD} WHERE uc.id = ? AND uc.user_id = ?`).get(id, userId);

/** The same condition as couponState, in SQL (ISO times compare as text). */
const STATE_WHERE: Record<CouponState, string> = {
  unused: "uc.state = 'unused' AND uc.expire_at > @now",
  used: "uc.state = 'used'",
  expired: "(uc.state = 'expired' OR (uc.state = 'unused' AND uc.expire_at <= @now))",
};

export interface CouponListInput { state?: CouponState | undefined; page?: number | undefined; page_size?: number | undefined }

/**
 * Each state's order, what the merchant looks for first: the unused coupon that runs out soonest, the latest use,
 * the latest expiry (used_at and expire_at are ISO times, so they sort as text); ties by id, the same direction.
 */
const STATE_ORDER: Record<CouponState, string> = {
  unused: 'uc.expire_at ASC, uc.id ASC',
  used: 'uc.used_at DESC, uc.id DESC',
  expired: 'uc.expire_at DESC, uc.id DESC',
};

/** How many coupons the merchant holds in each state at `now` (one query). */
export function couponCounts(db: DB, userId: number, now: Date): Record<CouponState, number> {
  const row = stmt<Record<CouponState, number>>(db, `SELECT ${COUPON_STATES.map((s) => `COALESCE(SUM(CASE WHEN ${STATE_WHERE[s]} THEN 1 ELSE 0 END), 0) AS ${s}`).join(', ')}
    FROM user_coupons uc WHERE uc.user_id = @user`).get({ user: userId, now: now.toISOString() })!;
  return { unused: row.unused, used: row.used, expired: row.expired };
}

/** The merchant's coupons of one state in that state's order (or all, newest received first), and the counts. */
export function listCoupons(db: DB, userId: number, input: CouponListInput, now: Date): CouponPage {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const where = `uc.user_id = @user${input.state ? ` AND ${STATE_WHERE[input.state]}` : ''}`;
  const order = input.state ? STATE_ORDER[input.state] : 'uc.received_at DESC, uc.id DESC';
  const params = { user: userId, now: now.toISOString(), limit: pageSize, offset: (page - 1) * pageSize };
  const counts = couponCounts(db, userId, now);
  const total = input.state ? counts[input.state] : counts.unused + counts.used + counts.expired;
  const rows = stmt<UserCouponRow>(db, `${HELD} WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`).all(params);
  return { list: rows.map((r) => toCoupon(r, now)), total, page, page_size: pageSize, counts };
}

export interface CouponReceiveInput { coupon_id: number; request_id: string }

/**
 * Redeems a held wallet coupon: it becomes used on the merchant's local day and its amount is added to the
 * wallet's discount amount. A put coupon is refused (coupon_put_only): the put dialog applies it. One immediate
 * transaction, so parallel requests are judged one after another. The same request_id again answers the coupon it
 * redeemed, without a second credit.
 *
 * No ledger row: transaction_flow records movements of the balance (balance_after_cents, and its type list has no
 * coupon type), while this credits the separate discount amount; the coupon row (used_at, use_request_id) is
 * this credit's record.
 */
export function receiveCoupon(db: DB, userId: number, input: CouponReceiveInput, tz: ClientTz, now: Date): Coupon {
  return db.transaction(() => {
    const done = stmt<UserCouponRow>(db, `${HELD} WHERE uc.user_id = ? AND uc.use_request_id = ?`).get(userId, input.request_id);
    if (done) {
      // A key already spent on another coupon is a client bug; answering that other coupon would hide it.
      if (done.id !== input.coupon_id) throw new InvalidInput('request_id', 'same');
      return toCoupon(done, now);
    }
    const row = heldCoupon(db, userId, input.coupon_id);
    if (!row) throw new Refusal('not_found');
    const state = couponState(row, now);
    if (state === 'used') throw new Refusal('coupon_used');
    if (state === 'expired') throw new Refusal('coupon_expired');
    if (!isWalletKind(row.kind)) throw new Refusal('coupon_put_only');

    const day = localDay(tz, now);
    const sameNameToday = stmt(db, `SELECT 1 FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
      WHERE uc.user_id = ? AND uc.state = 'used' AND uc.used_day = ? AND c.name = ? LIMIT 1`).get(userId, day, row.name);
    if (sameNameToday) throw new Refusal('coupon_daily_limit');
    claimInZone(db, userId, `coupon-name:${row.name}`, clientZone(tz), now.getTime(), 'coupon_daily_limit');

    const at = now.toISOString();
    stmt(db, "UPDATE user_coupons SET state = 'used', used_at = ?, used_day = ?, use_request_id = ? WHERE id = ? AND state = 'unused'")
      .run(at, day, input.request_id, row.id);
    if (row.amount_cents > 0) {
      stmt(db, 'UPDATE wallets SET discount_cents = discount_cents + ?, updated_at = ? WHERE user_id = ?').run(row.amount_cents, at, userId);
    }
    return toCoupon(heldCoupon(db, userId, row.id)!, now);
  }).immediate();
}
