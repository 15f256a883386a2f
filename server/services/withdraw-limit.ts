/**
 * The level's daily withdrawal limit (the `withdraw_limit` benefit: money a merchant day). The day is the merchant's
 * local day as the daily claims count it (daily-claims.ts): the X-TZ zone, unless a switch to it is too soon after
 * the last withdrawal in another zone, so a zone switch cannot make a second day. Today's withdrawals are the
 * `manual_withdrawal` rows stamped within that day. A level without the benefit has no limit.
 */
import type { Db } from '../storage/engine';
import { withdrawnBetween } from '../storage/wallet';
import { parseCents } from '../../src/lib/money';
import { levelBenefit } from './ad-center/levels';
import { addDays, localDay, parseDay, startOfDay, type Zone } from './ad-center/zone';
import { claimDayZone, recordClaimZone } from './daily-claims';

const KIND = 'withdraw';

/** The zone today's withdrawals are counted in. */
const dayZone = async (db: Db, userId: number, zone: Zone, nowMs: number): Promise<Zone> =>
  claimDayZone(db, userId, KIND, zone, nowMs);

/** What the merchant may still withdraw today, in cents (never below 0); null when its level has no limit. */
export async function withdrawLeftTodayCents(
  db: Db,
  userId: number,
  zone: Zone,
  nowMs: number,
): Promise<number | null> {
  const value = await levelBenefit(db, userId, 'withdraw_limit');
  const limit = value === undefined ? null : parseCents(value);
  if (limit === null) return null;
  const z = await dayZone(db, userId, zone, nowMs);
  const day = parseDay(localDay(nowMs, z));
  const from = new Date(startOfDay(day, z)).toISOString();
  const to = new Date(startOfDay(addDays(day, 1), z)).toISOString();
  const taken = await withdrawnBetween(db, userId, from, to);
  return Math.max(0, limit - taken);
}

/** Records the zone a withdrawal was counted in (inside its transaction), as a daily claim records its own. */
export async function recordWithdrawalDay(db: Db, userId: number, zone: Zone, nowMs: number): Promise<void> {
  await recordClaimZone(db, userId, KIND, await dayZone(db, userId, zone, nowMs), nowMs);
}
