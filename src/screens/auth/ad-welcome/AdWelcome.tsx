import { useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import * as accountCalls from '../../../api/calls/account';
import * as signInCalls from '../../../api/calls/sign-in';
import { useApp } from '../../../app/context';
import * as requests from '../../../api/requests/account';
import { reasonKey } from '../../../app/error-text';
import { LOGIN } from '../../../app/session-flow';
import { Button } from '../../../ui/button';
import { Empty } from '../../../ui/empty';
import { Field, Form } from '../../../ui/field';
import { useForm } from '../../shared/use-form';
import type { ScreenProps } from '../../types';
import { isEntryLinkError } from '../entry/model';

/**
 * Welcome and open an ad account with an authorization code. Reached from /entry (a partner user with no
 * account: the query names the partner and user) or by a signed-in merchant whose store is not open yet.
 * A partner user is registered with the entry ticket the signed link gave (kept in memory by the error policy);
 * without one (a reload, a copied URL) or once it has expired, the page says to open the link again.
 * The partner account's token is kept aside until the store opens, so a wrong code does not half-sign-in.
 * Opened with neither (no partner in the query, no session), there is no one to open an account for: the page
 * says so at once, where to come from, and offers the login, instead of a form that cannot succeed.
 */
export function AdWelcome({ location }: ScreenProps) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const entry = location.query.get('entry') ?? '';
  const uid = location.query.get('uid') ?? '';
  const partnerUser = Boolean(entry && uid);
  const signedIn = Boolean(app.session.token.value);
  const form = useForm(requests.openingStore, { auth_code: '' }, t, {
    fieldReasons: { auth_code_not_found: ['auth_code', 'errors.authCodeNotFound'] },
  });
  const [linkProblem, setLinkProblem] = useState<string | null>(() =>
    partnerUser && !app.entryTicket.get(entry, uid) ? reasonKey('entry_link_expired') : null,
  );
  // The partner account's token, kept aside until the store opens (a retry must not register again).
  const pendingToken = useRef<string | null>(null);

  const submit = () =>
    form.submit(async (data) => {
      let token = pendingToken.current ?? (partnerUser ? null : app.session.token.value);
      if (!token) {
        const ticket = app.entryTicket.get(entry, uid) ?? '';
        try {
          token = (
            await app.request(
              signInCalls.registerV2,
              { entry, uid, ticket, lang: app.i18n.lang.value },
              { handles: isEntryLinkError },
            )
          ).token;
        } catch (e) {
          if (isEntryLinkError(e)) setLinkProblem(reasonKey(e.data.reason!));
          throw e;
        }
        app.entryTicket.clear(); // used up
        pendingToken.current = token;
      }
      await app.request(accountCalls.openingStore, data, { handles: form.handles, token });
      app.overlays.toast.success(t('auth.accountOpened'));
      await app.signIn(token);
    });

  return (
    <div className="ma-welcome">
      <div className="ma-welcome__hero ma-hero">
        <h2 className="ma-welcome__title">{t('auth.welcomeTitle')}</h2>
        <p className="ma-welcome__text">{t('auth.welcomeText')}</p>
      </div>
      <div className="ma-page">
        {linkProblem ? (
          <div role="alert">
            <Empty text={t(linkProblem)} />
          </div>
        ) : !partnerUser && !signedIn ? (
          // Half a partner link is a broken link; no link at all means the page was opened on its own.
          <div role="alert">
            <Empty text={t(entry || uid ? 'auth.entryMissing' : 'auth.welcomeNoContext')}>
              <Button variant="primary" onClick={() => app.router.navigate(LOGIN)}>
                {t('auth.login')}
              </Button>
            </Empty>
          </div>
        ) : (
          <Form onSubmit={submit} aria-label={t('auth.openAccount')}>
            <div className="ma-cells">
              <Field
                label={t('auth.authCode')}
                {...form.field('auth_code')}
                placeholder={t('auth.authCodePlaceholder')}
                autoComplete="off"
                required
              />
            </div>
            <div className="ma-form-actions">
              <Button
                type="submit"
                variant="primary"
                size="large"
                block
                loading={form.busy}
                loadingText={t('auth.opening')}
              >
                {t('auth.openAccount')}
              </Button>
            </div>
          </Form>
        )}
      </div>
    </div>
  );
}
