/** Advertising plans: their statuses, a plan as the lists and the detail show it, and what a put answers. */
import type { Page } from './page';

export const PLAN_STATUSES = [
  'waitPut',
  'matching',
  'puting',
  'putFailed',
  'putFinished',
  'waitSettlement',
  'settled',
] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The statuses a plan leaves by itself (the server's simulation moves it on): screens showing one keep asking. */
export const MOVING_PLAN_STATUSES = [
  'matching',
  'puting',
  'putFinished',
  'waitSettlement',
] as const satisfies readonly PlanStatus[];
export const isMovingStatus = (s: string): boolean => (MOVING_PLAN_STATUSES as readonly string[]).includes(s);

export interface Product {
  id: number;
  name: string;
  image: string;
  price: string;
  description: string;
}
/**
 * An advertising plan (an order). Its life (server/services/plans): waitPut → matching (put: the balance paid) →
 * puting (delivered step by step) → putFinished → waitSettlement → settled (revenue and profit credited), or
 * matching → putFailed (the money returned).
 */
export interface Plan {
  id: number;
  plan_no: string;
  /** What the plan delivers: the amount put ("0.00" while waiting to be put). */
  put_amount: string;
  /** Percent of the put amount delivered so far, 0–100. */
  put_progress: number;
  create_time: string;
  product: Product;
  content: string;
  rule: string;
  user_targeting: string;
  official: boolean;
  status: PlanStatus;
  lowest_put_amount: string;
  highest_put_amount: string;
}
/** A plan's delivery so far. profit = revenue − consumed (negative when delivery earned less than it cost). */
export interface PlanFigures {
  impressions: number;
  clicks: number;
  consumed: string;
  revenue: string;
  profit: string;
}
/** One status the plan entered, and when: the detail's timeline, oldest first (the first is waitPut at creation). */
export interface PlanEvent {
  status: PlanStatus;
  time: string;
}
export interface PlanDetail extends Plan {
  figures: PlanFigures;
  timeline: PlanEvent[];
  /** What the put took from the balance (put amount minus the coupon's reduction); null before the put. */
  paid: string | null;
  /** The put coupon's reduction; null without one. */
  coupon_discount: string | null;
}
/** How many of the merchant's plans are in each status, and in all: the tabs' counts. */
export type PlanCounts = Record<PlanStatus | 'all', number>;
/** A page of one status's plans (without a status: all), newest first, with every tab's count. */
export interface PlanPage extends Page<Plan> {
  counts: PlanCounts;
}
/** What a put did: the plan now, the balance after it, and what it took from the balance. */
export interface PutResult {
  plan: Plan;
  balance: string;
  paid: string;
}
