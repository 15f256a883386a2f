import type { CouponKind } from './contract';

/**
 * What each kind of coupon is for, written once: `put` kinds reduce what putting a plan costs (the put dialog
 * applies them; discount is a percentage off, the others money off) and keep a requirement (the lowest put amount
 * they apply to); `wallet` kinds are money the merchant redeems into the wallet's discount amount, with no
 * requirement.
 */
export const COUPON_USE: Record<CouponKind, 'wallet' | 'put'> = {
  discount: 'put', deduction: 'put', deduction_voucher: 'put',
  addition: 'wallet', fixed: 'wallet', value_added: 'wallet', team: 'wallet', custom: 'wallet',
};
export type CouponUse = (typeof COUPON_USE)[CouponKind];

/**
 * What a put coupon takes off a put of `amountCents`, written once for the server (which charges it) and the put
 * dialog (which shows it first): a discount is a percentage (its amount 10.00 means 10 % off, `couponCents` 1000),
 * rounded down to the cent; the other put kinds are money off. Never more than the amount itself.
 */
export function putReductionCents(kind: CouponKind, couponCents: number, amountCents: number): number {
  const off = kind === 'discount'
    // BigInt: a 12-digit amount times a percentage in hundredths passes Number's exact range.
    ? Number((BigInt(amountCents) * BigInt(couponCents)) / 10_000n)
    : couponCents;
  return Math.min(Math.max(0, off), amountCents);
}
