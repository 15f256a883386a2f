/**
 * One mounted widget: the wiring of its parts, each in its own module. Everything it creates is owned here and
 * released by destroy(): DOM, listeners, timers, in-flight requests. The kernel knows no screen: the shell (its App,
 * the route table built from the screen groups, their CSS) comes in from the entry point.
 */
import { createRoot } from 'react-dom/client';
import { effect } from '@preact/signals-react';
import * as accountCalls from '../api/calls/account';
import { apiOrigin, createApiClient } from '../api/client';
import { pageAddress, scriptNonce, type AssetOptions } from '../lib/assets';
import { createEmitter } from '../lib/emitter';
import { createStorage } from '../lib/storage';
import { createI18n } from '../i18n/i18n';
import { loadLocale } from '../i18n/locale-files';
import { createRouter } from '../router/router';
import { createConfigStore } from '../stores/config';
import { createLanguageStore } from '../stores/language';
import { createNotificationStore } from '../stores/notifications';
import { createSessionStore } from '../stores/session';
import { createOverlays } from '../ui/overlay/overlays';
import { actRoot } from './act-root';
import { createAuthGuard, startRoute } from './auth-guard';
import { createBackPolicy } from './back-policy';
import { boot, firstLanguage } from './boot';
import type { AppServices } from './context';
import { createCustomerService } from './customer-service';
import { createHostDom, type HostDom } from './dom';
import { createEntryTicketStore } from './entry-ticket';
import { createErrorPolicy } from './error-policy';
import { wireHostEvents } from './host-events';
import { createLanguageChoice } from './language-choice';
import { createLogout } from './logout';
import { createSessionFlow } from './session-flow';
import { baseCss, createStyles } from './styles';

/** The widget's DOM as mount() makes it, before the app starts: the shadow root, its stylesheet and the empty root. */
export const createWidgetDom = (element: HTMLElement, options: MountOptions, shell: Shell): HostDom =>
  createHostDom(element, { css: baseCss(shell.css), nonce: options.nonce ?? scriptNonce, theme: options.theme });
import type { MerchantAdsEvents, MountOptions, Shell } from './types';

export interface Instance {
  services: AppServices;
  ready: Promise<void>;
  update: (o: Partial<MountOptions>) => void;
  /** The host's token (`setToken`): kept in memory unless `persistToken`; null signs out here only (the host may still use it). */
  setToken: (token: string | null) => void;
  destroy: () => void;
}

/**
 * `dom` is the widget's DOM, made at mount (createWidgetDom): the element shows the app's empty frame, at its own
 * size, from then on, however late the app starts.
 */
export function createInstance(
  element: HTMLElement,
  initial: MountOptions,
  shell: Shell,
  dom: HostDom = createWidgetDom(element, initial, shell),
): Instance {
  let options: MountOptions = { ...initial };
  const doc = element.ownerDocument;
  const win = doc.defaultView ?? window;
  const life = new AbortController();
  const cleanups: (() => void)[] = [];
  // ----- i18n, storage, API, stores -----
  const storage = createStorage(options.storagePrefix ?? 'merchant-ads:');
  const events = createEmitter<MerchantAdsEvents>(
    (type, payload) => !!options.onEvent && (options.onEvent(type, payload) as unknown) !== false,
  );
  // A file the page or the loader refuses (an origin not allowed, a Trusted Types policy refused) is the host's to hear.
  const report = (code: string, msg: string) => events.emit('error', { code, msg });
  const assets = (): AssetOptions => ({ assetsBase: options.assetsBase, nonce: options.nonce, report });
  const i18n = createI18n((lang) =>
    loadLocale(lang, { ...assets(), localesBase: options.localesBase, signal: life.signal }),
  );
  // A relative apiBase is read from the page's own address: a <base> element put into the page cannot move it.
  const apiBase = new URL(options.apiBase, pageAddress()).href;
  const session = createSessionStore(storage, apiOrigin(apiBase, pageAddress()), {
    token: options.token,
    persist: options.persistToken,
  });
  // The bare client: screens call the server through the error policy's request().
  const api = createApiClient({
    base: apiBase,
    getToken: () => session.token.value,
    signal: life.signal,
    timeoutMs: options.requestTimeout,
  });
  const config = createConfigStore(storage, api);
  const language = createLanguageStore(storage, i18n, config);
  // Every amount is money in the currency the server's config names (stored with the config, so known at once).
  cleanups.push(
    effect(() => {
      i18n.currency.value = config.config.value.currency ?? '';
    }),
  );
  // The language files are all the first render waits for: ask for them before the rest is built.
  const known = firstLanguage(options, language, config);
  const loading = i18n.setLanguage(known ?? 'en');
  loading.catch(() => undefined); // the boot handles its failure

  // ----- the widget's DOM -----
  const addStyles = createStyles(dom, shell.css, life.signal, cleanups);

  const notifications = createNotificationStore(api);
  const overlays = createOverlays({ t: i18n.t, zIndexBase: options.zIndexBase, assets });
  const customerService = createCustomerService();
  const entryTicket = createEntryTicketStore();

  const router = createRouter({
    mode: options.routing ?? 'hash',
    win,
    routes: shell.routes,
    notFound: shell.routes.find((r) => r.name === '404')!,
    root: () => startRoute(session),
    // The browser's Back while a sheet or dialog is open closes that layer, and the route stays.
    interceptBack: () => overlays.closeTop(),
    guard: createAuthGuard(session, events),
  });

  let routerStarted!: () => void;
  const started = new Promise<void>((ok) => (routerStarted = ok));
  const policy = createErrorPolicy({
    api,
    i18n,
    overlays,
    events,
    router,
    session,
    config,
    language,
    entryTicket,
    openCustomerService: customerService.openCustomerService,
    onEntryPage: () =>
      (router.current.value?.path ?? '').includes('entry') ||
      (options.routing !== 'memory' && win.location.href.includes('entry')),
  });
  // The policy asks the session to end (a call answered "signed out"); the flow, which ends it, listens.
  const flow = createSessionFlow({
    session,
    notifications,
    events,
    router,
    fetchUser: () => policy.request(accountCalls.userInfo),
    started,
  });
  const languageChoice = createLanguageChoice({
    language,
    session,
    saveLang: (lang) => policy.request(accountCalls.userInfoEdit, { lang }, { handles: () => true }),
  });
  cleanups.push(languageChoice.dispose);

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
    ...customerService,
    ...createBackPolicy(overlays, router, events, session),
    signIn: (token, opts = {}) => flow.signIn(token, opts.to),
    loadUser: flow.loadUser,
    logout: createLogout(api, overlays, i18n, flow),
    addStyles,
    apiBase,
    lifetime: life.signal,
    get prefetch() {
      return options.prefetch !== false;
    },
    get assets() {
      return assets();
    },
  };

  const current = () => options;
  const showTitle = wireHostEvents(services, doc, dom.root, current, cleanups);
  cleanups.push(() => overlays.destroy());
  const reactRoot = actRoot(createRoot(dom.root));
  const ready = boot({
    app: services,
    reactRoot,
    win,
    App: shell.App,
    known,
    loading,
    options: current,
    languageChoice,
    flow,
    routerStarted,
    life: life.signal,
    cleanups,
  });
  let destroyed = false;

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
      if (o.manageTitle && !prev.manageTitle) showTitle();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      life.abort();
      reactRoot.unmount();
      for (const fn of cleanups.splice(0).reverse()) fn();
      router.destroy();
      events.clear();
      dom.destroy();
    },
  };
}
