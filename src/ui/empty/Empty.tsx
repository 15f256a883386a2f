import type { ReactNode } from 'react';
import { useT } from '../../i18n/context';
import { cx } from '../shared/bem';
import css from './empty.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'empty');

export interface EmptyProps {
  /** Defaults to "No data". */
  text?: ReactNode;
  /** Replaces the default illustration (decorative either way). */
  image?: ReactNode;
  className?: string;
  /** Actions under the text, e.g. a retry button. */
  children?: ReactNode;
}

/**
 * An empty box drawn in the theme's colours. A component, not an element made once at load: in the module build the
 * app's modules load before an entry has named their renderer (src/lib/renderer.ts).
 */
function Illustration() {
  return (
    <svg className="ma-empty__svg" viewBox="0 0 120 96" width="120" height="96" focusable="false">
      <ellipse cx="60" cy="86" rx="46" ry="6" fill="var(--ma-border)" />
      <path
        d="M22 38l14-20h48l14 20v40a4 4 0 01-4 4H26a4 4 0 01-4-4z"
        fill="var(--ma-surface)"
        stroke="var(--ma-text-3)"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M22 38h26a12 12 0 0024 0h26"
        fill="none"
        stroke="var(--ma-text-3)"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M60 4v8M40 8l4 6M80 8l-4 6" stroke="var(--ma-primary)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Placeholder for a list or page with nothing to show. */
export function Empty({ text, image, className, children }: EmptyProps) {
  const t = useT();
  return (
    <div className={cx('ma-empty', className)}>
      <div className="ma-empty__image" aria-hidden="true">
        {image ?? <Illustration />}
      </div>
      <p className="ma-empty__description">{text ?? t('ui.empty.text')}</p>
      {children ? <div className="ma-empty__bottom">{children}</div> : null}
    </div>
  );
}
