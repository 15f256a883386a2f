import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { bem, cx } from '../shared/bem';
import css from './button.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'button');

export type ButtonVariant = 'primary' | 'default' | 'danger' | 'plain';
export type ButtonSize = 'large' | 'normal' | 'small';

export interface ButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'size' | 'icon' | 'onClick' | 'loading'
> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
  /** Shows a spinner, sets aria-busy and swallows clicks, so a slow submit cannot be sent twice. */
  loading?: boolean;
  /** Replaces the label while loading. */
  loadingText?: ReactNode;
  type?: 'button' | 'submit' | 'reset';
  /** Shown before the label (an <Icon>, usually). */
  icon?: ReactNode;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  children?: ReactNode;
}

/** A native <button>; type defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = 'default',
  size = 'normal',
  block,
  loading,
  loadingText,
  type = 'button',
  icon,
  onClick,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const cls = cx(
    bem('ma-button')([variant, size, { block, loading, disabled }]),
    typeof className === 'string' && className,
  );

  const handleClick = (e: MouseEvent<HTMLButtonElement>) => {
    // Not `disabled` while loading: that would drop keyboard focus. preventDefault also stops a submit button.
    if (loading) {
      e.preventDefault();
      return;
    }
    onClick?.(e);
  };

  return (
    <button
      {...rest}
      type={type}
      className={cls}
      disabled={disabled}
      aria-busy={loading ? 'true' : undefined}
      aria-disabled={loading ? 'true' : undefined}
      onClick={handleClick}
    >
      {loading ? (
        <span className="ma-spinner ma-button__spinner" aria-hidden="true" />
      ) : icon ? (
        <span className="ma-button__icon">{icon}</span>
      ) : null}
      {(loading && loadingText) || children ? (
        <span className="ma-button__text">{(loading && loadingText) || children}</span>
      ) : null}
    </button>
  );
}
