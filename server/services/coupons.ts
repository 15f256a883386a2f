/**
 * The coupons a merchant holds: listing them by state and receiving one (applying it to the wallet).
 *
 * A coupon's state is derived from the clock: a row stored as `unused` whose `expire_at` has passed is expired.
 * Nothing ever has to flip a flag for a coupon to expire. "One coupon of the same name per day" means one per
 * local day of the merchant (X-TZ), for coupons whose template has the same name.
 *
 * Every function takes `now` so that tests can fix the clock (e.g. at a local midnight).
 */
import { Reason, type Coupon, type CouponKind, type CouponState, type Localized, type Page } from '../../src/api/contract';
import { stmt, type DB } from '../db/index';
import { fromCents } from '../lib/money';
import type { ClientTz } from '../lib/tz';
import { clientZone, localDay as dayInZone } from './ad-center/zone';
import { claimInZone } from './daily-claims';
import { InvalidInput, Refusal } from './errors';

export const DEFAULT_PAGE_SIZE = 10;

/** Coupon kinds whose amount is money (credited to the wallet's discount amount); `discount` is a percentage. */
export const isMoneyKind = (kind: CouponKind): boolean => kind !== 'discount';

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

/** The merchant's coupons, newest first, optionally of one state. */
export function listCoupons(db: DB, userId: number, input: CouponListInput, now: Date): Page<Coupon> {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const where = `uc.user_id = @user${input.state ? ` AND ${STATE_WHERE[input.state]}` : ''}`;
  const params = { user: userId, now: now.toISOString(), limit: pageSize, offset: (page - 1) * pageSize };
  const { n } = stmt<{ n: number }>(db, `SELECT COUNT(*) AS n FROM user_coupons uc WHERE ${where}`).get(params)!;
  const rows = stmt<UserCouponRow>(db, `${HELD} WHERE ${where} ORDER BY uc.received_at DESC, uc.id DESC LIMIT @limit OFFSET @offset`).all(params);
  return { list: rows.map((r) => toCoupon(r, now)), total: n, page, page_size: pageSize };
}

export interface CouponReceiveInput { coupon_id: number; request_id: string }

/**
 * Receives (uses) a held coupon: it becomes used on the merchant's local day and, for money kinds, its amount is
 * added to the wallet's discount amount. One immediate transaction, so parallel requests are judged one after
 * another. The same request_id again answers the coupon it received, without a second credit.
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
    if (!row) throw new Refusal(Reason.NOT_FOUND);
    const state = couponState(row, now);
    if (state === 'used') throw new Refusal(Reason.COUPON_USED);
    if (state === 'expired') throw new Refusal(Reason.COUPON_EXPIRED);

    const day = localDay(tz, now);
    const sameNameToday = stmt(db, `SELECT 1 FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
      WHERE uc.user_id = ? AND uc.state = 'used' AND uc.used_day = ? AND c.name = ? LIMIT 1`).get(userId, day, row.name);
    if (sameNameToday) throw new Refusal(Reason.COUPON_DAILY);
    claimInZone(db, userId, `coupon-name:${row.name}`, clientZone(tz), now.getTime(), Reason.COUPON_DAILY);

    const at = now.toISOString();
    stmt(db, "UPDATE user_coupons SET state = 'used', used_at = ?, used_day = ?, use_request_id = ? WHERE id = ? AND state = 'unused'")
      .run(at, day, input.request_id, row.id);
    if (isMoneyKind(row.kind) && row.amount_cents > 0) {
      stmt(db, 'UPDATE wallets SET discount_cents = discount_cents + ?, updated_at = ? WHERE user_id = ?').run(row.amount_cents, at, userId);
    }
    return toCoupon(heldCoupon(db, userId, row.id)!, now);
  }).immediate();
}
