/**
 * The transaction password's guess limit (issue 22), kept in the database (users.pay_password_failures and
 * pay_password_locked_until, migration 12) so that a restart forgives nothing.
 *
 * A guess is reserved before the slow hash is checked: one conditional UPDATE counts it as a failure up front, and
 * refuses when the password is locked. The guess that brings the count to PAY_PASSWORD_MAX_FAILURES sets the lock
 * at once (before its own answer is known), so parallel guesses can never take more than the limit's slots, and a
 * process that dies mid-check leaves a lock that expires rather than a count that never does. Then:
 *   - right: the count and the lock are cleared (the merchant remembered it);
 *   - wrong: nothing more to write, it was counted (and locked, if it was the last allowed);
 *   - never checked (the CPU gate refused the hash): given back, and a lock it alone caused goes with it.
 * During the lock even the right password is refused, with the seconds left.
 */
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES } from '../../src/api/contract';
import { stmt, type DB } from '../db/index';

export type PayGuessReservation = { ok: true } | { ok: false; retryAfter: number };

const LOCK_MS = PAY_PASSWORD_LOCK_MINUTES * 60_000;

/** Reserves one guess (counted as a failure until it proves right), or says how many seconds the lock has left. */
export function reservePayGuess(db: DB, userId: number, nowMs: number): PayGuessReservation {
  // An expired lock starts the count afresh at this guess; SET reads the row's old values throughout.
  const taken = stmt(db, `UPDATE users SET
      pay_password_failures = CASE WHEN pay_password_locked_until IS NULL THEN pay_password_failures + 1 ELSE 1 END,
      pay_password_locked_until = CASE
        WHEN (CASE WHEN pay_password_locked_until IS NULL THEN pay_password_failures + 1 ELSE 1 END) >= @max THEN @until
        ELSE NULL END
    WHERE id = @id AND (pay_password_locked_until IS NULL OR pay_password_locked_until <= @now)`)
    .run({ id: userId, now: nowMs, until: nowMs + LOCK_MS, max: PAY_PASSWORD_MAX_FAILURES });
  if (taken.changes === 1) return { ok: true };
  const row = stmt<{ until: number | null }>(db, 'SELECT pay_password_locked_until AS until FROM users WHERE id = ?').get(userId);
  return { ok: false, retryAfter: Math.max(1, Math.ceil(((row?.until ?? nowMs) - nowMs) / 1000)) };
}

/** The reserved guess was right: the count and any lock go. */
export function payGuessRight(db: DB, userId: number): void {
  stmt(db, 'UPDATE users SET pay_password_failures = 0, pay_password_locked_until = NULL WHERE id = ?').run(userId);
}

/**
 * The reserved guess was never checked: it is uncounted, and if the count falls below the limit the lock it set
 * goes too (every lock stands for a full count of reserved guesses).
 */
export function releasePayGuess(db: DB, userId: number): void {
  stmt(db, `UPDATE users SET pay_password_failures = MAX(pay_password_failures - 1, 0),
      pay_password_locked_until = CASE WHEN pay_password_failures - 1 < ? THEN NULL ELSE pay_password_locked_until END
    WHERE id = ? AND pay_password_failures > 0`).run(PAY_PASSWORD_MAX_FAILURES, userId);
}

/** The stored hash, read afresh (a change in another request may have replaced it since the session was read). */
export function payPasswordHash(db: DB, userId: number): string | null {
  return stmt<{ h: string | null }>(db, 'SELECT pay_password_hash AS h FROM users WHERE id = ?').get(userId)?.h ?? null;
}

/** Sets the first password; false when one is set already (also by a parallel request). */
export function setPayPasswordHash(db: DB, userId: number, hash: string, at: string): boolean {
  return stmt(db, 'UPDATE users SET pay_password_hash = ?, updated_at = ? WHERE id = ? AND pay_password_hash IS NULL')
    .run(hash, at, userId).changes === 1;
}

/** Replaces the password (the old one was just proved), starting the count afresh. */
export function replacePayPasswordHash(db: DB, userId: number, hash: string, at: string): void {
  stmt(db, `UPDATE users SET pay_password_hash = ?, pay_password_failures = 0, pay_password_locked_until = NULL, updated_at = ?
    WHERE id = ?`).run(hash, at, userId);
}

/** The test API's and an operator's unlock: the count and the lock go. */
export function clearPayPasswordLock(db: DB, userId: number): void {
  payGuessRight(db, userId);
}
