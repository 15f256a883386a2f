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
 *
 * Each step on the count and the lock is one conditional or incrementing statement (storage/accounts.ts), never a
 * read and then a write, so parallel requests in several processes cannot count past the limit nor undo a lock.
 */
import type { ErrorReason } from '../../src/api/reasons';
import {
  FRESH_SIGN_IN_MINUTES,
  PAY_PASSWORD_LOCK_MINUTES,
  PAY_PASSWORD_MAX_FAILURES,
  PAYOUT_HOLD_HOURS,
} from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import * as store from '../storage/accounts';
import { inTransaction } from '../storage/transaction';
import { Refusal } from './errors';
import { noteSecurityChange } from './security-notices';
import { assertSessionLive, sessionOpenedAt } from './users';

/**
 * A reservation: taken, refused by the lock (seconds left), or refused while the limit is full of guesses counted
 * and not settled; `checking` then says whether the last of them may still be being checked, by this process or
 * another (its lease has not run out), rather than left by a process that stopped mid-check.
 */
export type PayGuessReservation =
  { ok: true } | { ok: false; locked: number } | { ok: false; full: true; checking: boolean };

const LOCK_MS = PAY_PASSWORD_LOCK_MINUTES * 60_000;
const MAX = PAY_PASSWORD_MAX_FAILURES;

/**
 * How long a counted guess is taken to be still being checked: a check takes about a tenth of a second once the CPU
 * gate lets it run (the guess is counted only then), so a guess older than this was left by a process that died.
 */
export const PAY_GUESS_CHECK_LEASE_MS = 10_000;

/**
 * True while the count is full of guesses that may still be being checked (by any process): a new guess waits,
 * without asking the CPU gate again, until this is no longer so.
 */
export async function payCountBusy(db: Db, userId: number, nowMs: number): Promise<boolean> {
  const row = await store.findPayGuessCounts(db, userId);
  return !!row && row.until === null && row.failures >= MAX && (row.checkedUntil ?? 0) > nowMs;
}

export async function reservePayGuess(db: Db, userId: number, nowMs: number): Promise<PayGuessReservation> {
  if (await store.countPayGuess(db, userId, nowMs, MAX, nowMs + PAY_GUESS_CHECK_LEASE_MS)) return { ok: true };
  const row = await store.findPayGuessCounts(db, userId);
  if (row?.until == null) return { ok: false, full: true, checking: (row?.checkedUntil ?? 0) > nowMs };
  return { ok: false, locked: lockSeconds(row.until, nowMs) };
}

const lockSeconds = (until: number, nowMs: number) => Math.max(1, Math.ceil((until - nowMs) / 1000));

/** The reserved guess was right: the count and any lock go. */
export async function payGuessRight(db: Db, userId: number): Promise<void> {
  await store.clearPayGuesses(db, userId);
}

/** The reserved guess was wrong (it is counted already): at the limit, the lock starts now. */
export async function payGuessWrong(db: Db, userId: number, nowMs: number): Promise<void> {
  await store.lockPayPasswordIfFull(db, userId, MAX, nowMs + LOCK_MS);
}

/**
 * How many more wrong answers the limit allows now (0 when locked): what a wrong answer's refusal tells the
 * merchant, so the lock never comes without warning. Guesses still being checked count as wrong until they settle.
 */
export async function payTriesLeft(db: Db, userId: number): Promise<number> {
  const row = await store.findPayGuessCounts(db, userId);
  return !row || row.until !== null ? 0 : Math.max(0, MAX - row.failures);
}

/**
 * A full count that nobody is checking any more (its guesses were never settled): locked now, as if they were
 * wrong. Answers the lock's seconds.
 */
export async function lockUnsettled(db: Db, userId: number, nowMs: number): Promise<number> {
  await payGuessWrong(db, userId, nowMs);
  const row = await store.findPayGuessCounts(db, userId);
  return lockSeconds(row?.until ?? nowMs + LOCK_MS, nowMs);
}

/** The stored hash, read afresh (a change in another request may have replaced it since the session was read). */
export async function payPasswordHash(db: Db, userId: number): Promise<string | null> {
  return store.findPayPasswordHash(db, userId);
}

/**
 * What a write that needs the transaction password was allowed by: the stored hash the password was proved against
 * (read before the slow check) and the session that asked. The check waits its turn at the CPU gate and takes a
 * while, so the write holds only if both still hold when it is made (assertProofHolds, inside its transaction).
 */
export interface PayProof {
  hash: string;
  token: string;
}

