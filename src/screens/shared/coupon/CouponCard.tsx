import { useSignals } from '@preact/signals-react/runtime';
import { useId, type ReactNode } from 'react';
import type { Localized } from '../../../api/shapes/config';
import type { CouponKind } from '../../../api/shapes/coupon';
import { useApp } from '../../../app/context';
import { Icon } from '../../../ui/icon';
import { pickLocalized } from '../localized';
import { couponTerms, couponValue } from './wording';

/**
 * The coupon's state in words, said once ("Used on 3 Nov", "Expired on 1 Nov", "Received"), never by colour alone:
 * `done` (used, received) with a check, in the card's full colours; `expired` plain, on a muted card.
 */
export interface CouponStamp {
  text: string;
  tone: 'done' | 'expired';
}

export interface CouponCardProps {
  name: Localized;
  kind: CouponKind;
  amount: string;
  requirement: string;
  /** Further lines under the terms: validity, expiry. */
  details?: ReactNode[];
  stamp?: CouponStamp;
  /** Expired: drawn quieter (a used or received coupon keeps its colours: it did its job). */
  muted?: boolean;
  /** A mark beside the kind ("Expires soon"). */
  mark?: string;
  /** A line in the foot where an action would be, for a coupon with none here ("Applies when you put a plan"). */
  note?: string;
  /** The name's heading level under the screen's own headings. */
  level?: 2 | 3;
  /** Given the name's id, so the action can be described by it ("Redeem" which coupon). */
  action?: (nameId: string) => ReactNode;
}

/**
 * One coupon as a ticket (the coupons list and the activities' offers): its value on the stub, then its kind,
 * name, what it is for and its validity. An <article>, as the List's feed expects.
 */
export function CouponCard({
  name,
  kind,
  amount,
  requirement,
  details = [],
  stamp,
  muted,
  mark,
  note,
  level = 2,
  action,
}: CouponCardProps) {
  // Under React a component tracks the signals it reads (the language, the currency) only with useSignals().
  useSignals();
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
        <p className="ma-coupon__kind">
          <span>{i18n.t(`coupon.kind.${kind}`)}</span>
          {mark ? <span className="ma-coupon__mark">{mark}</span> : null}
        </p>
        <Heading className="ma-coupon__name" id={nameId} lang={title.lang}>
          {title.text}
        </Heading>
        <p className="ma-coupon__line">{couponTerms(i18n, kind, requirement)}</p>
        {details.map((d, i) => (
          <p key={i} className="ma-coupon__line">
            {d}
          </p>
        ))}
        {stamp || note || action ? (
          <div className="ma-coupon__foot">
            {stamp ? (
              <span className={`ma-coupon__stamp ma-coupon__stamp--${stamp.tone}`}>
                {stamp.tone === 'done' ? <Icon name="check" size={14} className="ma-coupon__stamp-icon" /> : null}
                <span>{stamp.text}</span>
              </span>
            ) : null}
            {note ? <span className="ma-coupon__note">{note}</span> : null}
            {action ? action(nameId) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
