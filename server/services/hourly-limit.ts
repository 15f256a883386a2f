/**
 * A per-merchant limit over a sliding hour, counted from the rows a merchant made (uploads, feedback). Callers run
 * it inside the transaction that adds the row: it locks the merchant first (storage/limits.ts), so on PostgreSQL a
 * parallel request, even from another process, counts only after this one has committed, and the two cannot both
 * take the last slot.
 */
import type { Db } from '../storage/engine';
import { lockMerchant, recentCreationTimes, type LimitedTable } from '../storage/limits';

export const HOUR_MS = 3_600_000;

/** null if the merchant may add one more row now; else the seconds until the oldest of the hour leaves the window. */
export async function hourlyWait(
  db: Db,
  table: LimitedTable,
  userId: number,
  perHour: number,
  now: Date,
): Promise<number | null> {
  await lockMerchant(db, userId);
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const times = await recentCreationTimes(db, table, userId, since, perHour);
  if (times.length < perHour) return null;
  const oldest = Date.parse(times[times.length - 1]);
  return Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
}
