import type { observeVitals } from './metrics';

/**
 * Loads the web-vitals reporter on demand. This is the module build's way (a dynamic import chunk); the script-tag
 * build swaps this file for metrics-load-script.ts (rollup.config.mjs), which loads merchant-ads.metrics.js instead.
 */
export const loadMetrics = (_nonce?: string): Promise<typeof observeVitals> => import('./metrics').then((m) => m.observeVitals);
