/**
 * The plans' statuses and the put's request schema, in a module of their own (re-exported by the contract, as
 * coupon-use.ts is): a constant the contract module declares lands in the script tag's core with it, while only
 * the plan screens (a file loaded on demand) and the server read these.
 */
import { bool, int, money, obj, opt, str } from './schema';

export const PLAN_STATUSES = ['waitPut', 'matching', 'puting', 'putFailed', 'putFinished', 'waitSettlement', 'settled'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The statuses a plan leaves by itself (the server's simulation moves it on): screens showing one keep asking. */
export const MOVING_PLAN_STATUSES = ['matching', 'puting', 'putFinished', 'waitSettlement'] as const satisfies readonly PlanStatus[];
export const isMovingStatus = (s: string): boolean => (MOVING_PLAN_STATUSES as readonly string[]).includes(s);

export const planPutSchema = obj({
  id: int({ min: 1 }), amount: money({ positive: true }), official: bool(),
  /** A put coupon the merchant holds (user coupon id). */
  coupon_id: opt(int({ min: 1 })),
  request_id: str({ min: 8, max: 64 }),
});
