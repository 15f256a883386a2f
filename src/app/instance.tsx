/**
 * One mounted widget: its shadow root, stores, router, API client and React tree. Everything it creates is
 * owned here and released by destroy(): DOM, listeners, timers, in-flight requests.
 */
import { createRoot } from 'react-dom/client';
import { effect, signal } from '@preact/signals-react';
import { apiOrigin, createApiClient, ApiError } from '../api/client';
import { Code, type CallKey, type ReqOf, type ResOf, type UserInfo } from '../api/contract';
import { createEmitter } from '../lib/emitter';
import { createStorage } from '../lib/storage';
import { isMobileDevice, scaleFor } from '../lib/device';
import { createI18n, isLanguage } from '../i18n/i18n';
import { I18nContext } from '../i18n/context';
import { createRouter } from '../router/router';
import { HOME, LOGIN } from '../router/routes';
import { createConfigStore, mapLanguage } from '../stores/config';
import { createLanguageStore } from '../stores/language';
import { createNotificationStore } from '../stores/notifications';
import { createSessionStore } from '../stores/session';
import { createOverlays, OverlayContext } from '../ui/overlay';
import { uiCss } from '../ui/styles';
import appCss from './app.css';
import { App } from './App';
import { AppContext, type AppServices, type CustomerServiceState, type RequestOptions } from './context';
import { createEntryTicketStore } from './entry-ticket';
import { ACCOUNT_STATE_KEY, REASON_KEY } from './error-text';
import type { MerchantAdsEvents, MountOptions } from './types';

// Captured while the script runs: document.currentScript (IIFE) or the module URL (ESM) is only known then.
const SCRIPT_URL: string = (() => {
  try {
    return typeof document !== 'undefined' ? import.meta.url : '';
  } catch {
    return '';
  }
})();

export interface Instance {
  services: AppServices;
  ready: Promise<void>;
  update(o: Partial<MountOptions>): void;
  destroy(): void;
}

