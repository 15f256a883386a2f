/**
 * What per-merchant limits count, and the lock that makes a count and the insert after it one step.
 *
 * On PostgreSQL (READ COMMITTED, several processes) two transactions could both count "one slot left" and both
 * insert. Each limited write therefore locks the merchant's users row first: the second waits for the first to
 * commit, and its count, read after the lock, includes the first's row. SQLite's transactions are exclusive
 * already, so there the lock is a plain read.
 */
import type { Db } from './engine';
import { isPostgres } from './engine';

/**
 * Holds the merchant's users row until the transaction ends (PostgreSQL), so the merchant's limited writes are
 * judged one after another. Answers false when there is no such merchant.
 */
export async function lockMerchant(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    // FOR NO KEY UPDATE: as exclusive between two limited writes as FOR UPDATE, but it does not hold up inserts
    // elsewhere that only reference the merchant (their foreign-key checks take a key-share lock on this row).
    .$if(isPostgres(db), (qb) => qb.forNoKeyUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

/** The tables whose rows are limited per merchant and hour. */
export type LimitedTable = 'uploads' | 'feedback';

/** The creation times (ISO) of the merchant's newest rows made after `since`, newest first, at most `limit`. */
export async function recentCreationTimes(
  db: Db,
  table: LimitedTable,
  userId: number,
  since: string,
  limit: number,
): Promise<string[]> {
  // Both tables have user_id and created_at (text); the builder is typed against one of them.
  const rows = await db
    .selectFrom(table as 'uploads')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.created_at);
}
