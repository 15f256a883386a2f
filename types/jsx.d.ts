/**
 * merchant-ads-sdk/jsx (types only): `<merchant-ads>` in React's TSX (React 19 sets an element's known options as
 * properties and listens for `on<event name>`). A React host usually takes `merchant-ads-sdk/react` instead; this
 * is for pages that render the element itself. Use once: `import type {} from 'merchant-ads-sdk/jsx'`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { MerchantAdsElement, MerchantAdsElementEventMap, MerchantAdsElementOptions } from './merchant-ads.js';

type Listeners = {
  [K in keyof MerchantAdsElementEventMap as `on${K & string}`]?: (event: MerchantAdsElementEventMap[K]) => void;
};
/** The options as attributes: `api-base`, `initial-route`, … */
type Kebab<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `-${Lowercase<H>}`}${Kebab<T>}`
  : S;
type Attributes = {
  [K in keyof MerchantAdsElementOptions as K extends 'theme' ? never : Kebab<K & string>]?:
    MerchantAdsElementOptions[K] | string;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'merchant-ads': DetailedHTMLProps<HTMLAttributes<MerchantAdsElement>, MerchantAdsElement> &
        MerchantAdsElementOptions &
        Attributes &
        Listeners;
    }
  }
}

export {};
