/**
 * mount(), as the host's script calls it, and mountApp(), as the `<merchant-ads>` element does: the element's
 * attributes may be markup someone else wrote, so its `assets-base` is not the host's word.
 */
import { createInstance } from './app/instance';
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
export function mountApp(element: HTMLElement, options: MountOptions): MerchantAdsApp {
  if (!element || typeof (element as HTMLElement).attachShadow !== 'function') {
    throw new TypeError('MerchantAds.mount: the first argument must be an HTML element that can host a shadow root');
  }
  if (!options || typeof options.apiBase !== 'string' || !options.apiBase) {
    throw new TypeError('MerchantAds.mount: options.apiBase is required (for example "/api")');
  }
  if (live.has(element)) {
    throw new Error('MerchantAds.mount: this element already holds a mounted app; call unmount() on it first');
  }
  live.add(element);
  const instance = createInstance(element, options, shell);
  const { services } = instance;
  let stopMetrics: (() => void) | null = null;
  let unmounted = false;

  const app: MerchantAdsApp = {
    ready: instance.ready,
    navigate: (path) => services.router.navigate(path),
    back: () => services.back(),
    setToken: (token) => instance.setToken(token),
    openCustomerService: (o) => services.openCustomerService({ mode: o?.mode }),
    setLanguage: async (code) => {
      await services.chooseLanguage(code);
    },
    on(type, cb) {
      const off = services.events.on(type, cb);
      if (type === 'metric') startMetrics();
      return off;
    },
    update: (o) => {
      instance.update(o);
      if (o.metrics) startMetrics();
    },
    unmount() {
      if (unmounted) return;
      unmounted = true;
      stopMetrics?.();
      instance.destroy();
      live.delete(element);
    },
  };

  // web-vitals observes the whole page and cannot be torn down, so it is loaded only for hosts that ask: a file of
  // its own (beside the script, with the CSP nonce, in the script-tag build).
  function startMetrics() {
    if (stopMetrics || unmounted) return;
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
  if (options.metrics) startMetrics();
  // A page that refuses the SDK's Trusted Types policy would refuse its files later, without a word: the host hears
  // it now, once it has had the chance to listen (right after mount returns).
  const refused = trustedTypesProblem();
  if (refused) queueMicrotask(() => unmounted || services.events.emit('error', { code: refused.code, msg: refused.message }));
  return app;
}
