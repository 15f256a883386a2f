/**
 * Entry of dist/merchant-ads.metrics.js, the web-vitals reporter the script-tag SDK loads on demand
 * (metrics-load-script.ts): it hands observeVitals to the SDK through an event on its own <script> element.
 */
import { observeVitals } from './metrics';

document.currentScript?.dispatchEvent(new CustomEvent('merchant-ads:metrics', { detail: observeVitals }));
