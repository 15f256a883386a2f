/**
 * Guesses at secrets, as rows every server process sees (services/attempts.ts keeps the rules): one row per guess
 * under a key, `pending` while it is being checked, `failed` once it proved wrong; a right guess removes its key's
 * rows. A key's rows are judged and written with the key's row in `guess_keys` locked, so two processes cannot
 * both take the last slot.
 */
import type { Db } from './engine';

/** A guess inside the window: failed, or pending (timed from when it was reserved). */
export interface Guess {
  at: number;
  state: 'pending' | 'failed';
}

/**
 * Locks `key` for the rest of the caller's transaction, making its row if it has none: one statement, since an
 * upsert that updates locks the row it lands on (PostgreSQL), and a SQLite transaction holds the file's write lock.
 */
export async function lockGuessKey(db: Db, key: string): Promise<void> {
  await db
    .insertInto('guess_keys')
    .values({ key })
    .onConflict((oc) => oc.column('key').doUpdateSet({ key }))
    .execute();
}

/** The guesses under `key` made after `since` (epoch ms), oldest first; older ones are deleted on the way. */
export async function recentGuesses(db: Db, key: string, since: number): Promise<Guess[]> {
  await db.deleteFrom('guess_attempts').where('key', '=', key).where('at', '<=', since).execute();
  return db
    .selectFrom('guess_attempts')
    .select(['at', 'state'])
    .where('key', '=', key)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** A pending guess under `key`; answers its id. */
export async function insertPendingGuess(db: Db, key: string, at: number): Promise<number> {
  const row = await db
    .insertInto('guess_attempts')
    .values({ key, at, state: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The pending guess `id` proved wrong, at `at`. */
export async function markGuessFailed(db: Db, id: number, at: number): Promise<void> {
  await db.updateTable('guess_attempts').set({ state: 'failed', at }).where('id', '=', id).execute();
}

/** Forgets one guess (never checked). */
export async function deleteGuess(db: Db, id: number): Promise<void> {
  await db.deleteFrom('guess_attempts').where('id', '=', id).execute();
}

/** A right guess: the key's failures are forgiven (other guesses still pending stay pending), and this one goes. */
export async function clearGuessFailures(db: Db, key: string, id: number): Promise<void> {
  await db
    .deleteFrom('guess_attempts')
    .where('key', '=', key)
    .where((eb) => eb.or([eb('state', '=', 'failed'), eb('id', '=', id)]))
    .execute();
}
