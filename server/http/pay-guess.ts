/**
 * Checking a transaction password in a route (/check/password, /user/withdraw, /update/pay_password): count the
 * guess in the database (services/pay-password.ts) when its slow hash starts, outside any write transaction, then
 * settle it. The in-memory guess limiter (guess.ts) is not used: its count would not survive a restart.
 *
 * The guess is counted when the CPU gate lets its hash run, not while it waits there: a process that dies counts
 * as wrong only the guesses it was checking, and a guess the gate refused (rate_limited) was never counted.
 *
 * When the limit is full of guesses still being checked, a new guess waits for one of them to settle instead of
 * being refused: a right one clears the count (so a merchant's parallel withdrawals with the right password all go
 * through, a few at a time), a wrong one that fills the count locks the password (so the waiting guesses are
 * refused, and at most PAY_PASSWORD_MAX_FAILURES guesses are ever checked, whatever the concurrency). A full count
 * is being checked while its last guess's lease runs (services/pay-password.ts PAY_GUESS_CHECK_LEASE_MS), in this
 * process or another on the same database; a full count past it was left by a process that stopped mid-check, and
 * locks. This process's own guesses in flight wake its waiters when they settle; another process's cannot, so a
 * waiter also looks again every POLL_MS. Any failure after a guess was counted leaves it counted (unknown means
 * wrong, fail closed).
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorReason } from '../../src/api/reasons';
import type { Db } from '../storage/engine';
import { verifyPassword } from '../lib/crypto';
import { Refusal } from '../services/errors';
import {
  lockUnsettled,
  payCountBusy,
  payGuessRight,
  payGuessWrong,
  payPasswordHash,
  payTriesLeft,
  reservePayGuess,
  type PayProof,
} from '../services/pay-password';
import { cpuLane } from './cpu-lane';
import { noAuth, payPasswordLocked } from './envelope';
import { sessionToken } from './route';

/** How long a guess waits for a slot before it is told to try again in a second (checks take ~0.1 s each). */
const WAIT_MS = 20_000;
/** How often a waiting guess looks again, for guesses another process settles. */
const POLL_MS = 200;

interface InFlight {
  count: number;
  waiters: Set<() => void>;
}
const inFlight = new WeakMap<Db, Map<number, InFlight>>();

function flightOf(db: Db, userId: number): InFlight {
  let users = inFlight.get(db);
  if (!users) inFlight.set(db, (users = new Map<number, InFlight>()));
  let f = users.get(userId);
  if (!f) users.set(userId, (f = { count: 0, waiters: new Set() }));
  return f;
}

function settled(db: Db, userId: number, f: InFlight): void {
  f.count--;
  const waiters = [...f.waiters];
  f.waiters.clear();
  if (f.count === 0) inFlight.get(db)?.delete(userId);
  for (const wake of waiters) wake();
}

/** Resolves true when a guess in flight settles, false after `ms`. */
function nextSettle(f: InFlight, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      f.waiters.delete(wake);
      resolve(false);
    }, ms);
    f.waiters.add(wake);
  });
}

/** The limit is full of guesses in flight: this one waits for one of them to settle, then asks again. */
class LimitFull extends Error {}

/**
 * A reservation the database refused is no longer in flight. Waiters are woken only when nothing is left in flight
 * (they then find a full count nobody checks, and lock it): while guesses remain, their settling wakes them.
 */
function refused(db: Db, userId: number, f: InFlight): void {
  f.count--;
  if (f.count > 0) return;
  const waiters = [...f.waiters];
  f.waiters.clear();
  inFlight.get(db)?.delete(userId);
  for (const wake of waiters) wake();
}

/**
 * Counts one guess for the merchant, or throws: pay_password_locked while locked (also when a full count is left by
 * a process that stopped mid-check), LimitFull while the count is full of guesses in flight.
 *
 * The guess is in flight from before its reservation is asked for: the database answers asynchronously, and a
 * parallel guess refused meanwhile must see this one (maybe about to be counted) rather than take the full count
 * for one nobody is checking.
 */
async function take(db: Db, userId: number, clock: () => number): Promise<InFlight> {
  const f = flightOf(db, userId);
  f.count++;
  let r: Awaited<ReturnType<typeof reservePayGuess>>;
  try {
    r = await reservePayGuess(db, userId, clock());
  } catch (err) {
    refused(db, userId, f);
    throw err;
  }
  if (r.ok) return f;
  refused(db, userId, f);
  if ('locked' in r) throw payPasswordLocked(r.locked);
  if (f.count === 0 && !r.checking) throw payPasswordLocked(await lockUnsettled(db, userId, clock()));
  throw new LimitFull();
}

/**
 * Proves `password` (the MD5 hex the client sends) against the merchant's transaction password, or throws:
 * pay_password_locked (retry_after) while locked, else `wrong` on `field` when it does not match, with how many
 * tries the limit leaves (tries_left: 0 when this answer locked it). The caller has
 * refused a merchant without one (pay_password_unset) already.
 *
 * Answers the proof: the stored hash the password matched and the request's session. A write it allows checks
 * both again in its own transaction (services/pay-password.ts assertProofHolds): the check took a while, and a
 * change of the password or the end of the session meanwhile must stop the write.
 */
export async function provePayPassword(
  ctx: { request: FastifyRequest },
  userId: number,
  password: string,
  field: string,
  wrong: ErrorReason,
): Promise<PayProof> {
  const token = sessionToken(ctx.request);
  if (!token) throw noAuth();
  const { server } = ctx.request;
  const db = server.db;
  const lane = cpuLane({ request: ctx.request, user: { id: userId } });
  const deadline = Date.now() + WAIT_MS;
  let right: boolean;
  let hash: string | null;
  for (;;) {
    // The guess is counted when its hash starts, not while it waits for the CPU: a process that dies counts only
    // the guesses it was checking, and one refused by the CPU gate was never counted.
    let f: InFlight | null = null;
    try {
      hash = await payPasswordHash(db, userId);
      right = await verifyPassword(
        password,
        hash,
        (work) =>
          lane(async () => {
            f = await take(db, userId, server.clock);
            return work();
          }),
        server.passwordCost,
      );
      if (right) await payGuessRight(db, userId);
      else await payGuessWrong(db, userId, server.clock());
      break;
    } catch (err) {
      if (!(err instanceof LimitFull)) {
        if (f) await payGuessWrong(db, userId, server.clock());
        throw err;
      }
      // Wait, outside the CPU gate (waiting spends none of its budget), until the count has room again, is locked,
      // or is no longer being checked by anyone. A guess of this process that settles wakes this one at once; one of
      // another process is seen at the next look.
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) throw payPasswordLocked(1);
        const held = flightOf(db, userId);
        await nextSettle(held, Math.min(left, POLL_MS));
        if (held.count === 0 && held.waiters.size === 0) inFlight.get(db)?.delete(userId);
        if (!(await payCountBusy(db, userId, server.clock()))) break;
      }
    } finally {
      if (f) settled(db, userId, f);
    }
  }
  if (!right || hash === null) throw new Refusal(wrong, field, { tries_left: await payTriesLeft(db, userId) });
  return { hash, token };
}
