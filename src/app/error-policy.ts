/**
 * What each failure shows (docs/product.md, "Codes"), and the one rule for who shows it. A call either handles the failures it
 * shows itself (`handles`: a list of reasons, or a test) and gets them thrown to it unreported, or the policy
 * reports them, exactly once, and rethrows so the caller can stop loading and keep what the user typed.
 */
import { ApiError, type AnyCall, type ApiCall, type CallOptions } from '../api/client';
import type { Req, Res } from '../api/call';
import { Code } from '../api/envelope';
import type { ErrorReason } from '../api/reasons';
import type { Emitter } from '../lib/emitter';
import type { I18n } from '../i18n/i18n';
import type { Router } from '../router/router';
import type { ConfigStore } from '../stores/config';
import { mapLanguage } from '../stores/config';
import type { LanguageStore } from '../stores/language';
import type { SessionStore } from '../stores/session';
import type { Overlays } from '../ui/overlay/overlays';
import type { EntryTicketStore } from './entry-ticket';
import { ACCOUNT_STATE_KEY, reasonKey } from './error-text';
import type { MerchantAdsEvents } from './types';

/** Failures a caller handles itself: business reasons it names, or any failure its test accepts. */
export type HandledFailures = readonly ErrorReason[] | ((err: ApiError) => boolean);

export interface RequestOptions extends CallOptions {
  handles?: HandledFailures;
}

const isHandled = (err: unknown, handles: HandledFailures | undefined): err is ApiError =>
  !!handles &&
  err instanceof ApiError &&
  (typeof handles === 'function' ? handles(err) : !!err.data.reason && handles.includes(err.data.reason));

export interface ErrorPolicyDeps {
  api: ApiCall;
  i18n: I18n;
  overlays: Overlays;
  events: Emitter<MerchantAdsEvents>;
  router: Router;
  session: SessionStore;
  config: ConfigStore;
  language: LanguageStore;
  entryTicket: EntryTicketStore;
  /** Whether the page is a partner entry (the 401 of an entry link goes to the welcome page, not the login). */
  onEntryPage: () => boolean;
  openCustomerService: (o: { message: string }) => void;
}

/** Answers about the session a request was sent with. */
const SESSION_CODES = new Set<number>([
  Code.NO_AUTH,
  Code.TOKEN_EXPIRED,
  Code.NOT_ACTIVATED,
  Code.NOT_ENABLED,
  Code.DELETED,
]);

export function createErrorPolicy(deps: ErrorPolicyDeps) {
  const t = deps.i18n.t;
  /** What every failure the user should see does: tell the host, then show the toast. */
  const fail = (code: MerchantAdsEvents['error']['code'], msg: string) => {
    deps.events.emit('error', { code, msg });
    deps.overlays.toast.fail(msg);
  };

  const report = (err: unknown): void => {
    if (!(err instanceof ApiError)) {
      console.error('[merchant-ads]', err);
      deps.overlays.toast.fail(t('errors.system'));
      return;
    }
    if (err.kind === 'aborted') return;
    if (err.kind === 'network' || err.kind === 'timeout')
      return fail(err.kind, t(err.kind === 'network' ? 'errors.network' : 'errors.timeout'));
    if (err.kind === 'http') return fail(err.code ?? 'http', `${t('errors.error')} (HTTP ${err.code})`);
    const code = err.code ?? Code.SERVER;
    // What the server says of a session (401, 503, the account's state) is about the token the request carried.
    // Sent with the session's token that the host has replaced since (setToken just after a load started), it is
    // not about this session: it must not sign out the merchant who is signed in now, nor tell the host this
    // session ended. (A request sent with a token of its own, about to become the session's, is judged as it is.)
    if (SESSION_CODES.has(code) && err.sessionToken !== undefined && err.sessionToken !== deps.session.token.peek())
      return;
    const fromErrorData = () =>
      deps.language.set(mapLanguage(err.data.lang, deps.config.config.value.client_language_map));
    switch (code) {
      case Code.NO_AUTH: {
        if (deps.onEntryPage()) {
          deps.events.emit('error', { code, msg: t('errors.noAuth') });
          void fromErrorData();
          const query = deps.router.current.value?.query;
          // A signed link's 401 carries the ticket the welcome page registers with; it stays out of the URL.
          if (err.data.ticket && query)
            deps.entryTicket.keep(query.get('entry') ?? '', query.get('uid') ?? '', err.data.ticket);
          const q = query?.toString() ?? '';
          deps.router.replace(`/ad-welcome${q ? `?${q}` : ''}`);
        } else {
          fail(code, t('errors.noAuth'));
          deps.events.emit('tokenRequest', { reason: 'unauthorized' });
          deps.session.askEnd('unauthorized');
        }
        return;
      }
      case Code.NOT_ACTIVATED:
      case Code.NOT_ENABLED:
      case Code.DELETED: {
        void fromErrorData().finally(() => {
          const msg = t(ACCOUNT_STATE_KEY[code]);
          deps.events.emit('error', { code, msg });
          deps.openCustomerService({ message: msg });
        });
        return;
      }
      case Code.TOKEN_EXPIRED: {
        fail(code, t('errors.tokenExpired'));
        deps.events.emit('tokenRequest', { reason: 'expired' });
        const user = deps.session.user.value;
        if (!user || user.entry === 'register') deps.session.askEnd('expired');
        return;
      }
      case Code.SERVER:
        return fail(code, err.message || t('errors.server'));
      case Code.PARAMS: {
        // Rules whose text needs a number the server does not send fall back to the generic system-error text.
        const rule = err.data.rule;
        return fail(
          code,
          rule && !['minLength', 'maxLength', 'digits'].includes(rule) ? t(`validation.${rule}`) : t('errors.system'),
        );
      }
      default: {
        const key = err.data.reason ? reasonKey(err.data.reason) : undefined;
        fail(code, key ? t(key) : err.message || t('errors.error'));
      }
    }
  };

  /** api() under the rule: handled failures are the caller's; every other one is reported here, then thrown. */
  const request = async <C extends AnyCall>(
    call: C,
    data?: Req<C> | FormData,
    opts: RequestOptions = {},
  ): Promise<Res<C>> => {
    try {
      return await deps.api(call, data, opts);
    } catch (e) {
      if (!isHandled(e, opts.handles)) report(e);
      throw e;
    }
  };

  return { request };
}
