/**
 * Bounds CPU-heavy work that strangers can trigger: every scrypt (login, register, password change) runs
 * through one gate. Without it, logins with a new username each time (never limited by the guess limiter, which
 * counts per username) kept every core busy and every honest login waited in line behind them.
 *
 *   - per client (IP): a budget of computations per minute, whatever the usernames, and few in flight at once;
 *   - process-wide: a few computations at a time and a bounded queue behind them. A request that would wait
 *     beyond the queue is refused at once (a refusal costs nothing; waiting in an endless line helps nobody).
 *
 * A refusal is a CpuGateRefusal carrying retry-after seconds; the HTTP layer turns it into rate_limited.
 * In memory, like the guess limiter: one process; idle clients are forgotten once their budget has refilled.
 */
import { availableParallelism } from 'node:os';

export interface CpuGateLimits {
  /** Computations at once, process-wide. */
  running: number;
  /** Computations waiting for a slot; beyond that, refused at once. */
  queued: number;
  /** One client's computations running or waiting. */
  perClientInFlight: number;
  /** One client's computations per minute: this many at once, refilled evenly over the minute. */
  perClientPerMinute: number;
}

// scrypt runs on libuv's pool (4 threads by default), which also reads files and compresses: leave it one.
const RUNNING = Math.max(1, Math.min(availableParallelism(), 3));

export const DEFAULT_CPU_GATE_LIMITS: CpuGateLimits = {
  running: RUNNING,
  // At ~60 ms a scrypt, a full queue is waited out in about half a second.
  queued: 8 * RUNNING,
  // One at a time: a browser never needs two at once (its calls that hash do it one after the other), and a
  // script cannot hold every slot while honest logins wait.
  perClientInFlight: 1,
  // An office behind one address logging in at 9 o'clock passes; 47 logins a second become 20 a minute.
  perClientPerMinute: 20,
};

/** Seconds to wait when the queue or a client's in-flight allowance is full: about a few computations' time. */
const BUSY_RETRY_SECONDS = 1;
const MINUTE_MS = 60_000;

export class CpuGateRefusal extends Error {
  constructor(readonly retryAfter: number) {
    super('CPU gate: refused');
    this.name = 'CpuGateRefusal';
  }
}

interface Budget { tokens: number; at: number }

export class CpuGate {
  private readonly limits: CpuGateLimits;
  private readonly inFlight = new Map<string, number>();
  private readonly budgets = new Map<string, Budget>();
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private lastPrune = 0;

  constructor(limits: Partial<CpuGateLimits> = {}, private readonly now: () => number = Date.now) {
    this.limits = { ...DEFAULT_CPU_GATE_LIMITS, ...limits };
  }

  /** Runs `work` for `client` when a slot is free; rejects with CpuGateRefusal (before doing anything) if over a limit. */
  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    this.admit(client);
    try {
      if (this.running < this.limits.running) this.running++;
      else await new Promise<void>((resolve) => this.waiting.push(resolve)); // the finisher hands its slot over
      return await work();
    } finally {
      this.leave(client);
    }
  }

  /** Decides synchronously, so parallel requests cannot all pass one check before any of them is counted. */
  private admit(client: string): void {
    const { perClientInFlight, perClientPerMinute, running, queued } = this.limits;
    if ((this.inFlight.get(client) ?? 0) >= perClientInFlight) throw new CpuGateRefusal(BUSY_RETRY_SECONDS);
    const budget = this.budget(client);
    if (budget.tokens < 1) throw new CpuGateRefusal(Math.max(1, Math.ceil(((1 - budget.tokens) * MINUTE_MS) / perClientPerMinute / 1000)));
    if (this.running >= running && this.waiting.length >= queued) throw new CpuGateRefusal(BUSY_RETRY_SECONDS);
    budget.tokens -= 1;
    this.inFlight.set(client, (this.inFlight.get(client) ?? 0) + 1);
  }

  private leave(client: string): void {
    const left = (this.inFlight.get(client) ?? 1) - 1;
    if (left > 0) this.inFlight.set(client, left);
    else this.inFlight.delete(client);
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** The client's budget refilled up to now (token bucket). */
  private budget(client: string): Budget {
    const now = this.now();
    this.prune(now);
    const { perClientPerMinute } = this.limits;
    const budget = this.budgets.get(client) ?? { tokens: perClientPerMinute, at: now };
    budget.tokens = Math.min(perClientPerMinute, budget.tokens + ((now - budget.at) * perClientPerMinute) / MINUTE_MS);
    budget.at = now;
    this.budgets.set(client, budget);
    return budget;
  }

  /** Forgets clients idle for a minute: their budget is full again, as for a client never seen. */
  private prune(now: number): void {
    if (now - this.lastPrune < MINUTE_MS) return;
    this.lastPrune = now;
    for (const [client, budget] of this.budgets) if (now - budget.at >= MINUTE_MS) this.budgets.delete(client);
  }
}
