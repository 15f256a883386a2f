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
