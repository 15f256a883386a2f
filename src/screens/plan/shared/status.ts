import type { PlanStatus } from '../../../api/contract';

/** Statuses a plan is still moving out of by itself (the simulation): the screens showing one keep polling. */
export const MOVING: readonly PlanStatus[] = ['matching', 'puting', 'putFinished', 'waitSettlement'];
export const isMoving = (s: PlanStatus) => MOVING.includes(s);

/** How a status looks: waiting for the merchant, on its way, done, or failed. */
export type StatusTone = 'action' | 'live' | 'done' | 'failed';
export const statusTone = (s: PlanStatus): StatusTone =>
  s === 'waitPut' ? 'action' : s === 'putFailed' ? 'failed' : s === 'settled' ? 'done' : 'live';

/** How often a screen showing a moving plan asks again (while visible and on that screen only). */
export const PLAN_POLL_MS = 5_000;
