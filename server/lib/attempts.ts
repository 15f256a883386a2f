/**
 * Counts failed guesses (passwords, authorization codes) per key in a sliding window, so a script cannot try
 * a dictionary against one account. In memory: the reference server is one process, and a restart forgiving
 * everyone is acceptable. Keys are pruned as they expire, so memory stays bounded by recent failures.
 */
export interface AttemptLimit {
  /** Failures allowed inside the window; the next try is refused until the oldest failure ages out. */
  max: number;
  windowSeconds: number;
}

export const DEFAULT_ATTEMPT_LIMIT: AttemptLimit = { max: 5, windowSeconds: 15 * 60 };

export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();
  private lastPrune = 0;

  constructor(private readonly limit: AttemptLimit, private readonly now: () => number = Date.now) {}

  /** Seconds until `key` may try again, or 0 if it may try now. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit.max) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.limit.windowSeconds * 1000 - this.now()) / 1000));
  }

  fail(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
    this.prune();
  }

  /** A success clears the key: a user who finally remembers the password starts afresh. */
  reset(key: string): void {
    this.failures.delete(key);
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