/**
 * Inside the write's transaction: the session is still live (else SessionEnded), and the transaction password is
 * still the one proved (else `wrong` on `field`, as a wrong answer is worded, but not counted: it was right when
 * checked). A change of the password, a logout or a login-password change committed during the check stops the
 * write, even across processes on one database. On PostgreSQL the user's row and the session's token stay held
 * until the write commits, so neither can change between this check and the write.
 */
export async function assertProofHolds(
  db: Db,
  userId: number,
  proof: PayProof,
  nowMs: number,
  wrong: ErrorReason,
  field: string,
): Promise<void> {
  // The user's row first, then the token (assertSessionLive): the order every such transaction takes them in.
  await store.lockUserRow(db, userId);
  await assertSessionLive(db, userId, proof.token, nowMs);
  if ((await payPasswordHash(db, userId)) !== proof.hash) {
    throw new Refusal(wrong, field, { tries_left: await payTriesLeft(db, userId) });
  }
}

/**
 * The first password's guard: the login password was proved against `loginHash` by the session `token`; or, for a
 * merchant without a login password (`loginHash` null: one who signs in only through a partner's signed links),
 * the session `token` itself is the proof, if it is fresh (assertFreshSignIn).
 */
export interface LoginProof {
  loginHash: string | null;
  token: string;
}

/**
 * A merchant without a login password proves it is them by a fresh signed sign-in: the session `token` was opened
 * within FRESH_SIGN_IN_MINUTES of `nowMs` (the server's clock). Such a merchant's sessions are opened only by a
 * signed, single-use partner link or the ticketed partner registration, so a session stolen earlier has aged past
 * it. Else reauth_required: the merchant opens the app again from the partner's app.
 */
export async function assertFreshSignIn(db: Db, token: string, nowMs: number): Promise<void> {
  const opened = await sessionOpenedAt(db, token);
  if (opened === null || nowMs - opened > FRESH_SIGN_IN_MINUTES * 60_000) throw new Refusal('reauth_required');
}

/**
 * Sets the first password, with its inbox message, in one transaction; false when one is set already (also by a
 * parallel request: the update requires none set). Refused as a wrong login password when the login password
 * changed during its check (or one appeared where there was none), as reauth_required when a merchant without one
 * no longer has a fresh session, and as an ended session when the session ended.
 */
export async function setPayPasswordHash(
  db: Db,
  userId: number,
  hash: string,
  proof: LoginProof,
  now: Date,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // The user's row first, then the token (assertSessionLive): the order every such transaction takes them in.
    await store.lockUserRow(trx, userId);
    await assertSessionLive(trx, userId, proof.token, now.getTime());
    // Judged again here, with the clock read for this write: the hashing before it took a while.
    if (proof.loginHash === null) await assertFreshSignIn(trx, proof.token, now.getTime());
    const at = now.toISOString();
    // Only if still unset, and the login password still the one proved (or still none).
    if (!(await store.setFirstPayPasswordHash(trx, userId, hash, proof.loginHash, at))) {
      if ((await payPasswordHash(trx, userId)) !== null) return false;
      throw new Refusal('login_password_wrong', 'login_password');
    }
    await noteSecurityChange(trx, userId, { kind: 'pay_password_set' }, at, PAYOUT_HOLD_HOURS);
    return true;
  });
}

/**
 * Replaces the password (the old one was just proved, against `proof.hash`), starting the count afresh, with its
 * inbox message, in one transaction: only if the proof still holds (assertProofHolds), and the update itself
 * requires the stored hash to be the proved one, so of two changes checked against one old password the second is
 * refused (wrong_old_password) rather than undoing the first.
 */
export async function replacePayPasswordHash(
  db: Db,
  userId: number,
  hash: string,
  proof: PayProof,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await assertProofHolds(trx, userId, proof, now.getTime(), 'wrong_old_password', 'old_password');
    const at = now.toISOString();
    if (!(await store.replacePayPasswordHashIf(trx, userId, proof.hash, hash, at))) {
      throw new Refusal('wrong_old_password', 'old_password', { tries_left: await payTriesLeft(trx, userId) });
    }
    await noteSecurityChange(trx, userId, { kind: 'pay_password_changed' }, at, PAYOUT_HOLD_HOURS);
  });
}

/** The test API's and an operator's unlock: the count and the lock go. */
export async function clearPayPasswordLock(db: Db, userId: number): Promise<void> {
  await payGuessRight(db, userId);
}
