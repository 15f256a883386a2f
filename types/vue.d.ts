/**
 * merchant-ads-sdk/vue (types only): `<merchant-ads>` in Vue templates, for vue-tsc and editors. Vue renders it as
 * the custom element (the compiler option `isCustomElement` says so); these types let vue-tsc check its options
 * (`api-base`, `:theme`, …) and listeners (`@merchant-ads:ready`, …). Use once in the app:
 * `/// <reference types="merchant-ads-sdk/vue" />` in a .d.ts, or `import type {} from 'merchant-ads-sdk/vue'`.
 */
import type { MerchantAdsElementEventMap, MerchantAdsElementOptions } from './merchant-ads.js';

/** Vue's own spelling of a listener's prop: `merchant-ads:open-url` is `onMerchantAds:openUrl`. */
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type Listeners = {
  [K in keyof MerchantAdsElementEventMap as `on${Capitalize<Camel<K & string>>}`]?: (
    event: MerchantAdsElementEventMap[K],
  ) => void;
};

declare module 'vue' {
  interface GlobalComponents {
    'merchant-ads': new () => { $props: MerchantAdsElementOptions & Listeners };
  }
}

export {};
