/**
 * Counts failed guesses (passwords, authorization codes, license keys, follow IDs) per key in a sliding window, so a
 * script cannot try a dictionary against one account. The guesses are rows in the database (storage/guesses.ts),
 * so every server process on it counts the same ones, and a restart forgives nobody.
 *
 * A guess is reserved before it is checked and settled after: checking is asynchronous (scrypt), and a burst of
 * parallel guesses that were only compared with the failures already recorded would all pass at once. Pending
 * guesses count toward the limit, so at most `max` guesses are ever being checked or failed, whatever the
 * concurrency and however many processes. A pending guess whose process died before settling it is never settled:
 * it keeps counting until it leaves the window, as a failure would (unknown means wrong).
 */
import type { Db } from '../storage/engine';
import {
  type Guess,
  clearGuessFailures,
  recentGuesses,
  deleteGuess,
  insertPendingGuess,
  lockGuessKey,
  markGuessFailed,
} from '../storage/guesses';
import { inTransaction } from '../storage/transaction';

export interface AttemptLimit {
  /** Failures allowed inside the window; the next try is refused until the oldest failure ages out. */
  max: number;
  windowSeconds: number;
}

export const DEFAULT_ATTEMPT_LIMIT: AttemptLimit = { max: 5, windowSeconds: 15 * 60 };

/**
 * Failed logins one username may take in the window from all addresses together: well above what its owner mistypes
 * (the per-client limit stops a single guesser at 5), low enough that guessers on many addresses get few tries.
 */
export const DEFAULT_USERNAME_ATTEMPT_LIMIT: AttemptLimit = { max: 20, windowSeconds: 15 * 60 };

/** How long a guess refused only because others are still being checked should wait: about one check's time. */
const PENDING_RETRY_SECONDS = 1;

/** A pending guess older than this is no longer being checked by anyone (a check takes well under a second). */
const ORPHANED_AFTER_MS = 60_000;

/** One guess being checked. Exactly one of the three ends it; later calls do nothing. */
export interface Reservation {
  /** The guess was right: the key starts afresh (a user who finally remembers the password). */
  succeed: () => Promise<void>;
  /** The guess was wrong, or its outcome is unknown: one more failure. */
  fail: () => Promise<void>;
  /** The guess was never checked (another limit stopped it first): frees the slot without counting. */
  release: () => Promise<void>;
}

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; retryAfter: number };

export class AttemptLimiter {
  /**
   * `scope` keeps two limiters' keys apart in the one table (a login counted per client and per username alone).
   */
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly limit: AttemptLimit,
    private readonly now: () => number,
  ) {}

  /** Takes a slot for one guess under `key`, or says how many seconds to wait (failures + pending ≥ max). */
  async reserve(key: string): Promise<ReserveResult> {
    const scoped = `${this.scope}:${key}`;
    const taken = await inTransaction(this.db, async (trx) => {
      await lockGuessKey(trx, scoped);
      const now = this.now();
      const wait = this.wait(await recentGuesses(trx, scoped, now - this.limit.windowSeconds * 1000), now);
      if (wait) return { wait };
      return { id: await insertPendingGuess(trx, scoped, now) };
    });
    if ('wait' in taken) return { ok: false, retryAfter: taken.wait! };
    const id = taken.id;
    let open = true;
    const end = (record: () => Promise<void>) => async () => {
      if (!open) return;
      open = false;
      await record();
    };
    return {
      ok: true,
      reservation: {
        succeed: end(() => clearGuessFailures(this.db, scoped, id)),
        fail: end(() => markGuessFailed(this.db, id, this.now())),
        release: end(() => deleteGuess(this.db, id)),
      },
    };
  }

  /** Seconds until `key` may try again, or 0 if it may try now. */
  async retryAfter(key: string): Promise<number> {
    const now = this.now();
    return this.wait(await recentGuesses(this.db, `${this.scope}:${key}`, now - this.limit.windowSeconds * 1000), now);
  }

  private wait(guesses: Guess[], now: number): number {
    if (guesses.length < this.limit.max) return 0;
    // A guess still being checked may yet succeed and clear the key: then ask again in a moment. One reserved long
    // ago is orphaned (its process died) and counts as the failure it may have been.
    const failed = guesses.filter((g) => g.state === 'failed' || now - g.at > ORPHANED_AFTER_MS);
    if (failed.length < this.limit.max) return PENDING_RETRY_SECONDS;
    return Math.max(
      1,
      Math.ceil((failed[failed.length - this.limit.max].at + this.limit.windowSeconds * 1000 - now) / 1000),
    );
  }
}
