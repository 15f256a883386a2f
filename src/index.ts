/**
 * Merchant Ads SDK: `mount(element, options)` renders the whole merchant app into an open shadow root on
 * `element`. Importing this module has no side effects (safe under SSR); everything starts in mount().
 */
import { loadAsset } from './lib/assets';
import { nextTask } from './lib/after-paint';
import { afterHostPaint } from './lib/host-paint';
import { mount, mountApp } from './mount';
import type {
  DefineOptions,
  MerchantAdsElement,
  MerchantAdsElementClass,
  MerchantAdsElementEventMap,
  MerchantAdsElementOptions,
} from './app/element';
import type { Loading, MerchantAdsApp, MerchantAdsEvents, MountOptions } from './app/types';

export type {
  DefineOptions,
  Loading,
  MerchantAdsApp,
  MerchantAdsElement,
  MerchantAdsElementClass,
  MerchantAdsElementEventMap,
  MerchantAdsElementOptions,
  MerchantAdsEvents,
  MountOptions,
};
export const version: string = __SDK_VERSION__;
export { mount };

/**
 * Defines the `<merchant-ads>` element (or the element under `tag`) that mounts the app where a page puts it, and
 * settles with its class. Nothing is defined until this is called; a second call, or one for a tag defined already,
 * keeps what is there (and adds its `allowedOrigins`). The element is a file of its own, loaded by this call once
 * the page has painted its own content (beside the script, with its nonce, in the script-tag build): a page that
 * mounts by hand never fetches it.
 * Elements already in the page upgrade once it is defined. In a browser only (it needs customElements).
 *
 * Markup is not trusted as script is: an attribute names an address (`api-base`, `locales-base`, `assets-base`)
 * on the page's own origin (the SDK's own folder for `assets-base`) or on one of `allowedOrigins`, given here.
 */
export function define(options?: string | DefineOptions): Promise<MerchantAdsElementClass> {
  const o = typeof options === 'string' ? { tag: options } : (options ?? {});
  // The element's file waits for the page's own first paint, as everything the widget fetches does, and is asked
  // for in a task of its own (not in the one that ran the script, often its load event's).
  return new Promise<void>((painted) => afterHostPaint(window, painted))
    .then(() => nextTask(window))
    .then(() => loadAsset({}, () => import('./app/element')))
    .then((m) => m.defineElement(mountApp, o));
}
