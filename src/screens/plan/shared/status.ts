import type { PlanStatus } from '../../../api/shapes/plan';

/** How a status looks: waiting for the merchant, on its way, done, or failed. */
export type StatusTone = 'action' | 'live' | 'done' | 'failed';
export const statusTone = (s: PlanStatus): StatusTone =>
  s === 'waitPut' ? 'action' : s === 'putFailed' ? 'failed' : s === 'settled' ? 'done' : 'live';

/** How often a screen showing a moving plan asks again (while visible and on that screen only). */
export const PLAN_POLL_MS = 5_000;
