/**
 * The transaction password's guess limit (docs/product.md, "Transaction password"), kept in the database (users.pay_password_failures and
 * pay_password_locked_until, migration 12) so that a restart forgives nothing.
 *
 * A guess is reserved as its slow hash starts (http/pay-guess.ts): one conditional UPDATE counts it as a failure up
 * front and refuses when the password is locked or the count (failures and guesses being checked) is at the limit,
 * so parallel guesses can never have more than PAY_PASSWORD_MAX_FAILURES checked. Then:
 *   - right: the count and any lock are cleared (the merchant remembered it);
 *   - wrong: it stays counted, and the guess that makes the count reach the limit locks the password for
 *     PAY_PASSWORD_LOCK_MINUTES, during which even the right password is refused.
 * A count at the limit with no lock and nothing being checked (a process died mid-check) is locked as if the
 * guesses it counted were wrong (lockUnsettled): unknown means wrong.
 */
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES } from '../../src/api/shapes/wallet';
import { stmt, type DB } from '../db/index';

/** A reservation: taken, refused by the lock (seconds left), or refused while the limit is full of guesses in flight. */
export type PayGuessReservation = { ok: true } | { ok: false; locked: number } | { ok: false; full: true };

const LOCK_MS = PAY_PASSWORD_LOCK_MINUTES * 60_000;
const MAX = PAY_PASSWORD_MAX_FAILURES;

export function reservePayGuess(db: DB, userId: number, nowMs: number): PayGuessReservation {
  // An expired lock starts the count afresh at this guess (SET reads the row's old values throughout).
  const taken = stmt(db, `UPDATE users SET
      pay_password_failures = CASE WHEN pay_password_locked_until IS NULL THEN pay_password_failures + 1 ELSE 1 END,
      pay_password_locked_until = NULL
    WHERE id = @id AND (pay_password_locked_until <= @now OR pay_password_locked_until IS NULL AND pay_password_failures < @max)`)
    .run({ id: userId, now: nowMs, max: MAX });
  if (taken.changes === 1) return { ok: true };
  const row = stmt<{ until: number | null }>(db, 'SELECT pay_password_locked_until AS until FROM users WHERE id = ?').get(userId);
  if (row?.until == null) return { ok: false, full: true };
  return { ok: false, locked: lockSeconds(row.until, nowMs) };
}

const lockSeconds = (until: number, nowMs: number) => Math.max(1, Math.ceil((until - nowMs) / 1000));

/** The reserved guess was right: the count and any lock go. */
export function payGuessRight(db: DB, userId: number): void {
  stmt(db, 'UPDATE users SET pay_password_failures = 0, pay_password_locked_until = NULL WHERE id = ?').run(userId);
}

/** The reserved guess was wrong (it is counted already): at the limit, the lock starts now. */
export function payGuessWrong(db: DB, userId: number, nowMs: number): void {
  stmt(db, `UPDATE users SET pay_password_locked_until = ?
    WHERE id = ? AND pay_password_failures >= ? AND pay_password_locked_until IS NULL`).run(nowMs + LOCK_MS, userId, MAX);
}

/**
 * How many more wrong answers the limit allows now (0 when locked): what a wrong answer's refusal tells the
 * merchant, so the lock never comes without warning. Guesses still being checked count as wrong until they settle.
 */
export function payTriesLeft(db: DB, userId: number): number {
  const row = stmt<{ n: number; until: number | null }>(db,
    'SELECT pay_password_failures AS n, pay_password_locked_until AS until FROM users WHERE id = ?').get(userId);
  return !row || row.until !== null ? 0 : Math.max(0, MAX - row.n);
}

/**
 * A full count that nobody is checking any more (its guesses were never settled): locked now, as if they were
 * wrong. Answers the lock's seconds.
 */
export function lockUnsettled(db: DB, userId: number, nowMs: number): number {
  payGuessWrong(db, userId, nowMs);
  const row = stmt<{ until: number | null }>(db, 'SELECT pay_password_locked_until AS until FROM users WHERE id = ?').get(userId);
  return lockSeconds(row?.until ?? nowMs + LOCK_MS, nowMs);
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
