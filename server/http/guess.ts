/**
 * The one way a route checks a guess at a secret (password, authorization code, license key, and later the
 * transaction password): reserve first, check, settle.
 *
 *   const ticket = reserveGuess(ctx, `old_password:${user.id}`);   // rate_limited if failures + pending ≥ max
 *   const me = ticket.settle(await check(), 'wrong_old_password'); // right: clears the key; wrong: counts, throws
 *
 * The reservation counts as pending until it is settled, so parallel guesses cannot all pass the limit before
 * the first failure is recorded. A ticket is bound to its request, and the route wrapper closes any ticket the
 * handler left open (it threw between reserving and settling) when the request ends:
 *   - a rate_limited error releases it: another limit (the CPU gate) stopped the guess before it was checked,
 *     and an honest user refused for load must not lose attempts for it;
 *   - anything else counts as a failure: the secret may have been checked and the error may depend on it (a
 *     500 only for the right password would otherwise be a free oracle), so unknown means wrong (fail closed).
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorData } from '../../src/api/envelope';
import { type ErrorReason } from '../../src/api/reasons';
import type { AttemptLimiter, Reservation } from '../lib/attempts';
import { ApiError, fail, rateLimited } from './envelope';

export interface GuessTicket {
  /** A truthy outcome is a right guess: clears the key and is returned. A falsy one counts and throws `fail(reason)`. */
  settle<T>(outcome: T | false | null | undefined, reason: ErrorReason): T;
  /** The guess was right: clears the key; hands `value` back. */
  succeed<T>(value: T): T;
  /** The guess was wrong: counts it and throws `fail(reason)`. */
  fail(reason: ErrorReason): never;
  /**
   * Not a wrong guess, but no proof of knowing a secret either (following an ID already followed): the reservation is
   * given back and the failures so far stay counted, so a cheap success cannot reset the count.
   */
  pass<T>(value: T): T;
  /** The guess was wrong and the service has worded it (a domain refusal with its field): counts it, rethrows it. */
  miss(error: unknown): never;
}

const openTickets = new WeakMap<FastifyRequest, Set<Reservation>>();

/** A key under another limiter than the app's guess limiter (`request.server.attempts`). */
export interface LimitedKey { limiter: AttemptLimiter; key: string }

/**
 * Reserves one guess under `key` for this request; throws rate_limited (with retry_after) past the limit. A guess
 * that falls under several limits (a login: per client and username, and per username alone) names each: it is
 * reserved under all of them or none, and settled alike under all.
 */
export function reserveGuess(ctx: { request: FastifyRequest }, key: string, ...more: LimitedKey[]): GuessTicket {
  const { request } = ctx;
  const taken: Reservation[] = [];
  for (const { limiter, key: k } of [{ limiter: request.server.attempts, key }, ...more]) {
    const reserved = limiter.reserve(k);
    if (!reserved.ok) {
      for (const r of taken) r.release();
      throw rateLimited(reserved.retryAfter);
    }
    taken.push(reserved.reservation);
  }
  const reservation: Reservation = {
    succeed: () => taken.forEach((r) => r.succeed()),
    fail: () => taken.forEach((r) => r.fail()),
    release: () => taken.forEach((r) => r.release()),
  };
  const open = openTickets.get(request) ?? new Set();
  openTickets.set(request, open.add(reservation));
  const close = () => {
    if (!open.delete(reservation)) throw new Error(`guess ${key} settled twice`);
  };
  const ticket: GuessTicket = {
    succeed(value) {
      close();
      reservation.succeed();
      return value;
    },
    fail(reason) {
      close();
      reservation.fail();
      throw fail(reason);
    },
    pass(value) {
      close();
      reservation.release();
      return value;
    },
    miss(error) {
      close();
      reservation.fail();
      throw error;
    },
    settle: (outcome, reason) => (outcome ? ticket.succeed(outcome) : ticket.fail(reason)),
  };
  return ticket;
}

const isRateLimited = (err: unknown) => err instanceof ApiError && (err.data as ErrorData).reason === 'rate_limited';

/** Called by the route wrapper when a request ends (`error`: what the handler threw, if anything). */
export function closeOpenGuesses(request: FastifyRequest, error: unknown): void {
  const open = openTickets.get(request);
  if (!open) return;
  openTickets.delete(request);
  for (const reservation of open) {
    if (isRateLimited(error)) reservation.release();
    else {
      request.log.warn('a guess was left unsettled; counted as a failure');
      reservation.fail();
    }
  }
}
