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
import type { ErrorReason } from '../../src/api/reasons';
import { FRESH_SIGN_IN_MINUTES, PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES, PAYOUT_HOLD_HOURS } from '../../src/api/shapes/wallet';
import { stmt, type DB } from '../db/index';
import { Refusal } from './errors';
import { noteSecurityChange } from './security-notices';
import { assertSessionLive, sessionOpenedAt } from './users';

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

/**
 * What a write that needs the transaction password was allowed by: the stored hash the password was proved against
 * (read before the slow check) and the session that asked. The check waits its turn at the CPU gate and takes a
 * while, so the write holds only if both still hold when it is made (assertProofHolds, inside its transaction).
 */
export interface PayProof { hash: string; token: string }

/**
 * Inside the write's transaction: the session is still live (else SessionEnded), and the transaction password is
 * still the one proved (else `wrong` on `field`, as a wrong answer is worded, but not counted: it was right when
 * checked). A change of the password, a logout or a login-password change committed during the check stops the
 * write, even across processes on one database.
 */
export function assertProofHolds(db: DB, userId: number, proof: PayProof, nowMs: number, wrong: ErrorReason, field: string): void {
  assertSessionLive(db, userId, proof.token, nowMs);
  if (payPasswordHash(db, userId) !== proof.hash) throw new Refusal(wrong, field, { tries_left: payTriesLeft(db, userId) });
}

/**
 * The first password's guard: the login password was proved against `loginHash` by the session `token`; or, for a
 * merchant without a login password (`loginHash` null: one who signs in only through a partner's signed links),
 * the session `token` itself is the proof, if it is fresh (assertFreshSignIn).
 */
export interface LoginProof { loginHash: string | null; token: string }

/**
 * A merchant without a login password proves it is them by a fresh signed sign-in: the session `token` was opened
 * within FRESH_SIGN_IN_MINUTES of `nowMs` (the server's clock). Such a merchant's sessions are opened only by a
 * signed, single-use partner link or the ticketed partner registration, so a session stolen earlier has aged past
 * it. Else reauth_required: the merchant opens the app again from the partner's app.
 */
export function assertFreshSignIn(db: DB, token: string, nowMs: number): void {
  const opened = sessionOpenedAt(db, token);
  if (opened === null || nowMs - opened > FRESH_SIGN_IN_MINUTES * 60_000) throw new Refusal('reauth_required');
}

/**
 * Sets the first password, with its inbox message, in one transaction; false when one is set already (also by a
 * parallel request). Refused as a wrong login password when the login password changed during its check (or one
 * appeared where there was none), as reauth_required when a merchant without one no longer has a fresh session,
 * and as an ended session when the session ended.
 */
export function setPayPasswordHash(db: DB, userId: number, hash: string, proof: LoginProof, now: Date): boolean {
  return db.transaction(() => {
    assertSessionLive(db, userId, proof.token, now.getTime());
    // Judged again here, with the clock read for this write: the hashing before it took a while.
    if (proof.loginHash === null) assertFreshSignIn(db, proof.token, now.getTime());
    const at = now.toISOString();
    // `IS`: equal hashes, or no login password then and now.
    const set = stmt(db, `UPDATE users SET pay_password_hash = ?, updated_at = ?
      WHERE id = ? AND pay_password_hash IS NULL AND password_hash IS ?`).run(hash, at, userId, proof.loginHash).changes === 1;
    if (!set) {
      if (payPasswordHash(db, userId) !== null) return false;
      throw new Refusal('login_password_wrong', 'login_password');
    }
    noteSecurityChange(db, userId, { kind: 'pay_password_set' }, at, PAYOUT_HOLD_HOURS);
    return true;
  }).immediate();
}

/**
 * Replaces the password (the old one was just proved, against `proof.hash`), starting the count afresh, with its
 * inbox message, in one transaction: only if the proof still holds (assertProofHolds), so of two changes checked
 * against one old password the second is refused (wrong_old_password) rather than undoing the first.
 */
export function replacePayPasswordHash(db: DB, userId: number, hash: string, proof: PayProof, now: Date): void {
  db.transaction(() => {
    assertProofHolds(db, userId, proof, now.getTime(), 'wrong_old_password', 'old_password');
    const at = now.toISOString();
    stmt(db, `UPDATE users SET pay_password_hash = ?, pay_password_failures = 0, pay_password_locked_until = NULL, updated_at = ?
      WHERE id = ? AND pay_password_hash = ?`).run(hash, at, userId, proof.hash);
    noteSecurityChange(db, userId, { kind: 'pay_password_changed' }, at, PAYOUT_HOLD_HOURS);
  }).immediate();
}

/** The test API's and an operator's unlock: the count and the lock go. */
export function clearPayPasswordLock(db: DB, userId: number): void {
  payGuessRight(db, userId);
}
