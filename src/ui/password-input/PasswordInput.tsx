import { useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/context';
import { bem } from '../shared/bem';
import css from './password-input.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'password-input');

export interface PasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Number of digits (the transaction password is exactly 6). */
  length?: number;
  /** Accessible name; defaults to "6-digit password". */
  label?: string;
  /** Id of a visible label element, used instead of `label`. */
  labelledBy?: string;
  error?: ReactNode;
  autoFocus?: boolean;
  /** Called once each time the value reaches `length` digits. */
  onComplete?: (value: string) => void;
  /** Dots instead of digits. */
  mask?: boolean;
  id?: string;
  className?: string;
}

const digitsOnly = (s: string, length: number) => s.replace(/\D+/g, '').slice(0, length);

/**
 * A row of digit cells over one real input (antd-mobile's passcode approach): the native input gives the phone's
 * numeric keyboard, paste and autofill for free; the cells only draw what it holds.
 */
export function PasswordInput({
  value,
  onChange,
  length = 6,
  label,
  labelledBy,
  error,
  autoFocus,
  onComplete,
  mask = true,
  id,
  className,
}: PasswordInputProps) {
  const t = useT();
  const autoId = useId();
  const inputId = id ?? `ma-password-input-${autoId}`;
  const errorId = `${inputId}-error`;
  const progressId = `${inputId}-progress`;
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const shown = digitsOnly(value, length);

  const commit = (el: HTMLInputElement, raw: string) => {
    const next = digitsOnly(raw, length);
    // The DOM may hold rejected characters; put it back to what the cells show.
    if (el.value !== next) el.value = next;
    if (next === shown) return;
    onChange(next);
    if (next.length === length && shown.length < length) onComplete?.(next);
  };
  const caretToEnd = (el: HTMLInputElement) => {
    const end = el.value.length;
    el.setSelectionRange(end, end);
  };

  const cls = ['ma-password-input'];
  if (focused) cls.push('ma-password-input--focused');
  if (hasError) cls.push('ma-password-input--error');
  if (mask) cls.push('ma-password-input--masked');
  if (className) cls.push(className);
  const current = Math.min(shown.length, length - 1);

  return (
    <div className={cls.join(' ')}>
      <div className="ma-password-input__box">
        <ul className="ma-password-input__cells" aria-hidden="true">
          {Array.from({ length }, (_, i) => (
            <li key={i} className={bem('ma-password-input')('cell', { active: focused && i === current })}>
              {i < shown.length ? mask ? <i className="ma-password-input__dot" /> : shown[i] : null}
              {focused && i === current && shown.length < length ? <span className="ma-password-input__caret" /> : null}
            </li>
          ))}
        </ul>
        <input
          ref={input}
          id={inputId}
          className="ma-password-input__native"
          type="text"
          value={shown}
          inputMode="numeric"
          pattern="[0-9]*"
          // Not one-time-code: a transaction password is the merchant's own, and iOS would offer SMS codes for it.
          autoComplete="off"
          maxLength={length}
          autoFocus={autoFocus}
          // In a popup, the popup gives focus on open (to what it marks); the cells' input asks for it there too.
          data-ma-autofocus={autoFocus ? '' : undefined}
          // React's spellCheck prop, as the string attribute both renderers set as it is (preact would coerce a
          // boolean through its own lowercase property, which React does not know; its types lack spellCheck).
          {...{ spellCheck: 'false' }}
          aria-label={labelledBy ? undefined : (label ?? t('ui.passwordInput.label', { n: length }))}
          aria-labelledby={labelledBy}
          aria-invalid={hasError ? 'true' : undefined}
          aria-describedby={hasError ? `${errorId} ${progressId}` : progressId}
          onInput={(e) => commit(e.currentTarget, e.currentTarget.value)}
          onPaste={(e) => {
            // maxLength would cut "123-456" to "123-45" before the digits are picked out.
            e.preventDefault();
            const el = e.currentTarget;
            commit(el, shown + (e.clipboardData?.getData('text') ?? ''));
            caretToEnd(el);
          }}
          onFocus={(e) => {
            setFocused(true);
            caretToEnd(e.currentTarget);
          }}
          onClick={(e) => caretToEnd(e.currentTarget)}
          onBlur={() => setFocused(false)}
        />
      </div>
      <span id={progressId} className="ma-sr-only">
        {t('ui.passwordInput.digitsEntered', { count: shown.length, n: length })}
      </span>
      {hasError ? (
        <div id={errorId} className="ma-password-input__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