export function createInstance(element: HTMLElement, initial: MountOptions): Instance {
  let options: MountOptions = { ...initial };
  const win = element.ownerDocument.defaultView ?? window;
  const doc = element.ownerDocument;
  const life = new AbortController();
  const cleanups: (() => void)[] = [];
  const listen = (target: EventTarget, type: string, fn: EventListener, opts?: AddEventListenerOptions) => {
    target.addEventListener(type, fn, opts);
    cleanups.push(() => target.removeEventListener(type, fn, opts));
  };

  // ----- DOM: a shadow root holding one <style> and the app's root element -----
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  if (options.nonce) style.nonce = options.nonce;
  style.textContent = uiCss + appCss;
  const rootEl = doc.createElement('div');
  rootEl.className = 'ma-root';
  rootEl.setAttribute('data-merchant-ads', '');
  shadow.append(style, rootEl);

  const applyTheme = (theme: Record<string, string> | undefined) => {
    for (const [k, v] of Object.entries(theme ?? {})) rootEl.style.setProperty(k.startsWith('--') ? k : `--ma-${k}`, v);
  };
  applyTheme(options.theme);
  if (isMobileDevice(win)) rootEl.classList.add('ma-root--mobile');

  // ----- i18n, storage, API, stores -----
  const storage = createStorage(options.storagePrefix ?? 'merchant-ads:');
  const localesBase = () => options.localesBase ?? (SCRIPT_URL ? new URL('locales/', SCRIPT_URL).href : 'locales/');
  const i18n = createI18n(async (lang) => {
    const base = localesBase();
    const res = await fetch(`${base}${base.endsWith('/') ? '' : '/'}${lang}.json`, { signal: life.signal });
    if (!res.ok) throw new Error(`locale ${lang}: HTTP ${res.status}`);
    return res.json();
  });
  const events = createEmitter<MerchantAdsEvents>((type, payload) => options.onEvent?.(type, payload as never));
  const api = createApiClient({ base: options.apiBase, getToken: () => session.token.value, signal: life.signal, timeoutMs: options.requestTimeout });
  const session = createSessionStore(storage, apiOrigin(options.apiBase, doc.baseURI), { token: options.token, persist: options.persistToken });
  const config = createConfigStore(storage, api);
  const language = createLanguageStore(storage, i18n, config);
  const notifications = createNotificationStore(api);
  const overlays = createOverlays({ t: i18n.t, zIndexBase: options.zIndexBase });
  const customerService = signal<CustomerServiceState>({ open: false, mode: 'normal' });
  const entryTicket = createEntryTicketStore();

  const router = createRouter({
    mode: options.routing ?? 'hash',
    win,
    root: () => (session.token.value ? HOME : LOGIN),
    guard: (loc) => {
      if (loc.route.noAuth || session.token.value) return null;
      events.emit('tokenRequest', { reason: 'missing' });
      return LOGIN;
    },
  });

  // ----- spec §8: what each failure shows -----
  const currentIncludesEntry = () => {
    const path = router.current.value?.path ?? '';
    return path.includes('entry') || (options.routing !== 'memory' && win.location.href.includes('entry'));
  };

  /** What every failure the user should see does: tell the host, then show the toast. */
  const fail = (code: MerchantAdsEvents['error']['code'], msg: string) => {
    events.emit('error', { code, msg });
    overlays.toast.fail(msg);
  };

  const endSession = (reason: MerchantAdsEvents['logout']['reason']) => {
    session.clear();
    notifications.reset();
    events.emit('logout', { reason });
    router.replace(LOGIN);
  };

  // A failure travels up through several callers (a request, then the form that made it): it is shown once.
  const reported = new WeakSet<object>();
  const reportError = (err: unknown) => {
    if (err && typeof err === 'object') {
      if (reported.has(err)) return;
      reported.add(err);
    }
    if (!(err instanceof ApiError)) {
      console.error('[merchant-ads]', err);
      overlays.toast.fail(i18n.t('errors.system'));
      return;
    }
    if (err.kind === 'aborted') return;
    const t = i18n.t;
    if (err.kind === 'network' || err.kind === 'timeout') return fail(err.kind, t(err.kind === 'network' ? 'errors.network' : 'errors.timeout'));
    if (err.kind === 'http') return fail(err.code ?? 'http', `${t('errors.error')} (HTTP ${err.code})`);
    const code = err.code ?? Code.SERVER;
    const fromErrorData = () => language.set(mapLanguage(err.data.lang, config.config.value.client_language_map));
    switch (code) {
      case Code.NO_AUTH: {
        if (currentIncludesEntry()) {
          events.emit('error', { code, msg: t('errors.noAuth') });
          void fromErrorData();
          const query = router.current.value?.query;
          // A signed link's 401 carries the ticket the welcome page registers with; it stays out of the URL.
          if (err.data.ticket && query) entryTicket.keep(query.get('entry') ?? '', query.get('uid') ?? '', err.data.ticket);
          const q = query?.toString() ?? '';
          router.replace(`/ad-welcome${q ? `?${q}` : ''}`);
        } else {
          fail(code, t('errors.noAuth'));
          events.emit('tokenRequest', { reason: 'unauthorized' });
          endSession('unauthorized');
        }
        return;
      }
      case Code.NOT_ACTIVATED:
      case Code.NOT_ENABLED:
      case Code.DELETED: {
        void fromErrorData().finally(() => {
          const msg = t(ACCOUNT_STATE_KEY[code]);
          events.emit('error', { code, msg });
          openCustomerService({ message: msg });
        });
        return;
      }
      case Code.TOKEN_EXPIRED: {
        fail(code, t('errors.tokenExpired'));
        events.emit('tokenRequest', { reason: 'expired' });
        const user = session.user.value;
        if (!user || user.entry === 'register') endSession('expired');
        return;
      }
      case Code.SERVER:
        return fail(code, err.message || t('errors.server'));
      case Code.PARAMS: {
        // Rules whose text needs a number the server does not send fall back to the spec's system-error text.
        const rule = err.data.rule;
        return fail(code, rule && !['minLength', 'maxLength', 'digits'].includes(rule) ? t(`validation.${rule}`) : t('errors.system'));
      }
      default: {
        const reasonKey = err.data.reason ? REASON_KEY[err.data.reason] : undefined;
        fail(code, reasonKey ? t(reasonKey) : err.message || t('errors.error'));
      }
    }
  };

  const request = async <K extends CallKey>(key: K, data?: ReqOf<K> | FormData, opts: RequestOptions = {}): Promise<ResOf<K>> => {
    try {
      return await api(key, data, opts);
    } catch (e) {
      if (!opts.quiet) reportError(e);
      throw e;
    }
  };

  const openCustomerService = (o: { mode?: 'normal' | 'recharge'; message?: string } = {}) => {
    customerService.value = { open: true, mode: o.mode ?? 'normal', message: o.message };
  };

  const closeCustomerService = () => {
    customerService.value = { ...customerService.value, open: false };
  };

  const openContact = (c: { type: number; url: string }) => {
    closeCustomerService();
    if (c.type === 1) router.navigate(`/customer?url=${encodeURIComponent(c.url)}`);
    else events.emit('openUrl', { url: c.url, purpose: 'customerService' });
  };

  let backHandler: (() => void) | null = null;
  const back = () => {
    if (backHandler) return backHandler();
    const route = router.current.value?.route;
    if (route?.noPrevious) return events.emit('close', { reason: 'back' });
    if (route?.backRoute) {
      if (!router.back()) router.replace(route.backRoute);
      return;
    }
    if (!router.back()) router.replace(session.token.value ? HOME : LOGIN);
  };

  // Start-up, sign-in and the home screen all ask for the user at about the same time: share one request.
  let userRequest: Promise<UserInfo | null> | null = null;
  const loadUser = () => {
    if (!session.token.value) return Promise.resolve(null);
    userRequest ??= request('userInfo')
      .then((user) => {
        session.setUser(user);
        return user;
      })
      .finally(() => (userRequest = null));
    return userRequest;
  };

  const services: AppServices = {
    api,
    request,
    reportError,
    router,
    i18n,
    overlays,
    session,
    config,
    language,
    notifications,
    entryTicket,
    events,
    customerService,
    openCustomerService,
    closeCustomerService,
    openContact,
    back,
    setBackHandler(fn) {
      backHandler = fn;
      return () => {
        if (backHandler === fn) backHandler = null;
      };
    },
    async signIn(token, opts = {}) {
      session.setToken(token);
      const user = await loadUser();
      events.emit('login', { user });
      void notifications.load().catch(() => undefined);
      router.replace(opts.to ?? HOME);
    },
    loadUser,
    async logout(reason = 'user', opts = {}) {
      if (opts.confirm && !(await overlays.dialog.confirm({ message: i18n.t('header.logoutConfirm') }))) return;
      endSession(reason);
    },
  };

  // ----- page-level rules of spec §9, applied to our root only -----
  const blockMultiTouch = ((e: TouchEvent) => {
    if (e.touches.length > 1) e.preventDefault();
  }) as EventListener;
  listen(rootEl, 'touchstart', blockMultiTouch, { passive: false });
  listen(rootEl, 'gesturestart', (e) => e.preventDefault());
  if (typeof ResizeObserver !== 'undefined') {
    const ro = new ResizeObserver(([entry]) => {
      const s = scaleFor(entry.contentRect.width);
      rootEl.style.setProperty('--ma-scale', String(s));
      rootEl.classList.toggle('ma-root--scaled', s !== 1);
    });
    ro.observe(element);
    cleanups.push(() => ro.disconnect());
  }

  // ----- reactions -----
  const originalTitle = doc.title;
  cleanups.push(
    effect(() => {
      const loc = router.current.value;
      if (!loc) return;
      const title = i18n.t(loc.route.titleKey);
      if (options.manageTitle) doc.title = title;
      events.emit('route', { path: loc.path, name: loc.route.name, title, canGoBack: router.canGoBack() });
    }),
  );
  cleanups.push(() => {
    if (options.manageTitle) doc.title = originalTitle;
  });
  let lastUnread = -1;
  cleanups.push(
    effect(() => {
      const count = notifications.unreadTotal.value;
      if (count !== lastUnread) {
        lastUnread = count;
        events.emit('unread', { count });
      }
    }),
  );
  let lastLang = i18n.lang.peek();
  cleanups.push(
    effect(() => {
      const lang = i18n.lang.value;
      if (lang === lastLang) return;
      lastLang = lang;
      events.emit('language', { lang });
      void config.load(lang).catch(() => undefined);
    }),
  );
  cleanups.push(() => overlays.destroy());

  // ----- render -----
  const reactRoot = createRoot(rootEl);
  let destroyed = false;

  const ready = (async () => {
    const wanted = options.language ?? language.stored() ?? 'en';
    try {
      await i18n.setLanguage(isLanguage(wanted) ? wanted : mapLanguage(wanted, config.config.value.client_language_map) ?? 'en');
    } catch {
      /* the locale file failed to load: English is bundled and stays */
    }
    if (destroyed) return;
    lastLang = i18n.lang.peek();
    router.start(options.initialRoute);
    reactRoot.render(
      <AppContext.Provider value={services}>
        <I18nContext.Provider value={i18n}>
          <OverlayContext.Provider value={overlays}>
            <App />
          </OverlayContext.Provider>
        </I18nContext.Provider>
      </AppContext.Provider>,
    );
    void config.load(i18n.lang.peek()).catch(() => undefined);
    if (session.token.value) {
      void loadUser().catch(() => undefined);
      void notifications.load().catch(() => undefined);
    }
    events.emit('ready', { version: __SDK_VERSION__, route: router.current.peek()?.path ?? '' });
  })();

  return {
    services,
    ready,
    update(o) {
      const prev = options;
      options = { ...options, ...o, apiBase: prev.apiBase, routing: prev.routing };
      if (o.theme) applyTheme(o.theme);
      if (o.nonce !== undefined) style.nonce = o.nonce;
      if ('token' in o) services.session.setToken(o.token ?? null, { persist: !!options.persistToken });
      if (o.language) void language.set(o.language);
      if (o.manageTitle && !prev.manageTitle) {
        const loc = router.current.peek();
        if (loc) doc.title = i18n.t(loc.route.titleKey);
      }
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      life.abort();
      reactRoot.unmount();
      for (const fn of cleanups.splice(0).reverse()) fn();
      router.destroy();
      events.clear();
      style.remove();
      rootEl.remove();
    },
  };
}

