import md5 from 'blueimp-md5';
import { untracked } from '@preact/signals-react';
import { useEffect, useId, useRef, useState } from 'react';
import * as walletCalls from '../../../api/calls/wallet';
import { ApiError } from '../../../api/client';
import { Code } from '../../../api/envelope';
import { useApp, type AppServices } from '../../../app/context';
import { createModel, createResource, loadFailures, ResourceView, useModel } from '../../../kit';
import { PAY_PASSWORD_LENGTH } from '../../../api/shapes/wallet';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { PasswordInput } from '../../../ui/password-input';
import { Skeleton } from '../../../ui/skeleton';
import type { ScreenProps } from '../../types';

/**
 * Whether a transaction password is set already (the wallet's figures carry it), and whether the merchant has a
 * login password to be asked for (the user info says; a partner's merchant, signed in through its links, has none).
 * Not known (user info from before the app told it, or not loaded): asked, and the server ignores one given by a
 * merchant without a login password.
 */
const SetModel = createModel((app: AppServices) => ({
  form: createResource((s) =>
    untracked(() => {
      const known = app.session.user.peek();
      const user =
        known && typeof known.has_login_password === 'boolean'
          ? Promise.resolve(known)
          : app.loadUser().catch(() => null);
      return Promise.all([
        app.request(walletCalls.property, undefined, { signal: s, handles: loadFailures }),
        user,
      ]).then(([p, u]) => ({ set: p.pay_password_set, asksLogin: u?.has_login_password !== false }));
    }),
  ),
}));

/**
 * Setting the transaction password (docs/product.md, "Transaction password"): enter 6 digits, then again to confirm; a mismatch goes back to
 * the first step and says so. Both entries are MD5-hashed before they are sent. The login password is asked for
 * too (a cell under the digits on both steps, sent as login sends it): a session alone must not be able to set it.
 * A merchant without a login password (a partner's) is not asked: a fresh signed sign-in is its proof, and a
 * session no longer fresh is told, on the screen, to open the app again from the partner's app (reauth_required).
 * Every problem shows at once (an empty or wrong login password on its cell, a mismatch on the digits) and what was
 * typed stays. Where one is set already (or the
 * server says so), the screen says so and leads to the change screen, which asks for the old one.
 */
export function SetPayPassword(_: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const m = useModel(() => new SetModel(app));
  const [alreadySet, setAlreadySet] = useState(false);
  return (
    <div className="ma-page">
      <ResourceView resource={m.form} failed={t('payPassword.loadFailed')} skeleton={<Skeleton title rows={2} />}>
        {(f) =>
          f.set || alreadySet ? (
            <AlreadySet app={app} />
          ) : (
            <Steps app={app} asksLogin={f.asksLogin} onAlreadySet={() => setAlreadySet(true)} />
          )
        }
      </ResourceView>
    </div>
  );
}

function AlreadySet({ app }: { app: AppServices }) {
  const t = app.i18n.t;
  return (
    <div className="ma-center ma-pay__set">
      <p className="ma-pay__lead">{t('errors.payPasswordAlreadySet')}</p>
      <Button variant="primary" onClick={() => app.router.navigate('/ad-center/edit-pay-password')}>
        {t('payPassword.change')}
      </Button>
    </div>
  );
}

