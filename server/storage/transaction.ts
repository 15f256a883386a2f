/**
 * One way to run work in a transaction on both engines. Services pass the handle it gives them down to every
 * repository call, so the work's reads and writes commit or roll back together.
 *
 * SQLite runs one transaction at a time per connection (IMMEDIATE: engine.ts). PostgreSQL runs them side by side at
 * READ COMMITTED, so no check-then-act step may rest on a read alone: each is a conditional write, a unique key or a
 * row lock (`forUpdate`), and a serialization failure or a deadlock the server resolved by aborting this transaction
 * is retried here, from the start, a few times.
 */
import type { Db } from './engine';
import { isPostgres } from './engine';
import { gatherChanges, notifyBeforeCommit, publishAfterCommit } from './changes';

/** PostgreSQL's codes for "run it again": serialization_failure and deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

export interface TransactionOptions {
  /** PostgreSQL's isolation level (default read committed); SQLite's transactions are serializable anyway. */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
}

export function isRetryable(err: unknown): boolean {
  return RETRYABLE.has((err as { code?: string } | null)?.code ?? '');
}

/**
 * Runs `work` in a transaction and answers what it answers; anything it throws rolls everything back and is thrown
 * on. Called with a transaction already open, it joins it (no nesting): the outer one commits. The change notices
 * its writes noted are published with the commit and dropped with a rollback (changes.ts).
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, o: TransactionOptions = {}): Promise<T> {
  if (db.isTransaction) return work(db);
  let changes: Awaited<ReturnType<typeof notifyBeforeCommit>> = [];
  const noting = async (trx: Db): Promise<T> => {
    gatherChanges(trx);
    const answer = await work(trx);
    changes = await notifyBeforeCommit(trx);
    return answer;
  };
  if (!isPostgres(db)) {
    const answer = await db.transaction().execute(noting);
    publishAfterCommit(db, changes);
    return answer;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await db
        .transaction()
        .setIsolationLevel(o.isolation ?? 'read committed')
        .execute(noting);
    } catch (err) {
      if (!isRetryable(err) || attempt >= ATTEMPTS) throw err;
      // A little random wait, growing, so the transactions that collided do not collide again at once.
      await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
    }
  }
}
