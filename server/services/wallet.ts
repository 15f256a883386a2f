/**
 * Wallet figures that are derived rather than stored. "To be consumed" is money put into live plans
 * (matching or in delivery) that delivery has not spent yet: the plans hold both halves (put amount, consumed),
 * and delivery moves `consumed_cents` hour by hour, so a stored copy would have to follow every one of those
 * writes. It is computed here, the one definition everyone calls (the overview now, the wallet screen next).
 */
import type { Db } from '../storage/engine';
import { unconsumedPutCents } from '../storage/wallet';

/** Plan statuses whose unspent put amount is still waiting to be delivered. */
export const LIVE_PLAN_STATUSES = ['matching', 'puting'] as const;

/** Integer cents put into the merchant's live plans and not yet consumed by delivery (never negative). */
export async function toBeConsumedCents(db: Db, userId: number): Promise<number> {
  return unconsumedPutCents(db, userId, LIVE_PLAN_STATUSES);
}
