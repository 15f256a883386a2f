import { useId, useState, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import { useT } from '../../i18n/context';
import { Icon } from '../icon';
import css from './field.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'field');

export interface FieldProps {
  label: ReactNode;
  name?: string;
  value: string;
  /** Called with the raw text on every input; the parent owns the value and keeps whatever the user typed. */
  onChange: (value: string) => void;
  /** Shown under the input and wired to it with aria-describedby / aria-invalid. */
  error?: ReactNode;
  placeholder?: string;
  type?: 'text' | 'password' | 'email' | 'tel' | 'number' | 'search' | 'url';
  inputMode?: 'none' | 'text' | 'tel' | 'url' | 'email' | 'numeric' | 'decimal' | 'search';
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  /** Content after the input (a unit, a "send code" button...). */
  suffix?: ReactNode;
  textarea?: boolean;
  rows?: number;
  id?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** Adds an eye button that shows / hides a password. */
  passwordToggle?: boolean;
  className?: string;
}

/**
 * A labelled text input (or textarea) with its error message, as a mobile cell (Vant's Field): 16 px side
 * padding, the label and the input in one row where both fit, the label above the input where they do not (a
 * long label, a narrow phone), the input filling the rest of the row. Put several in a `.ma-cells` group.
 */
export function Field(props: FieldProps) {
  const {
    label,
    name,
    value,
    onChange,
    error,
    placeholder,
    type = 'text',
    inputMode,
    autoComplete,
    maxLength,
    required,
    disabled,
    readOnly,
    autoFocus,
    suffix,
    textarea,
    rows = 3,
    onBlur,
    onFocus,
    passwordToggle,
    className,
  } = props;
  const t = useT();
  const autoId = useId();
  const id = props.id ?? `ma-field-${autoId}`;
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const hasError = error !== undefined && error !== null && error !== false && error !== '';

  const common = {
    id,
    name,
    value,
    placeholder,
    maxLength,
    required,
    disabled,
    readOnly,
    autoFocus,
    autoComplete,
    inputMode,
    className: 'ma-field__control',
    'aria-invalid': hasError ? ('true' as const) : undefined,
    'aria-describedby': hasError ? errorId : undefined,
    onInput: (e: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.currentTarget.value),
    onBlur,
    onFocus,
  };

  // The input's type is cast below: preact narrows input props per type, which a runtime choice cannot satisfy.
  const cls = ['ma-field'];
  if (hasError) cls.push('ma-field--error');
  if (disabled) cls.push('ma-field--disabled');
  if (textarea) cls.push('ma-field--textarea');
  if (className) cls.push(className);

  return (
    <div className={cls.join(' ')}>
      <label className="ma-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="ma-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className="ma-field__value">
        <div className="ma-field__body">
          {textarea ? (
            <textarea {...common} rows={rows} />
          ) : (
            // React's types take one input type here; preact's take the union.
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
            <input {...common} type={(passwordToggle && revealed ? 'text' : type) as 'text'} />
          )}
          {passwordToggle ? (
            // One stable name plus aria-pressed (APG toggle button): a label that flips with the state reads as nonsense
            // together with "pressed".
            <button
              type="button"
              className="ma-field__toggle"
              aria-label={t('auth.showPassword')}
              aria-pressed={revealed ? 'true' : 'false'}
              aria-controls={id}
              disabled={disabled}
              onClick={() => setRevealed((r) => !r)}
            >
              <Icon name={revealed ? 'eye-off' : 'eye'} />
            </button>
          ) : null}
          {suffix ? <div className="ma-field__suffix">{suffix}</div> : null}
        </div>
        {hasError ? (
          <div id={errorId} className="ma-field__error">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}