function Steps({ app, asksLogin, onAlreadySet }: { app: AppServices; asksLogin: boolean; onAlreadySet: () => void }) {
  const t = app.i18n.t;
  const [step, setStep] = useState<1 | 2>(1);
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [login, setLogin] = useState('');
  // The latest login password, synchronously: a tap on Confirm can come before the re-render of the last input.
  const loginNow = useRef('');
  // A message key, translated on render (it follows a language switch).
  const [loginError, setLoginError] = useState<string | undefined>(undefined);
  // Without a login password, the server's word that the sign-in is no longer fresh: it stays until one leaves.
  const [reauth, setReauth] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const loginId = useId();
  const form = useRef<HTMLFormElement>(null);
  // The next step's digits go into the same input, focused in the same task as the tap: a phone keeps its keyboard
  // open only while focus moves within the user's own action (a new input focused after a render closes it).
  const focusDigits = () => form.current?.querySelector<HTMLInputElement>('.ma-password-input__native')?.focus();
  const focusLogin = () => form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(loginId)}`)?.focus();
  const value = step === 1 ? first : second;
  const full = value.length === PAY_PASSWORD_LENGTH;

  // On the confirming step, Back returns to the first step rather than leaving the screen (until it is set).
  const unback = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    if (step !== 2) return;
    return (unback.current = app.setBackHandler(() => {
      setSecond('');
      setStep(1);
    }));
  }, [app, step]);

  const next = async () => {
    if (!full || busy) return;
    if (step === 1) {
      setStep(2);
      return focusDigits();
    }
    // Both checks at once: an empty login password on its cell, a mismatch on the digits (back to step one).
    const noLogin = asksLogin && loginNow.current === '';
    setLoginError(noLogin ? 'validation.required' : undefined);
    if (second !== first) {
      setFirst('');
      setSecond('');
      setMismatch(true);
      setStep(1);
      return focusDigits();
    }
    if (noLogin) return focusLogin();
    setBusy(true);
    try {
      await app.request(
        walletCalls.setPassword,
        {
          password: md5(first),
          confirm_password: md5(second),
          ...(asksLogin ? { login_password: loginNow.current } : {}),
        },
        {
          handles: (e) =>
            e.data.reason === 'pay_password_already_set' ||
            e.data.reason === 'login_password_wrong' ||
            e.data.reason === 'reauth_required' ||
            (e.code === Code.PARAMS && e.data.field === 'login_password'),
        },
      );
      app.overlays.toast.success(t('payPassword.setDone'));
      unback.current?.();
      app.back();
    } catch (e) {
      // Set meanwhile (another device): changing it needs the old one.
      if (e instanceof ApiError && e.data.reason === 'pay_password_already_set') onAlreadySet();
      else if (e instanceof ApiError && e.data.reason === 'reauth_required') setReauth(true);
      else if (e instanceof ApiError && e.data.reason === 'login_password_wrong') {
        setLoginError('errors.loginPasswordWrong');
        focusLogin();
      } else if (e instanceof ApiError && e.data.field === 'login_password') {
        setLoginError(`validation.${e.data.rule ?? 'pattern'}`);
        focusLogin();
      }
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      className="ma-pay"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(e) => {
        e.preventDefault();
        void next();
      }}
    >
      <p className="ma-pay__step">{t('payPassword.step', { n: step, of: 2 })}</p>
      <h2 id={titleId} className="ma-pay__title">
        {t(step === 1 ? 'payPassword.enterNew' : 'payPassword.enterAgain')}
      </h2>
      <p className="ma-pay__lead">{t(step === 1 ? 'payPassword.enterHint' : 'payPassword.againHint')}</p>
      <PasswordInput
        value={value}
        onChange={(v) => {
          (step === 1 ? setFirst : setSecond)(v);
          setMismatch(false);
        }}
        labelledBy={titleId}
        error={mismatch ? t('errors.passwordMismatch') : undefined}
        autoFocus
      />
      {asksLogin && (
        <div className="ma-cells ma-pay__login">
          <Field
            id={loginId}
            name="login_password"
            label={t('payPassword.loginPassword')}
            placeholder={t('auth.passwordPlaceholder')}
            type="password"
            passwordToggle
            autoComplete="current-password"
            maxLength={64}
            required
            value={login}
            onChange={(v) => {
              setLogin((loginNow.current = v));
              setLoginError(undefined);
            }}
            error={loginError ? t(loginError, { max: 64 }) : undefined}
          />
        </div>
      )}
      {asksLogin && <p className="ma-pay__hint">{t('payPassword.loginHint')}</p>}
      {reauth && (
        <p className="ma-pay__notice ma-pay__reauth" role="alert">
          {t('errors.reauthRequired')}
        </p>
      )}
      <div className="ma-form-actions">
        <Button type="submit" variant="primary" size="large" block disabled={!full} loading={busy}>
          {t(step === 1 ? 'payPassword.next' : 'common.confirm')}
        </Button>
      </div>
    </form>
  );
}
