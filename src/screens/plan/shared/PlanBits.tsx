import { useState } from 'react';
import type { PlanStatus, Product } from '../../../api/shapes/plan';
import { useT } from '../../../i18n/context';
import { Icon } from '../../../ui/icon';
import { statusTone } from './status';

/** A plan's status as a tag, coloured by what it asks of the merchant (status.ts). */
export function StatusTag({ status }: { status: PlanStatus }) {
  const t = useT();
  return <span className={`ma-plan-tag ma-plan-tag--${statusTone(status)}`}>{t(`plan.status.${status}`)}</span>;
}

/** Official or non-official push, as a quiet tag. */
export function PushTag({ official }: { official: boolean }) {
  const t = useT();
  return (
    <span className={`ma-plan-push${official ? ' ma-plan-push--official' : ''}`}>
      {t(official ? 'plan.official' : 'plan.nonOfficial')}
    </span>
  );
}

/** Put progress as a bar a screen reader reads as a percentage, with the figure beside it. */
export function Progress({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="ma-plan-progress">
      <div
        className="ma-plan-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="ma-plan-progress__bar" style={{ width: `${pct}%` }} />
      </div>
      <span className="ma-plan-progress__value" aria-hidden="true">
        {pct}%
      </span>
    </div>
  );
}

/**
 * The product's picture, or our own image icon when it has none or it fails to load (a broken-image glyph says
 * nothing). Decorative beside the product's name, which is always shown as text.
 */
export function ProductImage({ product, className }: { product: Pick<Product, 'image'>; className?: string }) {
  const [failed, setFailed] = useState(false);
  const cls = `ma-plan-image${className ? ` ${className}` : ''}`;
  if (!product.image || failed) {
    return (
      <span className={`${cls} ma-plan-image--none`} aria-hidden="true">
        <Icon name="image" size={24} />
      </span>
    );
  }
  return (
    <img className={cls} src={product.image} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
  );
}
