import type { CouponKind } from '../../../api/contract';

/**
 * What a put coupon takes off a put of `amountCents`, as the server reckons it (services/plans/put.ts): a discount
 * coupon is a percentage (its amount "10.00" = 10 % off, rounded down to the cent), the other put kinds money off;
 * never more than the amount. The dialog shows it before the merchant confirms; the server's figure is the one paid.
 */
export function reductionCents(kind: CouponKind, couponCents: number, amountCents: number): number {
  const off = kind === 'discount' ? Math.floor((amountCents * couponCents) / 10_000) : couponCents;
  return Math.max(0, Math.min(off, amountCents));
}
