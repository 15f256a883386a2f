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
  /** The page's own address (never a `<base>`'s), which the SDK's relative addresses resolve against. */
  page: () => string;
  /** The folder of the SDK's files: `assetsBase` (relative to the page, like `localesBase`), else the script's own. */
  folder: (o: AssetOptions) => string;
  /** Lets files from the origin of `url` run (an address the host gave from script). */
  allow: (url: string) => void;
  /** Null when `url` is one of the SDK's files (its folder's, or an allowed origin's); else the error saying why. */
  check: (url: string) => (Error & { code: string }) | null;
  load: <T>(o: AssetOptions, load: () => Promise<T>) => Promise<T>;
  /** HTML (or, by `kind`, a script's URL) through the `merchant-ads` Trusted Types policy where the page has them. */
  trust: (value: string, kind?: 'createScriptURL') => string;
  /** Makes the policy now; the error when the page refused it (its `code` is 'trusted_types_policy'), else null. */
  policyProblem: () => (Error & { code: string }) | null;
};

/** See assets.ts: the dynamic import, with where its files are and the nonce they need. */
export const loadAsset: <T>(o: AssetOptions, load: () => Promise<T>) => Promise<T> = __merchantAdsLoader.load;

/** The folder the script-tag build's files are in: the loader's own rule, so languages and files agree. */
export const assetsFolder: (o: AssetOptions) => string = __merchantAdsLoader.folder;

/** See assets.ts: the loader's own rule, so the app and its files resolve alike. */
export const pageAddress: () => string = __merchantAdsLoader.page;

/** See assets.ts: files from this origin may run (the host named it from script). */
export const allowAssetOrigin: (url: string) => void = __merchantAdsLoader.allow;

/** Null when the file at `url` is the SDK's to use, else the error the host's `error` event names. */
export const assetRefusal: (url: string) => (Error & { code: string }) | null = __merchantAdsLoader.check;

/** The nonce of the SDK's own <script>: the default of mount's `nonce` for the widget's <style>, as for its files. */
export const scriptNonce: string = __merchantAdsLoader.nonce;

/** See assets.ts: operator HTML for DOMParser, through the loader's Trusted Types policy (the page's one `merchant-ads`). */
export const trustedHTML: (html: string) => string = __merchantAdsLoader.trust;

/** See assets.ts. */
export const trustedTypesProblem: () => (Error & { code: string }) | null = __merchantAdsLoader.policyProblem;
