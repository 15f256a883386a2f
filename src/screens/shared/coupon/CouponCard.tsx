import { useId, type ReactNode } from 'react';
import type { CouponKind, Localized } from '../../../api/contract';
import { useApp } from '../../../app/context';
import { pickLocalized } from '../localized';
import { couponRequirement, couponValue } from './wording';

export interface CouponCardProps {
  name: Localized;
  kind: CouponKind;
  amount: string;
  requirement: string;
  /** Further lines under the requirement: validity, dates. */
  details?: ReactNode[];
  /** The coupon's state in words ("Used", "Expired", "Received"): shown, never told by colour alone. */
  stamp?: string;
  /** Used, expired or already received: drawn quieter. */
  muted?: boolean;
  /** The name's heading level under the screen's own headings. */
  level?: 2 | 3;
  /** Given the name's id, so the action can be described by it ("Receive" which coupon). */
  action?: (nameId: string) => ReactNode;
}

/**
 * One coupon as a ticket (the coupons list and the activities' offers): its value on the stub, then its kind,
 * name, requirement and validity. An <article>, as the List's feed expects.
 */
export function CouponCard({ name, kind, amount, requirement, details = [], stamp, muted, level = 2, action }: CouponCardProps) {
  const app = useApp();
  const { i18n } = app;
  const nameId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const title = pickLocalized(name, i18n.lang.value);
  const value = couponValue(i18n, kind, amount);
  return (
    <article className={`ma-coupon${muted ? ' ma-coupon--muted' : ''}`} aria-labelledby={nameId}>
      <div className="ma-coupon__stub">
        <strong className={`ma-coupon__value${value.length > 7 ? ' ma-coupon__value--long' : ''}`}>{value}</strong>
      </div>
      <div className="ma-coupon__body">
        {/* In the body, not on the narrow stub: German and Russian kinds are single long words. */}
        <p className="ma-coupon__kind">{i18n.t(`coupon.kind.${kind}`)}</p>
        <Heading className="ma-coupon__name" id={nameId} lang={title.lang}>{title.text}</Heading>
        <p className="ma-coupon__line">{couponRequirement(i18n, requirement)}</p>
        {details.map((d, i) => <p key={i} className="ma-coupon__line">{d}</p>)}
        {stamp || action ? (
          <div className="ma-coupon__foot">
            {stamp ? <span className="ma-coupon__stamp">{stamp}</span> : null}
            {action ? action(nameId) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
