/**
 * One mounted widget: the wiring of its parts. Everything it creates is owned here and released by destroy():
 * DOM, listeners, timers, in-flight requests. The kernel knows no screen: the shell (its App, the route table
 * built from the screen groups, their CSS) comes in from the entry point.
 */
import { createRoot } from 'react-dom/client';
import { effect, signal, untracked } from '@preact/signals-react';
import { apiOrigin, createApiClient } from '../api/client';
import { afterPaint } from '../lib/after-paint';
import { createEmitter } from '../lib/emitter';
import { createStorage } from '../lib/storage';
import { CONTENT_LANG, createI18n, isLanguage, withoutSoftHyphens } from '../i18n/i18n';
import { loadLocale } from '../i18n/locale-files';
import { I18nContext } from '../i18n/context';
import { createRouter } from '../router/router';
import { createConfigStore, mapLanguage } from '../stores/config';
import { createLanguageStore } from '../stores/language';
import { createNotificationStore } from '../stores/notifications';
import { createSessionStore } from '../stores/session';
import { createOverlays, OverlayContext } from '../ui/overlay/overlays';
import { onStylesAdded, uiCss } from '../ui/styles';
import { BootFailure } from './BootFailure';
import { AppContext, type AppServices, type CustomerServiceState } from './context';
import { createHostDom } from './dom';
import { createEntryTicketStore } from './entry-ticket';
import { createErrorPolicy } from './error-policy';
import { createLanguageChoice } from './language-choice';
import { createSessionFlow, HOME, LOGIN, type SessionFlow } from './session-flow';
import type { MerchantAdsEvents, MountOptions, Shell } from './types';

export interface Instance {
  services: AppServices;
  ready: Promise<void>;
  update(o: Partial<MountOptions>): void;
  /** The host's token (`setToken`): kept in memory unless `persistToken`; null signs out here only (the host may still use it). */
  setToken(token: string | null): void;
  destroy(): void;
}

