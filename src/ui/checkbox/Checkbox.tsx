import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Icon } from '../icon';
import css from './checkbox.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'checkbox');

export interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  value?: string;
  disabled?: boolean;
  /** Shown under the box and linked with aria-describedby / aria-invalid. */
  error?: ReactNode;
  id?: string;
  className?: string;
  /** The label. */
  children?: ReactNode;
}

/** A native checkbox drawn as a round tick; the whole label row is the 44 px touch target. */
export function Checkbox({ checked, onChange, name, value, disabled, error, id, className, children }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? `ma-checkbox-${autoId}`;
  const errorId = `${inputId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const cls = ['ma-checkbox'];
  if (checked) cls.push('ma-checkbox--checked');
  if (disabled) cls.push('ma-checkbox--disabled');
  if (hasError) cls.push('ma-checkbox--error');
  if (className) cls.push(className);

  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const next = input.checked;
    // Stay controlled: show the parent's value until it re-renders with the new one.
    input.checked = checked;
    onChange(next);
  };

  return (
    <div className={cls.join(' ')}>
      <label className="ma-checkbox__label">
        <span className="ma-checkbox__control">
          <input
            id={inputId}
            type="checkbox"
            className="ma-checkbox__input"
            name={name}
            value={value}
            checked={checked}
            disabled={disabled}
            aria-invalid={hasError ? 'true' : undefined}
            aria-describedby={hasError ? errorId : undefined}
            onChange={change}
          />
          <span className="ma-checkbox__box" aria-hidden="true">
            <Icon name="check" size={14} />
          </span>
        </span>
        <span className="ma-checkbox__text">{children}</span>
      </label>
      {hasError ? (
        <div id={errorId} className="ma-checkbox__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
