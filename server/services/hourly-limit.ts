/**
 * A per-merchant limit over a sliding hour, counted from the rows a merchant made (uploads, feedback): callers run
 * it inside the immediate transaction that adds the row, so parallel requests cannot pass it together.
 */
import { stmt, type DB } from '../db/index';

export const HOUR_MS = 3_600_000;

/** The tables whose rows are limited per merchant and hour (a fixed list: the name goes into the SQL). */
type Limited = 'uploads' | 'feedback';

/** null if the merchant may add one more row now; else the seconds until the oldest of the hour leaves the window. */
export function hourlyWait(db: DB, table: Limited, userId: number, perHour: number, now: Date): number | null {
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const rows = stmt<{ created_at: string }>(db, `SELECT created_at FROM ${table} WHERE user_id = ? AND created_at > ?
    ORDER BY created_at DESC LIMIT ?`).all(userId, since, perHour);
  if (rows.length < perHour) return null;
  const oldest = Date.parse(rows[rows.length - 1]!.created_at);
  return Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
}
