import { createContext, useContext } from 'react';
import type { Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Req, Res } from '../api/call';
import type { AnyCall } from '../api/client';
import type { Language } from '../api/languages';
import type { UserInfo } from '../api/shapes/account';
import type { AssetOptions } from '../lib/assets';
import type { Emitter } from '../lib/emitter';
import type { EntryTicketStore } from './entry-ticket';
import type { I18n } from '../i18n/i18n';
import type { Router } from '../router/router';
import type { ConfigStore } from '../stores/config';
import type { LanguageStore } from '../stores/language';
import type { NotificationStore } from '../stores/notifications';
import type { SessionStore } from '../stores/session';
import type { Overlays } from '../ui/overlay/overlays';
import type { RequestOptions } from './error-policy';
import type { MerchantAdsEvents } from './types';

export type { HandledFailures, RequestOptions } from './error-policy';

export interface CustomerServiceState {
  open: boolean;
  mode: 'normal' | 'recharge';
  message?: string;
}

/** Everything a screen may use, per mounted instance. */
export interface AppServices {
  /**
   * A server call under the error policy (docs/product.md, "Codes"), the only way screens reach the server (the bare API client stays
   * inside the instance): the failures `opts.handles` names are thrown to the caller unreported; every other one is
   * reported once, then thrown, so the caller can stop loading and keep the user's input.
   */
  request: <C extends AnyCall>(call: C, data?: Req<C> | FormData, opts?: RequestOptions) => Promise<Res<C>>;
  router: Router;
  i18n: I18n;
  overlays: Overlays;
  session: SessionStore;
  config: ConfigStore;
  language: LanguageStore;
  /**
   * The merchant's or host's choice of language (the header picker, setLanguage, update): applied, stored and,
   * while signed in, saved on the account, so the language the server sends with a 401 to 404 agrees with it. Server-driven
   * switches use `language.set` instead.
   */
  chooseLanguage: (code: string) => Promise<Language | null>;
  /** That choice, if one was made in this widget (the host's `language` option included); null otherwise. */
  chosenLanguage: () => Language | null;
  notifications: NotificationStore;
  /** The partner entry ticket from a signed link's 401, for the welcome page (memory only). */
  entryTicket: EntryTicketStore;
  events: Emitter<MerchantAdsEvents>;
  customerService: Signal<CustomerServiceState>;
  openCustomerService: (request?: { mode?: 'normal' | 'recharge'; message?: string }) => void;
  closeCustomerService: () => void;
  /** The back order (docs/product.md, "Back"): custom handler, close on no-previous routes, back route, history back. */
  back: () => void;
  /** A screen's own back behaviour while it is shown; returns the function that removes it. */
  setBackHandler: (fn: () => void) => () => void;
  /** Stores the token, fetches user info and enters the app. */
  signIn: (token: string, opts?: { to?: string }) => Promise<void>;
  loadUser: () => Promise<UserInfo | null>;
  /**
   * Without a reason, the merchant's own logout: asks first, then ends the session here and on the server. With one,
   * the session has ended on the server already (a password change): it ends here.
   */
  logout: (reason?: MerchantAdsEvents['logout']['reason']) => Promise<void>;
  /** Adds a stylesheet to the widget's one <style>, once per key (a route group's CSS when its file has loaded). */
  addStyles: (key: string, css: string) => void;
  /** The API base as an absolute URL: a root-relative address the server answers (an upload's) resolves against it. */
  readonly apiBase: string;
  /** Aborted when the widget unmounts: what a screen opens beyond its own lifetime (the change stream) closes with it. */
  readonly lifetime: AbortSignal;
  /** Whether to fetch the route groups the merchant opens next ahead of time (mount option `prefetch`). */
  readonly prefetch: boolean;
  /** Where the script-tag build's files are and the nonce they need (mount options `assetsBase`, `nonce`). */
  readonly assets: AssetOptions;
}

export const AppContext = createContext<AppServices | null>(null);

export function useApp(): AppServices {
  // Screens read the instance's signals (session, route, language through t()) in render: tracked under React.
  useSignals();
  const app = useContext(AppContext);
  if (!app) throw new Error('MerchantAds: useApp() outside the app');
  return app;
}
