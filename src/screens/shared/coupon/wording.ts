import type { CouponKind } from '../../../api/contract';
import type { I18n } from '../../../i18n/i18n';

/** A money string is zero ("0.00", "0"): parsed only to compare, never to compute. */
const isZero = (amount: string) => Number(amount) === 0;

/**
 * What a coupon is worth: a discount coupon's amount is a percentage off ("10.00" → "10% off", the percent sign
 * placed by Intl as each language writes it); every other kind is money.
 */
export function couponValue(i18n: I18n, kind: CouponKind, amount: string): string {
  if (kind !== 'discount') return i18n.formatMoney(amount);
  const percent = i18n.formatNumber(Number(amount) / 100, { style: 'percent', maximumFractionDigits: 2 });
  return i18n.t('coupon.percentOff', { percent });
}

/** The lowest put amount a coupon applies to, or that it has none. */
export const couponRequirement = (i18n: I18n, requirement: string): string =>
  isZero(requirement) ? i18n.t('coupon.noMinimum') : i18n.t('coupon.minPut', { amount: i18n.formatMoney(requirement) });

/** "7 days", "1 day", "7 дней": Intl's unit format knows each language's plural forms. */
export const dayCount = (i18n: I18n, days: number): string =>
  i18n.formatNumber(days, { style: 'unit', unit: 'day', unitDisplay: 'long' });
