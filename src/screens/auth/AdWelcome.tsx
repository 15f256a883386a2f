import { useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../app/context';
import { Reason, schemas } from '../../api/contract';
import { Button } from '../../ui/button';
import { Field, Form } from '../../ui/field';
import { useForm } from '../shared/use-form';
import type { ScreenProps } from '../types';

/**
 * Welcome and open an ad account with an authorization code. Reached from /entry (a partner user with no
 * account: the query names the partner and user) or by a signed-in merchant whose store is not open yet.
 * The partner account's token is kept aside until the store opens, so a wrong code does not half-sign-in.
 */
export function AdWelcome({ location }: ScreenProps) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const entry = location.query.get('entry') ?? '';
  const uid = location.query.get('uid') ?? '';
  const form = useForm(schemas.openStore, { auth_code: '' }, t);
  // The partner account's token, kept aside until the store opens (a retry must not register again).
  const pendingToken = useRef<string | null>(null);

  const submit = () =>
    form.submit(
      async (data) => {
        let token = pendingToken.current ?? (entry && uid ? null : app.session.token.value);
        if (!token) {
          token = (await app.request('registerV2', { entry, uid, lang: app.i18n.lang.value })).token;
          pendingToken.current = token;
        }
        await app.request('openingStore', data, { quiet: true, token });
        app.overlays.toast.success(t('auth.accountOpened'));
        await app.signIn(token);
      },
      { fieldReasons: { [Reason.AUTH_CODE_NOT_FOUND]: ['auth_code', 'errors.authCodeNotFound'] }, report: app.reportError },
    );

  return (
    <div className="ma-welcome">
      <div className="ma-welcome__hero">
        <h2 className="ma-welcome__title">{t('auth.welcomeTitle')}</h2>
        <p className="ma-welcome__text">{t('auth.welcomeText')}</p>
      </div>
      <div className="ma-page">
        <Form onSubmit={submit} aria-label={t('auth.openAccount')}>
          <div className="ma-card">
            <Field label={t('auth.authCode')} {...form.field('auth_code')} placeholder={t('auth.authCodePlaceholder')} autoComplete="off" required />
          </div>
          <div className="ma-form-actions">
            <Button type="submit" variant="primary" size="large" block loading={form.busy} loadingText={t('auth.opening')}>{t('auth.openAccount')}</Button>
          </div>
        </Form>
      </div>
    </div>
  );
}
