import type { observeVitals } from './metrics';

// Captured while the SDK script runs (document.currentScript is only known then): the metrics file sits beside it.
const SCRIPT_URL: string = (() => {
  try {
    return typeof document !== 'undefined' ? import.meta.url : '';
  } catch {
    return '';
  }
})();

/** The event merchant-ads.metrics.js dispatches on its own <script> element (metrics-script.ts). */
export const METRICS_EVENT = 'merchant-ads:metrics';

let loading: Promise<typeof observeVitals> | null = null;

/**
 * The script-tag build's loadMetrics (see metrics-load.ts): web-vitals lives in merchant-ads.metrics.js beside the
 * SDK's script, loaded once per page with the page's CSP nonce. The file hands its reporter over through an event
 * on its own <script> element, so it adds no global.
 */
export function loadMetrics(nonce?: string): Promise<typeof observeVitals> {
  return (loading ??= new Promise<typeof observeVitals>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = new URL('merchant-ads.metrics.js', SCRIPT_URL || document.baseURI).href;
    s.async = true;
    if (nonce) s.nonce = nonce;
    s.addEventListener(METRICS_EVENT, (e) => resolve((e as CustomEvent<typeof observeVitals>).detail));
    s.onload = s.onerror = () => {
      s.remove();
      reject(new Error(`could not load ${s.src}`)); // a no-op once the event has resolved it
    };
    document.head.appendChild(s);
  }).catch((e: unknown) => {
    loading = null; // a later mount may try again
    throw e;
  }));
}
