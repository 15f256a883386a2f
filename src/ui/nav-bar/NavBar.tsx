import type { ReactNode } from 'react';
import { useT } from '../../i18n/context';
import { Icon } from '../icon';
import css from './nav-bar.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'nav-bar');

export interface NavBarProps {
  title?: ReactNode;
  /** Replaces the back button. */
  left?: ReactNode;
  /** Action buttons on the right. */
  right?: ReactNode;
  /** The app decides what "back" means (router, host callback, close); the bar only reports the tap. */
  onBack?: () => void;
  /** Defaults to true when onBack is given. */
  showBack?: boolean;
  backLabel?: string;
  /** No background and no border, for bars over a banner. */
  transparent?: boolean;
  /** White text, for dark or image backgrounds. */
  white?: boolean;
  /** With transparent: a band of the tint colour (--ma-nav-bar-tint) behind the words instead of nothing. */
  tinted?: boolean;
  /** Renders nothing, e.g. when the host app draws its own bar. */
  hidden?: boolean;
  className?: string;
}

/** The screen's top bar: 46 px plus the safe-area inset, title centred in an <h1>. */
export function NavBar({
  title,
  left,
  right,
  onBack,
  showBack,
  backLabel,
  transparent,
  white,
  tinted,
  hidden,
  className,
}: NavBarProps) {
  const t = useT();
  if (hidden) return null;
  const back = showBack ?? Boolean(onBack);
  const cls = ['ma-nav-bar'];
  if (transparent) cls.push('ma-nav-bar--transparent');
  if (white) cls.push('ma-nav-bar--white');
  if (tinted) cls.push('ma-nav-bar--tinted');
  if (className) cls.push(className);
  return (
    <header className={cls.join(' ')}>
      <div className="ma-nav-bar__content">
        <div className="ma-nav-bar__left">
          {left ??
            (back ? (
              <button
                type="button"
                className="ma-nav-bar__back"
                aria-label={backLabel ?? t('common.back')}
                onClick={() => onBack?.()}
              >
                <Icon name="back" size={22} />
              </button>
            ) : null)}
        </div>
        <h1 className="ma-nav-bar__title">{title}</h1>
        <div className="ma-nav-bar__right">{right}</div>
      </div>
    </header>
  );
}
