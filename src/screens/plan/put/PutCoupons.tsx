// The put's coupon choice: none, or one of the merchant's unused put coupons; one the amount does not meet says why.
import { useId } from 'react';
import type { Coupon } from '../../../api/shapes/coupon';
import type { AppServices } from '../../../app/context';
import { couponTerms, couponValue } from '../../shared/coupon';
import { pickLocalized } from '../../shared/localized';
import { meets } from './put-model';

export interface PutCouponsProps {
  app: AppServices;
  coupons: Coupon[];
  /** The chosen coupon's id; undefined for none. */
  chosen: number | undefined;
  amountCents: number | null;
  /** The coupon's check or the server's refusal of it, worded. */
  error: string | undefined;
  onChoose: (id: number | undefined) => void;
}

export function PutCoupons({ app, coupons, chosen, amountCents, error, onChoose }: PutCouponsProps) {
  const group = useId();
  return (
    <fieldset className="ma-put__group" aria-describedby={error ? `${group}-error` : undefined}>
      <legend className="ma-put__legend">{app.i18n.t('put.coupon')}</legend>
      <div className="ma-put__choices">
        <label className="ma-put__choice">
          <input
            type="radio"
            name={`${group}-coupon`}
            checked={chosen === undefined}
            onChange={() => onChoose(undefined)}
          />
          <span>{app.i18n.t('put.noCoupon')}</span>
        </label>
        {coupons.map((c) => (
          <CouponChoice
            key={c.id}
            app={app}
            coupon={c}
            group={`${group}-coupon`}
            amountCents={amountCents}
            checked={chosen === c.id}
            onPick={() => onChoose(c.id)}
          />
        ))}
      </div>
      {error && (
        <p id={`${group}-error`} className="ma-put__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One put coupon: its name, value, requirement and expiry; one that the amount does not meet says why, and can still be chosen (the check says it under the list). */
function CouponChoice({
  app,
  coupon: c,
  group,
  amountCents,
  checked,
  onPick,
}: {
  app: AppServices;
  coupon: Coupon;
  group: string;
  amountCents: number | null;
  checked: boolean;
  onPick: () => void;
}) {
  const { i18n } = app;
  const name = pickLocalized(c.name, i18n.lang.value);
  const short = amountCents !== null && !meets(c, amountCents);
  return (
    <label className={`ma-put__choice ma-put__coupon${short ? ' ma-put__coupon--short' : ''}`}>
      <input type="radio" name={group} checked={checked} onChange={onPick} />
      <span className="ma-put__coupon-text">
        <span className="ma-put__coupon-name" lang={name.lang}>
          {name.text}
        </span>
        <span className="ma-put__coupon-value">{couponValue(i18n, c.kind, c.amount)}</span>
        <span className="ma-put__coupon-terms">
          {couponTerms(i18n, c.kind, c.requirement)} ·{' '}
          {i18n.t('coupon.expires', { date: i18n.formatDate(c.expire_time, { dateStyle: 'medium' }) })}
        </span>
      </span>
    </label>
  );
}
