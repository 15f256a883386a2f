/**
 * The wallet's figures (`/user/property`; docs/product.md, "Money"): what the coupons screen shows as the discount amount its
 * wallet coupons are redeemed into, and what the wallet screen will show. Read in one query with the derived
 * "to be consumed" (services/wallet.ts).
 *
 * total_assets is the merchant's money in the account: available balance + to be consumed + to be settled. The
 * discount amount is not in it: it is credit for puts, which cannot be withdrawn.
 */
import type { Property } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import { findWalletFigures } from '../storage/wallet';
import { fromCents } from '../../src/lib/money';
import type { Zone } from './ad-center/zone';
import type { UserRow } from './users';
import { toBeConsumedCents } from './wallet';
import { withdrawLeftTodayCents } from './withdraw-limit';

/** `zone` and `nowMs`: the merchant's day (X-TZ) and the moment, for what the daily withdrawal limit leaves today. */
export async function propertyOf(db: Db, user: UserRow, zone: Zone, nowMs: number): Promise<Property> {
  const w = (await findWalletFigures(db, user.id)) ?? { balance_cents: 0, to_be_settled_cents: 0, discount_cents: 0 };
  const toBeConsumed = await toBeConsumedCents(db, user.id);
  const left = await withdrawLeftTodayCents(db, user.id, zone, nowMs);
  return {
    total_assets: fromCents(w.balance_cents + toBeConsumed + w.to_be_settled_cents),
    balance: fromCents(w.balance_cents),
    to_be_consumed: fromCents(toBeConsumed),
    to_be_settled: fromCents(w.to_be_settled_cents),
    discount_amount: fromCents(w.discount_cents),
    pay_password_set: user.pay_password_hash !== null,
    startup_funds_returned: user.startup_funds_returned === 1,
    withdraw_left_today: left === null ? null : fromCents(left),
  };
}
