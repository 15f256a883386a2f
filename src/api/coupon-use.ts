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
