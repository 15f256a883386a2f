import type { ReactNode } from 'react';
import { useT } from '../../i18n/context';
import { badgeText } from './badge-text';
import { bem, cx } from '../shared/bem';
import css from './badge.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'badge');

export interface BadgeProps {
  count?: number;
  /** Counts above it show as "max+" (the bell caps at 99+). */
  max?: number;
  /** A plain red dot instead of a number. */
  dot?: boolean;
  /** Show a 0 count (hidden by default). */
  showZero?: boolean;
  /**
   * Screen-reader text for the count, e.g. "3 unread messages", rendered visually hidden beside the bubble.
   * The bubble itself is aria-hidden: a bare "3" means nothing when read out. When the wrapped control has its
   * own aria-label, put the count in that label instead and leave this empty (an aria-label hides inner text).
   */
  ariaLabel?: string;
  className?: string;
  /** What the badge sits on (an icon button, a tab title). Without children the badge renders inline. */
  children?: ReactNode;
}

/** A notification bubble on the top-right corner of its children. */
export function Badge({ count, max = 99, dot, showZero = false, ariaLabel, className, children }: BadgeProps) {
  const t = useT();
  const text = dot ? null : badgeText(count, max, showZero, max === 99 ? t('ui.badge.max') : `${max}+`);
  const visible = dot || text !== null;
  const standalone = children === undefined || children === null;
  const bubble = visible ? (
    <span className={bem('ma-badge')({ dot, fixed: !standalone })} aria-hidden="true">
      {text}
    </span>
  ) : null;
  const sr = visible && ariaLabel ? <span className="ma-sr-only">{ariaLabel}</span> : null;
  return (
    <span className={cx('ma-badge-wrapper', className)}>
      {children}
      {bubble}
      {sr}
    </span>
  );
}
