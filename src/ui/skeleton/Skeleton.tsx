import type { CSSProperties } from 'react';
import { useT } from '../../i18n/context';
import { cx } from '../shared/bem';
import css from './skeleton.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'skeleton');

export interface SkeletonProps {
  /** Grey text lines; the last one is shorter, as a paragraph's last line is. */
  rows?: number;
  /** A wider first bar standing for a heading. */
  title?: boolean;
  /** A round placeholder for an avatar or icon, left of the lines. */
  avatar?: boolean;
  /** Lay out `count` boxes of this height in a grid of `columns` instead of lines (stat tiles, shortcut grids). */
  grid?: { count: number; columns: number; height?: number };
  className?: string;
}

/**
 * Grey shapes standing in for content that is still loading (Vant's Skeleton). The shapes are decorative; the
 * box is aria-busy and holds a hidden "Loading…", so a screen reader reading the page hears why it is empty.
 * (Not a live region: the widget's one role="status" is the toast's.)
 */
export function Skeleton({ rows = 3, title, avatar, grid, className }: SkeletonProps) {
  const t = useT();
  return (
    <div className={cx('ma-skeleton', className)} aria-busy="true">
      <span className="ma-sr-only">{t('common.loading')}</span>
      {grid ? (
        <div
          className="ma-skeleton__grid"
          aria-hidden="true"
          // React's style type names no custom properties; preact's takes any.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
          style={{ '--ma-skeleton-columns': grid.columns } as CSSProperties}
        >
          {Array.from({ length: grid.count }, (_, i) => (
            <div key={i} className="ma-skeleton__block" style={{ height: `${grid.height ?? 56}px` }} />
          ))}
        </div>
      ) : (
        <div className="ma-skeleton__row" aria-hidden="true">
          {avatar ? <div className="ma-skeleton__avatar" /> : null}
          <div className="ma-skeleton__content">
            {title ? <div className="ma-skeleton__title" /> : null}
            {Array.from({ length: rows }, (_, i) => (
              <div
                key={i}
                className={cx('ma-skeleton__line', i === rows - 1 && rows > 1 && 'ma-skeleton__line--last')}
              />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
