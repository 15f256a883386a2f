/**
 * Counts failed guesses (passwords, authorization codes, license keys) per key in a sliding window, so a script
 * cannot try a dictionary against one account. In memory: the reference server is one process, and a restart
 * forgiving everyone is acceptable. Keys are pruned as they expire, so memory stays bounded by recent failures.
 *
 * A guess is reserved before it is checked and settled after: checking is asynchronous (scrypt), and a burst of
 * parallel guesses that were only compared with the failures already recorded would all pass at once. Pending
 * guesses count toward the limit, so at most `max` guesses are ever being checked or failed, whatever the
 * concurrency.
 */
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

/** How long a guess refused only because others are still pending should wait: about one check's time. */
const PENDING_RETRY_SECONDS = 1;

/** One guess being checked. Exactly one of the three ends it; later calls do nothing. */
export interface Reservation {
  /** The guess was right: the key starts afresh (a user who finally remembers the password). */
  succeed(): void;
  /** The guess was wrong, or its outcome is unknown: one more failure. */
  fail(): void;
  /** The guess was never checked (another limit stopped it first): frees the slot without counting. */
  release(): void;
}

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; retryAfter: number };

export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly pending = new Map<string, number>();
  private lastPrune = 0;

  constructor(private readonly limit: AttemptLimit, private readonly now: () => number = Date.now) {}

  /** Takes a slot for one guess under `key`, or says how many seconds to wait (failures + pending ≥ max). */
  reserve(key: string): ReserveResult {
    const wait = this.retryAfter(key);
    if (wait) return { ok: false, retryAfter: wait };
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    let open = true;
    const end = (record: () => void) => () => {
      if (!open) return;
      open = false;
      const left = (this.pending.get(key) ?? 1) - 1;
      if (left > 0) this.pending.set(key, left);
      else this.pending.delete(key);
      record();
    };
    return {
      ok: true,
      reservation: {
        succeed: end(() => this.failures.delete(key)),
        fail: end(() => this.recordFailure(key)),
        release: end(() => {}),
      },
    };
  }

  /** Seconds until `key` may try again, or 0 if it may try now. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length + (this.pending.get(key) ?? 0) < this.limit.max) return 0;
    if (recent.length < this.limit.max) return PENDING_RETRY_SECONDS;
    return Math.max(1, Math.ceil((recent[recent.length - this.limit.max]! + this.limit.windowSeconds * 1000 - this.now()) / 1000));
  }

  private recordFailure(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
    this.prune();
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limit.windowSeconds * 1000;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  private prune(): void {
    const now = this.now();
    if (now - this.lastPrune < this.limit.windowSeconds * 1000) return;
    this.lastPrune = now;
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
