import md5 from 'blueimp-md5';
import { untracked } from '@preact/signals-react';
import { useEffect, useId, useRef, useState } from 'react';
import * as walletCalls from '../../../api/calls/wallet';
import { ApiError } from '../../../api/client';
import { useApp, type AppServices } from '../../../app/context';
import { claims, createModel, createResource, ResourceView, useModel } from '../../../kit';
import { PAY_PASSWORD_LENGTH } from '../../../api/shapes/wallet';
import { Button } from '../../../ui/button';
import { PasswordInput } from '../../../ui/password-input';
import { Skeleton } from '../../../ui/skeleton';
import type { ScreenProps } from '../../types';

/** Whether a transaction password is set already (the wallet's figures carry it). */
const SetModel = createModel((app: AppServices) => ({
  property: createResource((s) => untracked(() => app.request(walletCalls.property, undefined, { signal: s, claims: claims.load }))),
}));

/**
 * Setting the transaction password (docs/product.md, "Transaction password"): enter 6 digits, then again to confirm; a mismatch goes back to
 * the first step and says so. Both entries are MD5-hashed before they are sent. Where one is set already (or the
 * server says so), the screen says so and leads to the change screen, which asks for the old one.
 */
export function SetPayPassword(_: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const m = useModel(() => new SetModel(app));
  const [alreadySet, setAlreadySet] = useState(false);
  return (
    <div className="ma-page">
      <ResourceView resource={m.property} failed={t('payPassword.loadFailed')} skeleton={<Skeleton title rows={2} />}>
        {(p) => (p.pay_password_set || alreadySet ? <AlreadySet app={app} /> : <Steps app={app} onAlreadySet={() => setAlreadySet(true)} />)}
      </ResourceView>
    </div>
  );
}

function AlreadySet({ app }: { app: AppServices }) {
  const t = app.i18n.t;
  return (
    <div className="ma-center ma-pay__set">
      <p className="ma-pay__lead">{t('errors.payPasswordAlreadySet')}</p>
      <Button variant="primary" onClick={() => app.router.navigate('/ad-center/edit-pay-password')}>{t('payPassword.change')}</Button>
    </div>
  );
}

function Steps({ app, onAlreadySet }: { app: AppServices; onAlreadySet: () => void }) {
  const t = app.i18n.t;
  const [step, setStep] = useState<1 | 2>(1);
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  // The next step's digits go into the same input, focused in the same task as the tap: a phone keeps its keyboard
  // open only while focus moves within the user's own action (a new input focused after a render closes it).
  const focusDigits = () => form.current?.querySelector<HTMLInputElement>('.ma-password-input__native')?.focus();
  const value = step === 1 ? first : second;
  const full = value.length === PAY_PASSWORD_LENGTH;

  // On the confirming step, Back returns to the first step rather than leaving the screen (until it is set).
  const unback = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    if (step !== 2) return;
    return (unback.current = app.setBackHandler(() => { setSecond(''); setStep(1); }));
  }, [step]);

  const next = async () => {
    if (!full || busy) return;
    if (step === 1) {
      setStep(2);
      return focusDigits();
    }
    if (second !== first) {
      setFirst('');
      setSecond('');
      setMismatch(true);
      setStep(1);
      return focusDigits();
    }
    setBusy(true);
    try {
      await app.request(walletCalls.setPassword, { password: md5(first), confirm_password: md5(second) }, { claims: ['pay_password_already_set'] });
      app.overlays.toast.success(t('payPassword.setDone'));
      unback.current?.();
      app.back();
    } catch (e) {
      // Set meanwhile (another device): changing it needs the old one.
      if (e instanceof ApiError && e.data.reason === 'pay_password_already_set') onAlreadySet();
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="ma-pay" noValidate aria-labelledby={titleId} onSubmit={(e) => { e.preventDefault(); void next(); }}>
      <p className="ma-pay__step">{t('payPassword.step', { n: step, of: 2 })}</p>
      <h2 id={titleId} className="ma-pay__title">{t(step === 1 ? 'payPassword.enterNew' : 'payPassword.enterAgain')}</h2>
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
      <div className="ma-form-actions">
        <Button type="submit" variant="primary" size="large" block disabled={!full} loading={busy}>{t(step === 1 ? 'payPassword.next' : 'common.confirm')}</Button>
      </div>
    </form>
  );
}
