import type { AssetOptions } from './assets';

export type { AssetOptions };

/**
 * The script-tag build's file loader (tools/script-loader.js), in scope of every module of the script: it turns a
 * dynamic import into a <script> beside the SDK's file (or `assetsBase`), with the nonce. Not a global: the
 * script's wrapper declares it.
 */
declare const __merchantAdsLoader: {
  /** The CSP nonce of the SDK's own <script> ('' when it has none). */
  nonce: string;
  /** The folder of the SDK's files: `assetsBase` (relative to the page, like `localesBase`), else the script's own. */
  folder(o: AssetOptions): string;
  load<T>(o: AssetOptions, load: () => Promise<T>): Promise<T>;
  /** HTML (or, by `kind`, a script's URL) through the `merchant-ads` Trusted Types policy where the page has them. */
  trust(value: string, kind?: 'createScriptURL'): string;
};

/** See assets.ts: the dynamic import, with where its files are and the nonce they need. */
export const loadAsset: <T>(o: AssetOptions, load: () => Promise<T>) => Promise<T> = __merchantAdsLoader.load;

/** The folder the script-tag build's files are in: the loader's own rule, so languages and files agree. */
export const assetsFolder: (o: AssetOptions) => string = __merchantAdsLoader.folder;

/** The nonce of the SDK's own <script>: the default of mount's `nonce` for the widget's <style>, as for its files. */
export const scriptNonce: string = __merchantAdsLoader.nonce;

/** See assets.ts: operator HTML for DOMParser, through the loader's Trusted Types policy (the page's one `merchant-ads`). */
export const trustedHTML: (html: string) => string = __merchantAdsLoader.trust;
