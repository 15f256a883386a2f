/**
 * mount(), as the host's script calls it, and mountApp(), as the `<merchant-ads>` element does: the element's
 * attributes may be markup someone else wrote, so its `assets-base` is not the host's word.
 */
import { createInstance, createWidgetDom, type Instance } from './app/instance';
import { loadingMode, startGate } from './app/start-gate';
import { shell } from './shell';
import { allowAssetOrigin, loadAsset, trustedTypesProblem } from './lib/assets';
import type { MerchantAdsApp, MountOptions } from './app/types';

// Which elements hold a live widget: a WeakSet, so it never keeps an element alive or leaks across pages.
const live = new WeakSet<Element>();

/**
 * Mounts the app. What a host's script passes is the host's word: an `assetsBase` given here (or to update()) lets
 * the script-tag build run files from its origin. Markup is not (the element mounts through mountApp).
 */
export function mount(element: HTMLElement, options: MountOptions): MerchantAdsApp {
  if (options?.assetsBase) allowAssetOrigin(options.assetsBase);
  const app = mountApp(element, options);
  const update = app.update;
  app.update = (o) => {
    if (o.assetsBase) allowAssetOrigin(o.assetsBase);
    update(o);
  };
  return app;
}

/** mount() without taking its `assetsBase` as the host's word: the loader runs files of the SDK's folder only. */
export function mountApp(element: HTMLElement, given: MountOptions): MerchantAdsApp {
  if (!element || typeof element.attachShadow !== 'function') {
    throw new TypeError('MerchantAds.mount: the first argument must be an HTML element that can host a shadow root');
  }
  if (!given || typeof given.apiBase !== 'string' || !given.apiBase) {
    throw new TypeError('MerchantAds.mount: options.apiBase is required (for example "/api")');
  }
  if (live.has(element)) {
    throw new Error('MerchantAds.mount: this element already holds a mounted app; call unmount() on it first');
  }
  live.add(element);
  let options: MountOptions = { ...given };
  const dom = createWidgetDom(element, options, shell);
  // Until the app starts (the `loading` option), the handle keeps what the host asks of it, in order.
  let instance: Instance | null = null;
  let stopMetrics: (() => void) | null = null;
  let booted = false;
  let unmounted = false;
  const waiting: ((i: Instance) => void)[] = [];
  const whenStarted = (fn: (i: Instance) => void) => (instance ? fn(instance) : waiting.push(fn));
  // The app once started; null when it was unmounted first (its `ready` settles then too, as an unmounted app's does).
  let startedApp!: (i: Instance | null) => void;
  const started = new Promise<Instance | null>((ok) => (startedApp = ok));
  let cancelStart: () => void = () => undefined;
  const start = () => {
    if (instance || unmounted) return;
    cancelStart();
    instance = createInstance(element, options, shell, dom);
    void instance.ready.then(() => (booted = true));
    for (const fn of waiting.splice(0)) fn(instance);
    startedApp(instance);
    if (options.metrics) startMetrics();
  };
  cancelStart = startGate(element, loadingMode(options.loading), start);
  /** What needs the app running starts it now: the host has asked for it. */
  const now = <T>(fn: (i: Instance) => T): T => {
    start();
    return fn(instance!);
  };

  const app: MerchantAdsApp = {
    ready: started.then((i) => i?.ready),
    navigate(path) {
      // Before the first screen the path is where the app starts; after it, a navigation.
      if (!instance) options = { ...options, initialRoute: path };
      now((i) =>
        booted ? i.services.router.navigate(path) : void i.ready.then(() => i.services.router.navigate(path)),
      );
    },
    back: () => now((i) => i.services.back()),
    setToken: (token) => whenStarted((i) => i.setToken(token)),
    openCustomerService: (o) => now((i) => i.services.openCustomerService({ mode: o?.mode })),
    setLanguage: async (code) => {
      await (await started)?.services.chooseLanguage(code);
    },
    on(type, cb) {
      let off: (() => void) | null = null;
      let listening = true;
      whenStarted((i) => {
        if (!listening) return;
        off = i.services.events.on(type, cb);
        if (type === 'metric') startMetrics();
      });
      return () => {
        listening = false;
        off?.();
      };
    },
    update: (o) => {
      if (instance) instance.update(o);
      else {
        // Read at the start, as mount's own options are (the token is the session's to take, so it waits for it).
        const { token, ...rest } = o;
        options = { ...options, ...rest, apiBase: options.apiBase, routing: options.routing };
        if (o.theme) dom.applyTheme(o.theme);
        dom.setNonce(o.nonce);
        if ('token' in o) whenStarted((i) => i.update({ token }));
      }
      if (o.metrics) startMetrics();
    },
    unmount() {
      if (unmounted) return;
      unmounted = true;
      cancelStart();
      stopMetrics?.();
      if (instance) instance.destroy();
      else {
        dom.destroy();
        startedApp(null);
      }
      live.delete(element);
    },
  };

  // web-vitals observes the whole page and cannot be torn down, so it is loaded only for hosts that ask: a file of
  // its own (beside the script, with the CSP nonce, in the script-tag build).
  function startMetrics() {
    if (stopMetrics || unmounted || !instance) return;
    const { services } = instance;
    let active = true;
    stopMetrics = () => (active = false);
    loadAsset(services.assets, () => import('./lib/metrics')).then(
      ({ observeVitals }) =>
        observeVitals((m) => {
          if (active) services.events.emit('metric', m);
        }),
      () => {
        stopMetrics = null; // not loaded: a later on('metric') or update({ metrics }) tries again
      },
    );
  }
  // A page that refuses the SDK's Trusted Types policy would refuse its files later, without a word: the host hears
  // it now, once it has had the chance to listen (right after mount returns).
  const refused = trustedTypesProblem();
  if (refused)
    queueMicrotask(
      () =>
        unmounted || whenStarted((i) => i.services.events.emit('error', { code: refused.code, msg: refused.message })),
    );
  return app;
}
