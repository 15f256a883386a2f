/**
 * How the SDK's other files (route groups, web-vitals) arrive. In the module builds (this file) they are dynamic
 * imports that the host's bundler, or the browser, resolves: nothing to configure. The script-tag builds swap in
 * assets-script.ts (rollup.config.mjs), which loads them from beside the script with the CSP nonce.
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
}

/** Runs a dynamic import with the instance's options for the files it fetches. */
export const loadAsset = <T>(_o: AssetOptions, load: () => Promise<T>): Promise<T> => load();

/**
 * The nonce of the SDK's own <script> element, which the widget's <style> takes when mount() names none. A module
 * has no such element (a page's nonce reaches it only through mount's `nonce`); the script-tag twin reads it.
 */
export const scriptNonce: string = '';

interface HTMLPolicy {
  createHTML(html: string): unknown;
}
let htmlPolicy: HTMLPolicy | undefined;

/**
 * Operator HTML as a page that requires Trusted Types lets DOMParser take it: through the SDK's one policy,
 * `merchant-ads` (the README names it), made the first time it is needed. RichText parses the text into an inert
 * document and walks it by its allowlist; nothing of it reaches a live document. The script-tag twin asks the
 * loader's policy, which also passes the URLs of the SDK's files: a page allows a policy name once.
 */
export function trustedHTML(html: string): string {
  const types = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: object): HTMLPolicy } }).trustedTypes;
  if (!types) return html;
  htmlPolicy ??= types.createPolicy('merchant-ads', { createHTML: String });
  // A TrustedHTML, which parseFromString takes; TypeScript's DOM types know only its string form.
  return htmlPolicy.createHTML(html) as string;
}
