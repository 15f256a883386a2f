import { COUPON_USE, type CouponKind } from '../../../api/shapes/coupon';
import type { I18n } from '../../../i18n/i18n';

/** A money string is zero ("0.00", "0"): parsed only to compare, never to compute. */
const isZero = (amount: string) => Number(amount) === 0;

/** Under this long before its expiry an unused coupon is marked "Expires soon". */
export const EXPIRES_SOON_MS = 24 * 3_600_000;

/** An unused coupon that runs out within a day (the clock is the device's: a mark, not a rule). */
export const expiresSoon = (expireTime: string, now = Date.now()): boolean =>
  Date.parse(expireTime) - now < EXPIRES_SOON_MS;

/** What a coupon kind is for (the contract's one table): redeemed into the wallet, or applied to a put. */
export const isWalletCoupon = (kind: CouponKind): boolean => COUPON_USE[kind] === 'wallet';

/**
 * What a coupon is worth: a discount coupon's amount is a percentage off ("10.00" → "10% off", the percent sign
 * placed by Intl as each language writes it); every other kind is money.
 */
export function couponValue(i18n: I18n, kind: CouponKind, amount: string): string {
  if (kind !== 'discount') return i18n.formatMoney(amount);
  const percent = i18n.formatNumber(Number(amount) / 100, { style: 'percent', maximumFractionDigits: 2 });
  return i18n.t('coupon.percentOff', { percent });
}

/**
 * Where a coupon's value goes: a wallet coupon into the wallet's discount amount; a put coupon to a put of at
 * least its requirement (or of any amount).
 */
export function couponTerms(i18n: I18n, kind: CouponKind, requirement: string): string {
  if (isWalletCoupon(kind)) return i18n.t('coupon.forWallet');
  return isZero(requirement)
    ? i18n.t('coupon.noMinimum')
    : i18n.t('coupon.minPut', { amount: i18n.formatMoney(requirement) });
}

/** "7 days", "1 day", "7 дней": Intl's unit format knows each language's plural forms. */
export const dayCount = (i18n: I18n, days: number): string =>
  i18n.formatNumber(days, { style: 'unit', unit: 'day', unitDisplay: 'long' });
