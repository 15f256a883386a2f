/**
 * Merchant Ads SDK: `mount(element, options)` renders the whole merchant app into an open shadow root on
 * `element`. Importing this module has no side effects (safe under SSR); everything starts in mount().
 */
import { createInstance } from './app/instance';
import { shell } from './shell';
import { loadAsset } from './lib/assets';
import type { MerchantAdsElement, MerchantAdsElementClass, MerchantAdsElementEventMap, MerchantAdsElementOptions } from './app/element';
import type { MerchantAdsApp, MerchantAdsEvents, MountOptions } from './app/types';

export type { MerchantAdsApp, MerchantAdsElement, MerchantAdsElementClass, MerchantAdsElementEventMap, MerchantAdsElementOptions, MerchantAdsEvents, MountOptions };
export const version: string = __SDK_VERSION__;

// Which elements hold a live widget: a WeakSet, so it never keeps an element alive or leaks across pages.
const live = new WeakSet<Element>();

export function mount(element: HTMLElement, options: MountOptions): MerchantAdsApp {
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
      if (o.nonce !== undefined) nonce = o.nonce;
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
  let nonce = options.nonce;
  function startMetrics() {
    if (stopMetrics || unmounted) return;
    let active = true;
    stopMetrics = () => (active = false);
    loadAsset({ nonce, assetsBase: options.assetsBase }, () => import('./lib/metrics')).then(
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
  return app;
}

/**
 * Defines the `<merchant-ads>` element (or the element under `tag`) that mounts the app where a page puts it, and
 * settles with its class. Nothing is defined until this is called; a second call, or one for a tag defined already,
 * keeps what is there. The element is a file of its own, loaded by this call (beside the script, with its nonce, in
 * the script-tag build): a page that mounts by hand never fetches it. Elements already in the page upgrade once it
 * is defined. In a browser only (it needs customElements).
 */
export function define(tag?: string): Promise<MerchantAdsElementClass> {
  return loadAsset({}, () => import('./app/element')).then((m) => m.defineElement(mount, tag));
}
