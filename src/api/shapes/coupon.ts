/** Coupons: their kinds and states, what each kind is for, and what a put coupon takes off a put. */
import type { Localized } from './config';
import type { Page } from './page';

export const COUPON_KINDS = [
  'discount',
  'deduction',
  'addition',
  'fixed',
  'value_added',
  'deduction_voucher',
  'team',
  'custom',
] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** unused, used, expired: expired is decided by `expire_time` against the clock, never by a flag. */
export const COUPON_STATES = ['unused', 'used', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
/**
 * What each kind of coupon is for, written once: `put` kinds reduce what putting a plan costs (the put dialog
 * applies them; discount is a percentage off, the others money off) and keep a requirement (the lowest put amount
 * they apply to); `wallet` kinds are money the merchant redeems into the wallet's discount amount, with no
 * requirement.
 */
export const COUPON_USE: Record<CouponKind, 'wallet' | 'put'> = {
  discount: 'put',
  deduction: 'put',
  deduction_voucher: 'put',
  addition: 'wallet',
  fixed: 'wallet',
  value_added: 'wallet',
  team: 'wallet',
  custom: 'wallet',
};
export type CouponUse = (typeof COUPON_USE)[CouponKind];

/**
 * What a put coupon takes off a put of `amountCents`, written once for the server (which charges it) and the put
 * dialog (which shows it first): a discount is a percentage (its amount 10.00 means 10 % off, `couponCents` 1000),
 * rounded down to the cent; the other put kinds are money off. Never more than the amount itself.
 */
export function putReductionCents(kind: CouponKind, couponCents: number, amountCents: number): number {
  const off =
    kind === 'discount'
      ? // BigInt: a 12-digit amount times a percentage in hundredths passes Number's exact range.
        Number((BigInt(amountCents) * BigInt(couponCents)) / 10_000n)
      : couponCents;
  return Math.min(Math.max(0, off), amountCents);
}

/**
 * A coupon the merchant holds: an activity hands it over unused. `amount`: for kind discount a percentage off
 * ("10.00" = 10 % off), for every other kind money. `requirement`: the lowest put amount it applies to ("0.00":
 * none; always none for wallet kinds). Redeeming a wallet coupon (`/user_coupon/receive`, the product's name for the
 * call) adds its amount to the wallet's discount amount and makes it used. Refused for a put coupon
 * (coupon_put_only), a used one (coupon_used), an expired one (coupon_expired) and a second coupon of the same
 * name on one local day (coupon_daily_limit).
 */
export interface Coupon {
  id: number;
  name: Localized;
  kind: CouponKind;
  amount: string;
  requirement: string;
  receive_time: string;
  expire_time: string;
  used_time: string | null;
  state: CouponState;
}
/**
 * A page of one state's coupons, with how many the merchant holds in each state. Order: unused soonest expiry
 * first, used newest use first, expired newest expiry first (without a state: newest received first); ties by id.
 */
export interface CouponPage extends Page<Coupon> {
  counts: Record<CouponState, number>;
}
/** A coupon an activity hands out (a template): `valid_days` from receiving. */
export interface CouponOffer {
  id: number;
  name: Localized;
  kind: CouponKind;
  amount: string;
  requirement: string;
  valid_days: number;
}
