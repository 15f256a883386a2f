/**
 * How the SDK's other files (route groups, web-vitals) arrive. In the module builds (this file) they are dynamic
 * imports that the host's bundler, or the browser, resolves: nothing to configure. The script-tag build swaps in
 * assets-script.ts (tools/rollup/swaps.mjs), which loads them from beside the script with the CSP nonce, and only from
 * there or from an origin the host allowed from script.
 */
export interface AssetOptions {
  /** Where the script-tag build's files are (mount option `assetsBase`). */
  assetsBase?: string;
  /** The CSP nonce a script element needs (mount option `nonce`). */
  nonce?: string;
  /**
   * A prefetch: fetched at low priority. The script-tag build only brings the file into the browser's HTTP cache
   * (it runs once opened); here the module is imported as it would be when opened.
   */
  low?: boolean;
  /** Told when the page or the loader refuses a file (`code`: why), so the instance tells its host. */
  report?: (code: string, msg: string) => void;
}

/** Runs a dynamic import with the instance's options for the files it fetches. */
export const loadAsset = <T>(_o: AssetOptions, load: () => Promise<T>): Promise<T> => load();

/**
 * The page's own address, which every relative address of the SDK (the API, the language files, the script-tag
 * build's files) resolves against: never document.baseURI, which a `<base>` element injected into the page would
 * move. A page with no address of its own (an about:srcdoc frame) has only its base.
 */
export const pageAddress = (): string => (/^https?:/.test(document.URL) ? document.URL : document.baseURI);

/** The module builds load no file of their own by address: nothing to allow. */
export const allowAssetOrigin = (_url: string): void => undefined;

/**
 * The nonce of the SDK's own <script> element, which the widget's <style> takes when mount() names none. A module
 * has no such element (a page's nonce reaches it only through mount's `nonce`); the script-tag twin reads it.
 */
export const scriptNonce: string = '';

interface HTMLPolicy {
  createHTML: (html: string) => unknown;
}
type TrustedTypes = { createPolicy: (name: string, rules: object) => HTMLPolicy };
let htmlPolicy: HTMLPolicy | null | undefined;
let policyError: unknown;

function policy(): HTMLPolicy | null {
  const types = (globalThis as { trustedTypes?: TrustedTypes }).trustedTypes;
  if (!types) return null;
  if (htmlPolicy === undefined) {
    try {
      htmlPolicy = types.createPolicy('merchant-ads', { createHTML: String });
    } catch (e) {
      // Another copy of the SDK (or a script of the page) made a policy of this name first, or the page's
      // trusted-types directive does not list it: plain strings are tried, which an enforcing page refuses.
      policyError = e;
      htmlPolicy = null;
    }
  }
  return htmlPolicy;
}

/**
 * Operator HTML as a page that requires Trusted Types lets DOMParser take it: through the SDK's one policy,
 * `merchant-ads` (the README names it), made the first time it is needed. RichText parses the text into an inert
 * document and walks it by its allowlist; nothing of it reaches a live document. The script-tag twin asks the
 * loader's policy, which also passes the URLs of the SDK's files (and only those): a page allows a policy name once.
 */
export function trustedHTML(html: string): string {
  // A TrustedHTML, which parseFromString takes; TypeScript's DOM types know only its string form.
  return (policy()?.createHTML(html) as string | undefined) ?? html;
}

/**
 * Makes the policy now, where the page has Trusted Types, and answers the error the host's `error` event names
 * when the page refused it (code 'trusted_types_policy'), else null: two copies of the SDK on one page, or a
 * trusted-types directive without the name, would otherwise fail without a word.
 */
export function trustedTypesProblem(): (Error & { code: string }) | null {
  policy();
  if (htmlPolicy !== null) return null;
  const why = policyError instanceof Error ? policyError.message : String(policyError);
  return Object.assign(new Error(`MerchantAds: the page refused the Trusted Types policy 'merchant-ads' (${why})`), {
    code: 'trusted_types_policy',
  });
}
