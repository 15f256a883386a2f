/**
 * The one way a route checks a guess at a secret (password, authorization code, license key, and later the
 * transaction password): reserve first, check, settle.
 *
 *   const ticket = await reserveGuess(ctx, `old_password:${user.id}`); // rate_limited if failures + pending ≥ max
 *   const me = ticket.settle(await check(), 'wrong_old_password');     // right: clears the key; wrong: counts, throws
 *
 * The reservation counts as pending until it is settled, so parallel guesses cannot all pass the limit before
 * the first failure is recorded. A ticket is bound to its request, and the route wrapper closes any ticket the
 * handler left open (it threw between reserving and settling) when the request ends:
 *   - a rate_limited error releases it: another limit (the CPU gate) stopped the guess before it was checked,
 *     and an honest user refused for load must not lose attempts for it;
 *   - anything else counts as a failure: the secret may have been checked and the error may depend on it (a
 *     500 only for the right password would otherwise be a free oracle), so unknown means wrong (fail closed).
 * Settling writes to the database (services/attempts.ts); a ticket's methods answer at once, and the route wrapper
 * waits for every settlement of the request (`settleGuesses`) before it answers, so the client never sees an answer
 * its guess is not yet counted for. Until written, the guess still counts as pending, never as nothing.
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorData } from '../../src/api/envelope';
import { type ErrorReason } from '../../src/api/reasons';
import type { AttemptLimiter, Reservation } from '../services/attempts';
import { ApiError, fail, rateLimited } from './envelope';

export interface GuessTicket {
  /** A truthy outcome is a right guess: clears the key and is returned. A falsy one counts and throws `fail(reason)`. */
  settle: <T>(outcome: T | false | null | undefined, reason: ErrorReason) => T;
  /** The guess was right: clears the key; hands `value` back. */
  succeed: <T>(value: T) => T;
  /** The guess was wrong: counts it and throws `fail(reason)`. */
  fail: (reason: ErrorReason) => never;
  /**
   * Not a wrong guess, but no proof of knowing a secret either (following an ID already followed): the reservation is
   * given back and the failures so far stay counted, so a cheap success cannot reset the count.
   */
  pass: <T>(value: T) => T;
  /** The guess was wrong and the service has worded it (a domain refusal with its field): counts it, rethrows it. */
  miss: (error: unknown) => never;
}

const openTickets = new WeakMap<FastifyRequest, Set<Reservation>>();
const settlements = new WeakMap<FastifyRequest, Promise<void>[]>();

function settling(request: FastifyRequest, done: Promise<void>): void {
  const list = settlements.get(request) ?? [];
  settlements.set(request, list);
  list.push(done);
}

/** A key under another limiter than the app's guess limiter (`request.server.attempts`). */
export interface LimitedKey {
  limiter: AttemptLimiter;
  key: string;
}

/**
 * Reserves one guess under `key` for this request; throws rate_limited (with retry_after) past the limit. A guess
 * that falls under several limits (a login: per client and username, and per username alone) names each: it is
 * reserved under all of them or none, and settled alike under all.
 */
export async function reserveGuess(
  ctx: { request: FastifyRequest },
  key: string,
  ...more: LimitedKey[]
): Promise<GuessTicket> {
  const { request } = ctx;
  const taken: Reservation[] = [];
  for (const { limiter, key: k } of [{ limiter: request.server.attempts, key }, ...more]) {
    const reserved = await limiter.reserve(k);
    if (!reserved.ok) {
      await Promise.all(taken.map((r) => r.release()));
      throw rateLimited(reserved.retryAfter);
    }
    taken.push(reserved.reservation);
  }
  const all = (end: (r: Reservation) => Promise<void>) => async () => {
    await Promise.all(taken.map(end));
  };
  const reservation: Reservation = {
    succeed: all((r) => r.succeed()),
    fail: all((r) => r.fail()),
    release: all((r) => r.release()),
  };
  const record = (end: () => Promise<void>) => settling(request, end());
  const open = openTickets.get(request) ?? new Set();
  openTickets.set(request, open.add(reservation));
  const close = () => {
    if (!open.delete(reservation)) throw new Error(`guess ${key} settled twice`);
  };
  const ticket: GuessTicket = {
    succeed(value) {
      close();
      record(reservation.succeed);
      return value;
    },
    fail(reason) {
      close();
      record(reservation.fail);
      throw fail(reason);
    },
    pass(value) {
      close();
      record(reservation.release);
      return value;
    },
    miss(error) {
      close();
      record(reservation.fail);
      throw error;
    },
    settle: (outcome, reason) => (outcome ? ticket.succeed(outcome) : ticket.fail(reason)),
  };
  return ticket;
}

const isRateLimited = (err: unknown) => err instanceof ApiError && (err.data as ErrorData).reason === 'rate_limited';

/**
 * Called by the route wrapper when a request ends (`error`: what the handler threw, if anything): closes the
 * tickets left open and waits until every guess of the request is settled in the database.
 */
export async function settleGuesses(request: FastifyRequest, error: unknown): Promise<void> {
  const open = openTickets.get(request);
  if (open) {
    openTickets.delete(request);
    for (const reservation of open) {
      if (isRateLimited(error)) settling(request, reservation.release());
      else {
        request.log.warn('a guess was left unsettled; counted as a failure');
        settling(request, reservation.fail());
      }
    }
  }
  const pending = settlements.get(request);
  if (!pending) return;
  settlements.delete(request);
  const results = await Promise.allSettled(pending);
  // A guess that could not be settled stays pending in the database, where it counts against its key until it
  // leaves the window: the client is told nothing different.
  for (const r of results)
    if (r.status === 'rejected') request.log.error({ err: r.reason }, 'a guess could not be settled');
}