export function createInstance(element: HTMLElement, initial: MountOptions, shell: Shell): Instance {
  let options: MountOptions = { ...initial };
  const doc = element.ownerDocument;
  const win = doc.defaultView ?? window;
  const life = new AbortController();
  const cleanups: (() => void)[] = [];
  // ----- i18n, storage, API, stores -----
  const storage = createStorage(options.storagePrefix ?? 'merchant-ads:');
  const i18n = createI18n((lang) => loadLocale(lang, { localesBase: options.localesBase, assetsBase: options.assetsBase, nonce: options.nonce, signal: life.signal }));
  const events = createEmitter<MerchantAdsEvents>((type, payload) => !!options.onEvent && (options.onEvent(type, payload as never) as unknown) !== false);
  const session = createSessionStore(storage, apiOrigin(options.apiBase, doc.baseURI), { token: options.token, persist: options.persistToken });
  // The bare client: screens call the server through the error policy's request().
  const api = createApiClient({ base: options.apiBase, getToken: () => session.token.value, signal: life.signal, timeoutMs: options.requestTimeout });
  const config = createConfigStore(storage, api);
  const language = createLanguageStore(storage, i18n, config);
  // Every amount is money in the currency the server's config names (stored with the config, so known at once).
  cleanups.push(effect(() => { i18n.currency.value = config.config.value.currency ?? ''; }));
  // The language files are all the first render waits for: ask for them before the rest is built.
  const wanted = options.language ?? language.stored() ?? 'en';
  const known = isLanguage(wanted) ? wanted : mapLanguage(wanted, config.config.value.client_language_map);
  let firstLanguage: Promise<void> | null = i18n.setLanguage(known ?? 'en');
  firstLanguage.catch(() => undefined); // start() handles its failure

  // ----- the widget's DOM -----
  const dom = createHostDom(element, { css: uiCss() + shell.css, nonce: options.nonce, theme: options.theme });
  // Route groups' CSS, added as their files load, and UI primitives' CSS, registered when a file that brings one
  // loads (src/ui/styles.ts). The whole sheet is rebuilt: a primitive's CSS ranks before the shell's.
  const groupCss = new Map<string, string>();
  const restyle = () => dom.setCss(uiCss() + shell.css + [...groupCss.values()].join(''));
  const addStyles = (key: string, css: string) => {
    if (groupCss.has(key)) return;
    groupCss.set(key, css);
    restyle();
  };
  // A file registers its primitives one by one as it runs: one rebuild for all of them, before anything renders.
  let restyling = false;
  let destroyed = false;
  const stopRestyle = onStylesAdded(() => {
    if (restyling) return;
    restyling = true;
    queueMicrotask(() => {
      restyling = false;
      if (!destroyed) restyle();
    });
  });

  const notifications = createNotificationStore(api);
  const assets = () => ({ assetsBase: options.assetsBase, nonce: options.nonce });
  const overlays = createOverlays({ t: i18n.t, zIndexBase: options.zIndexBase, assets });
  const customerService = signal<CustomerServiceState>({ open: false, mode: 'normal' });
  const entryTicket = createEntryTicketStore();

  const router = createRouter({
    mode: options.routing ?? 'hash',
    win,
    routes: shell.routes,
    notFound: shell.routes.find((r) => r.name === '404')!,
    root: () => (session.token.value ? HOME : LOGIN),
    // The browser's Back while a sheet or dialog is open closes that layer, and the route stays.
    interceptBack: () => overlays.closeTop(),
    guard: (loc) => {
      // A signed-in merchant has nothing to do on the sign-in forms: home instead (a redirect, so it replaces).
      if (session.token.value) return loc.route.name === 'login' || loc.route.name === 'register' ? HOME : null;
      if (loc.route.noAuth) return null;
      events.emit('tokenRequest', { reason: 'missing' });
      return LOGIN;
    },
  });

  const openCustomerService = (o: { mode?: 'normal' | 'recharge'; message?: string } = {}) => {
    customerService.value = { open: true, mode: o.mode ?? 'normal', message: o.message };
  };
  const closeCustomerService = () => {
    customerService.value = { ...customerService.value, open: false };
  };

  let started!: () => void;
  const routerStarted = new Promise<void>((ok) => (started = ok));
  // The error policy ends sessions, and the session flow asks for the user under that policy: each needs the
  // other, so the policy reaches the flow through this binding, set as soon as the flow exists.
  let flow: SessionFlow;
  const policy = createErrorPolicy({
    api, i18n, overlays, events, router, session, config, language, entryTicket, openCustomerService,
    onEntryPage: () => (router.current.value?.path ?? '').includes('entry') || (options.routing !== 'memory' && win.location.href.includes('entry')),
    endSession: (reason) => flow.end(reason),
  });
  flow = createSessionFlow({ session, notifications, events, router, fetchUser: () => policy.request('userInfo'), started: routerStarted });
  const languageChoice = createLanguageChoice({ language, session, saveLang: (lang) => policy.request('userInfoEdit', { lang }, { claims: () => true }) });
  cleanups.push(languageChoice.dispose);

  // The back order: the topmost open layer (sheet, dialog, picker, prompt) closes first and the route stays; then
  // docs/product.md's "Back" order: a screen's own handler, close on no-previous routes, the back route, history back.
  let backHandler: (() => void) | null = null;
  const back = () => {
    if (overlays.closeTop()) return;
    if (backHandler) return backHandler();
    const route = router.current.value?.route;
    if (route?.noPrevious) return events.emit('close', { reason: 'back' });
    if (route?.backRoute) {
      if (!router.back()) router.replace(route.backRoute);
      return;
    }
    if (!router.back()) router.replace(session.token.value ? HOME : LOGIN);
  };

  const services: AppServices = {
    request: policy.request,
    router,
    i18n,
    overlays,
    session,
    config,
    language,
    chooseLanguage: languageChoice.choose,
    chosenLanguage: languageChoice.chosen,
    notifications,
    entryTicket,
    events,
    customerService,
    openCustomerService,
    closeCustomerService,
    back,
    setBackHandler(fn) {
      backHandler = fn;
      return () => {
        if (backHandler === fn) backHandler = null;
      };
    },
    signIn: (token, opts = {}) => flow.signIn(token, opts.to),
    loadUser: flow.loadUser,
    async logout(reason) {
      if (reason) return flow.end(reason);
      if (!(await overlays.dialog.confirm({ message: i18n.t('header.logoutConfirm') }))) return;
      // Ended on the server too, best effort: the request takes the token before it is forgotten and nobody waits
      // for it, so a failure or a hang never keeps the merchant signed in. (A host's setToken(null) never comes
      // here: the host may still use its token.)
      api('authLogout').catch(() => undefined);
      flow.end('user');
    },
    addStyles,
    apiBase: new URL(options.apiBase, doc.baseURI).href,
    get prefetch() {
      return options.prefetch !== false;
    },
    get assets() {
      return assets();
    },
  };

  // ----- reactions: what the host hears about -----
  const originalTitle = doc.title;
  let lastPath = '';
  cleanups.push(
    effect(() => {
      const loc = router.current.value;
      if (!loc) return;
      // A route change for any other reason than back takes the old route's layers with it: none floats over the
      // next screen. (Back with a layer open never gets here: it closed the layer instead.)
      if (lastPath && loc.path !== lastPath) untracked(overlays.closeAll);
      lastPath = loc.path;
      const title = withoutSoftHyphens(i18n.t(loc.route.titleKey));
      if (options.manageTitle) doc.title = title;
      events.emit('route', { path: loc.path, name: loc.route.name, title, canGoBack: router.canGoBack() });
    }),
    () => {
      if (options.manageTitle) doc.title = originalTitle;
    },
  );
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
  // The first language arriving is a change too: this effect sees every write to the language as it happens, so
  // lastLang is never behind.
  let lastLang = i18n.lang.peek();
  cleanups.push(
    // The root declares its language (overlays render inside it, so they inherit it).
    effect(() => {
      dom.root.lang = CONTENT_LANG[i18n.lang.value];
    }),
    effect(() => {
      const lang = i18n.lang.value;
      if (lang === lastLang) return;
      lastLang = lang;
      events.emit('language', { lang });
      void config.load(lang).catch(() => undefined);
    }),
    () => overlays.destroy(),
  );

  // ----- render -----
  const reactRoot = createRoot(dom.root);
  const { App } = shell;

  const start = async (): Promise<void> => {
    try {
      await (firstLanguage ?? i18n.setLanguage(known ?? 'en'));
    } catch {
      // That language failed: English, fetched beside it, is shown if it came.
      if (i18n.ready.peek() === false) await i18n.setLanguage('en').catch(() => undefined);
    }
    firstLanguage = null; // a Retry asks again
    if (destroyed) return;
    if (!i18n.ready.peek()) {
      // No language file at all (offline, a wrong localesBase): say so in the bundle's own few words, retry on a tap.
      reactRoot.render(<BootFailure lang={known ?? 'en'} onRetry={() => void start()} />);
      return;
    }
    // The host's language option is a choice like setLanguage(): the signed-in account takes it too.
    if (options.language && known && i18n.lang.peek() === known) languageChoice.chosenAtMount(known);
    router.start(options.initialRoute);
    started();
    reactRoot.render(
      <AppContext.Provider value={services}>
        <I18nContext.Provider value={i18n}>
          <OverlayContext.Provider value={overlays}>
            <App />
          </OverlayContext.Provider>
        </I18nContext.Provider>
      </AppContext.Provider>,
    );
    // What the first screen does not need waits until it has painted: the first request works out the time zone for
    // its header, and a browser's first Intl call sets up its time zone data (about 35 ms of a phone's CPU).
    cleanups.push(
      afterPaint(win, () => {
        void config.load(i18n.lang.peek()).catch(() => undefined);
        if (session.token.value) flow.warmUp();
      }),
    );
    events.emit('ready', { version: __SDK_VERSION__, route: router.current.peek()?.path ?? '' });
  };
  const ready = start();

  return {
    services,
    ready,
    setToken: (token) => flow.accept(token, !!options.persistToken),
    update(o) {
      const prev = options;
      options = { ...options, ...o, apiBase: prev.apiBase, routing: prev.routing };
      if (o.theme) dom.applyTheme(o.theme);
      dom.setNonce(o.nonce);
      if ('token' in o) flow.accept(o.token ?? null, !!options.persistToken);
      if (o.language) void languageChoice.choose(o.language);
      if (o.manageTitle && !prev.manageTitle) {
        const loc = router.current.peek();
        if (loc) doc.title = withoutSoftHyphens(i18n.t(loc.route.titleKey));
      }
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      life.abort();
      reactRoot.unmount();
      for (const fn of cleanups.splice(0).reverse()) fn();
      stopRestyle();
      router.destroy();
      events.clear();
      dom.destroy();
    },
  };
}
