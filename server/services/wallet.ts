/**
 * Wallet figures that are derived rather than stored. "To be consumed" is money put into live plans
 * (matching or in delivery) that delivery has not spent yet: the plans hold both halves (put amount, consumed),
 * and delivery moves `consumed_cents` hour by hour, so a stored copy would have to follow every one of those
 * writes. It is computed here, the one definition everyone calls (the overview now, the wallet screen next).
 */
import { stmt, type DB } from '../db/index';

/** Plan statuses whose unspent put amount is still waiting to be delivered. */
export const LIVE_PLAN_STATUSES = ['matching', 'puting'] as const;
const LIVE = `(${LIVE_PLAN_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** Integer cents put into the merchant's live plans and not yet consumed by delivery (never negative). */
export function toBeConsumedCents(db: DB, userId: number): number {
  const { cents } = stmt<{ cents: number }>(db, `SELECT COALESCE(SUM(MAX(0, put_amount_cents - consumed_cents)), 0) AS cents
    FROM plans WHERE user_id = ? AND status IN ${LIVE}`).get(userId)!;
  return cents;
}
