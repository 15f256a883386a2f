import type { LevelBenefit, LevelName } from '../../../api/shapes/ad-center';
import type { I18n } from '../../../i18n/i18n';

/** "3-star merchant", "VIP 2": the level's kind and rank as the merchant's language words them. */
export const levelName = (i18n: I18n, name: LevelName): string =>
  i18n.t(`level.name.${name.kind}`, { rank: i18n.formatNumber(name.rank) });

/** A benefit by its code, its value put through Intl as what it is: a count, a percentage or money. */
export function benefitText(i18n: I18n, b: LevelBenefit): string {
  const v = b.value ?? '0';
  const value =
    b.code === 'fee_discount'
      ? i18n.formatNumber(Number(v) / 100, { style: 'percent', maximumFractionDigits: 2 })
      : b.code === 'withdraw_limit'
        ? i18n.formatMoney(v)
        : b.code === 'daily_coupons'
          ? i18n.formatNumber(v)
          : '';
  return i18n.t(`level.benefit.${b.code}`, { value });
}
