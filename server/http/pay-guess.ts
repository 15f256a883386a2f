/**
 * Checking a transaction password in a route (/check/password, /user/withdraw, /update/pay_password): reserve the
 * guess in the database (services/pay-password.ts), verify the slow hash outside any write transaction, settle.
 * The in-memory guess limiter (guess.ts) is not used: its count would not survive a restart.
 *
 * Settling follows guess.ts's rule: the CPU gate's refusal (rate_limited) computed nothing, so the guess is given
 * back; any other failure between reserving and the answer leaves it counted (unknown means wrong, fail closed).
 */
import type { FastifyRequest } from 'fastify';
import { Reason, type ErrorData, type ErrorReason } from '../../src/api/contract';
import { verifyPassword } from '../lib/crypto';
import { Refusal } from '../services/errors';
import { payGuessRight, payPasswordHash, releasePayGuess, reservePayGuess } from '../services/pay-password';
import { cpuLane } from './cpu-lane';
import { ApiError, payPasswordLocked } from './envelope';

const cpuRefused = (err: unknown) => err instanceof ApiError && (err.data as ErrorData).reason === Reason.RATE_LIMITED;

/**
 * Proves `password` (the MD5 hex the client sends) against the merchant's transaction password, or throws:
 * pay_password_locked (retry_after) while locked, else `wrong` on `field` when it does not match. The caller has
 * refused a merchant without one (pay_password_unset) already.
 */
export async function provePayPassword(
  ctx: { request: FastifyRequest }, userId: number, password: string, field: string, wrong: ErrorReason,
): Promise<void> {
  const { server } = ctx.request;
  const db = server.db;
  const reserved = reservePayGuess(db, userId, server.clock());
  if (!reserved.ok) throw payPasswordLocked(reserved.retryAfter);
  let right: boolean;
  try {
    right = await verifyPassword(password, payPasswordHash(db, userId), cpuLane(ctx));
  } catch (err) {
    if (cpuRefused(err)) releasePayGuess(db, userId);
    throw err;
  }
  if (!right) throw new Refusal(wrong, field);
  payGuessRight(db, userId);
}
