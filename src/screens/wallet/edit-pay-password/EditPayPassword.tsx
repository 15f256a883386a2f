import md5 from 'blueimp-md5';
import { useId, useRef, useState } from 'react';
import * as walletCalls from '../../../api/calls/wallet';
import { ApiError } from '../../../api/client';
import { retryMinutes } from '../../../kit/wait';
import { useApp } from '../../../app/context';
import { withTriesLeft } from '../../../kit/prompts';
import { PAY_PASSWORD_LENGTH } from '../../../api/shapes/wallet';
import { Button } from '../../../ui/button';
import { PasswordInput } from '../../../ui/password-input';
import type { ScreenProps } from '../../types';

const NAMES = ['old', 'next', 'again'] as const;
type Name = (typeof NAMES)[number];
const LABELS: Record<Name, string> = { old: 'payPassword.old', next: 'payPassword.new', again: 'payPassword.newAgain' };
/** What the server's refusal asks of the merchant, beyond a field: wait (minutes), or set one first. */
type Notice = { minutes: number } | 'unset' | null;

/**
 * Changing the transaction password (docs/product.md, "Transaction password"): the old one, the new one twice, 6 digits each, all MD5-hashed
 * before sending. Every check shows under its field at once and the digits stay; a wrong old password shows on
 * the old one's field; a lock (too many wrong answers) says when to try again; with none set, it leads to setting one.
 */
export function EditPayPassword(_: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const [values, setValues] = useState<Record<Name, string>>({ old: '', next: '', again: '' });
  // The latest digits, synchronously: a tap on Submit can come before the re-render that carries the last input.
  const latest = useRef(values);
  // Message keys, translated on render (they follow a language switch).
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  // How many tries the guess limit leaves after a wrong old password (the server's count).
  const [triesLeft, setTriesLeft] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  const submit = async () => {
    if (busy) return;
    const v = latest.current;
    const e: Partial<Record<Name, string>> = {};
    for (const k of NAMES) if (v[k].length !== PAY_PASSWORD_LENGTH) e[k] = 'validation.digits';
    if (!e.old && !e.next && v.next === v.old) e.next = 'validation.same';
    if (!e.next && !e.again && v.again !== v.next) e.again = 'errors.passwordMismatch';
    setErrors(e);
    setNotice(null);
    if (Object.keys(e).length) return focusInvalid();
    setBusy(true);
    try {
      await app.request(
        walletCalls.updatePayPassword,
        { old_password: md5(v.old), password: md5(v.next), confirm_password: md5(v.again) },
        { handles: ['wrong_old_password', 'pay_password_unset', 'pay_password_locked'] },
      );
      app.overlays.toast.success(t('payPassword.changed'));
      return app.back();
    } catch (err) {
      const reason = err instanceof ApiError ? err.data.reason : undefined;
      if (reason === 'wrong_old_password') {
        setErrors({ old: 'errors.wrongOldPassword' });
        setTriesLeft((err as ApiError).data.tries_left);
        focusInvalid();
      } else if (reason === 'pay_password_locked') {
        setNotice({ minutes: retryMinutes(err as ApiError) });
      } else if (reason === 'pay_password_unset') setNotice('unset');
    }
    setBusy(false);
  };
  /** Six digits in a field: on to the next one, in the same task as the typing (the phone keeps its keyboard). */
  const advance = (k: Name) => {
    const next = NAMES[NAMES.indexOf(k) + 1];
    if (next) form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}-${next}-input`)}`)?.focus();
  };
  const errorText = (k: Name) => {
    const key = errors[k];
    if (!key) return undefined;
    const text = t(key, { n: PAY_PASSWORD_LENGTH });
    return key === 'errors.wrongOldPassword' ? withTriesLeft(t, text, triesLeft) : text;
  };
  const focusInvalid = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  return (
    <form
      ref={form}
      className="ma-page ma-pay"
      noValidate
      aria-label={t('routes.ad-center-edit-pay-password')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="ma-pay__lead">{t('payPassword.changeHint')}</p>
      {notice && (
        <div className="ma-pay__notice" role="alert">
          {notice === 'unset' ? (
            <>
              <span>{t('errors.payPasswordUnset')}</span>
              <Button variant="primary" size="small" onClick={() => app.router.navigate('/wallet/set-password')}>
                {t('payPassword.set')}
              </Button>
            </>
          ) : (
            <span>{t('payPassword.lockedFor', { minutes: notice.minutes })}</span>
          )}
        </div>
      )}
      {NAMES.map((k) => (
        <div key={k} className="ma-pay__field">
          <label id={`${id}-${k}`} htmlFor={`${id}-${k}-input`} className="ma-pay__label">
            {t(LABELS[k])}
          </label>
          <PasswordInput
            id={`${id}-${k}-input`}
            labelledBy={`${id}-${k}`}
            value={values[k]}
            onChange={(x) => {
              setValues((latest.current = { ...latest.current, [k]: x }));
              setErrors((s) => (s[k] ? { ...s, [k]: undefined } : s));
            }}
            error={errorText(k)}
            onComplete={() => advance(k)}
            autoFocus={k === 'old'}
          />
        </div>
      ))}
      <div className="ma-form-actions">
        <Button type="submit" variant="primary" size="large" block loading={busy}>
          {t('common.submit')}
        </Button>
      </div>
    </form>
  );
}
