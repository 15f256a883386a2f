/**
 * Bounds CPU-heavy work that strangers can trigger: every scrypt (login, register, password change, the
 * transaction password) runs through one gate. Without it, logins with a new username each time (never limited by
 * the guess limiter, which counts per username) kept every core busy and every honest login waited in line behind them.
 *
 * Two lanes, each with its own slots, queue and budgets, so strangers cannot make a signed-in merchant wait:
 *   - anonymous (login, register): budgets per client address (an IPv6 client by its /64, lib/client-key.ts);
 *   - signed-in (transaction password, password changes): budgets per merchant, whatever the address. Only a
 *     session opens it, and sessions come from the anonymous lane's logins, so a flood of logins from many
 *     addresses, which can fill the anonymous lane, never reaches a merchant's withdrawal.
 * In each lane:
 *   - per client: a budget of computations per minute, and few in flight at once;
 *   - per network (an IPv4 /24, an IPv6 /64: what one party usually holds, and an IPv6 host gets a whole /64):
 *     a share of the waiting slots, so addresses of one network cannot take every slot while others wait;
 *   - when the queue is full, a client that has sent far fewer requests lately (refused ones count) takes the
 *     place of the one that has sent the most: a flood from many networks that retries at once cannot keep out
 *     someone who asks once;
 *   - lane-wide: a few computations at a time and a bounded queue behind them. A request that would wait
 *     beyond the queue is refused at once (a refusal costs nothing; waiting in an endless line helps nobody).
 *
 * A refusal is a CpuGateRefusal carrying retry-after seconds; the HTTP layer turns it into rate_limited.
 * In memory, like the guess limiter: one process; idle clients are forgotten once their budget has refilled.
 */
import { availableParallelism } from 'node:os';
import { clientKey, networkOf } from './client-key';

export { networkOf };

export type LaneName = 'anonymous' | 'signedIn';

/** Who asks: the lane, the client its budgets key on (an address, or a merchant), and the client's network. */
export interface CpuClient {
  lane: LaneName;
  key: string;
  network: string;
}

export interface CpuGateLimits {
  /** Computations at once in the lane. */
  running: number;
  /** Computations waiting for a slot in the lane; beyond that, refused at once. */
  queued: number;
  /** One network's computations waiting in the lane (default: a quarter of `queued`, at least `perClientInFlight`). */
  perNetworkQueued: number;
  /** One client's computations running or waiting. */
  perClientInFlight: number;
  /** One client's computations per minute: this many at once, refilled evenly over the minute. */
  perClientPerMinute: number;
}

/** Limits for both lanes (the top-level fields), and for one lane (`anonymous`, `signedIn`), which win. */
export interface CpuGateOptions extends Partial<CpuGateLimits> {
  anonymous?: Partial<CpuGateLimits>;
  signedIn?: Partial<CpuGateLimits>;
}

// scrypt runs on libuv's pool (4 threads by default), which also reads files and compresses: the anonymous lane
// leaves it one, and the signed-in lane's single slot (hashing there is rare: a withdrawal, a password change)
// borrows that one only while it runs.
const RUNNING = Math.max(1, Math.min(availableParallelism(), 3));

const quarter = (queued: number) => Math.max(1, Math.ceil(queued / 4));

export const DEFAULT_CPU_GATE_LIMITS: Record<LaneName, CpuGateLimits> = {
  anonymous: {
    running: RUNNING,
    // At ~60 ms a scrypt, a full queue is waited out in about half a second.
    queued: 8 * RUNNING,
    perNetworkQueued: quarter(8 * RUNNING),
    // One at a time: a browser never needs two at once (its calls that hash do it one after the other), and a
    // script cannot hold every slot while honest logins wait.
    perClientInFlight: 1,
    // An office behind one address logging in at 9 o'clock passes; 47 logins a second become 20 a minute.
    perClientPerMinute: 20,
  },
  signedIn: {
    running: 1,
    queued: 8,
    perNetworkQueued: quarter(8),
    // Per merchant: the app checks one password at a time; a stolen session gets no more than the owner.
    perClientInFlight: 1,
    perClientPerMinute: 20,
  },
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

/** A client's budget (token bucket) and its pressure: how many requests it has sent lately, refused ones too. */
interface Budget {
  tokens: number;
  pressure: number;
  at: number;
}
interface Waiter {
  key: string;
  network: string;
  start: () => void;
  refuse: (err: CpuGateRefusal) => void;
}

/** Pressure halves every ten seconds: a person retrying a login stays low, a script sending all it can does not. */
const PRESSURE_HALF_LIFE_MS = 10_000;
/** A waiter gives its place to a newcomer only when it has sent clearly more (not a coin toss between equals). */
const EVICT_RATIO = 2;
const decayed = (b: Budget, now: number) => b.pressure * 2 ** (-(now - b.at) / PRESSURE_HALF_LIFE_MS);

/** One lane: its slots, its queue, its clients' budgets. */
class Lane {
  private readonly inFlight = new Map<string, number>();
  private readonly budgets = new Map<string, Budget>();
  private readonly waiting: Waiter[] = [];
  private readonly waitingPerNetwork = new Map<string, number>();
  private running = 0;
  private lastPrune = 0;

  constructor(
    private readonly limits: CpuGateLimits,
    private readonly now: () => number,
  ) {}

  async run<T>(client: CpuClient, work: () => Promise<T>): Promise<T> {
    const place = this.admit(client);
    if (this.running < this.limits.running) this.running++;
    // The finisher hands its slot over; unless a quieter client takes the place first (evict: refused, given back).
    else
      await new Promise<void>((start, refuse) =>
        this.enqueue({ key: client.key, network: client.network, start, refuse }, place),
      );
    try {
      return await work();
    } finally {
      this.leave(client.key);
    }
  }

  /**
   * Decides synchronously, so parallel requests cannot all pass one check before any of them is counted. When the
   * queue (or the network's share of it) is full, the client that has sent the most lately gives its place to a
   * newcomer that has sent far less: a flood that retries all the time cannot keep out a person who asks once.
   * For the same reason a waiter waits ahead of those that have sent far more than it: answers that place in the
   * queue (undefined when it need not wait).
   */
  private admit({ key, network }: CpuClient): number | undefined {
    const { perClientInFlight, perClientPerMinute, running, queued, perNetworkQueued } = this.limits;
    const now = this.now();
    let place: number | undefined;
    const budget = this.budget(key, now);
    if ((this.inFlight.get(key) ?? 0) >= perClientInFlight) throw new CpuGateRefusal(BUSY_RETRY_SECONDS);
    if (budget.tokens < 1)
      throw new CpuGateRefusal(Math.max(1, Math.ceil(((1 - budget.tokens) * MINUTE_MS) / perClientPerMinute / 1000)));
    if (this.running >= running) {
      const networkFull = (this.waitingPerNetwork.get(network) ?? 0) >= perNetworkQueued;
      if (networkFull || this.waiting.length >= queued) {
        const victim = this.noisiest(networkFull ? network : null, now);
        if (!victim || victim.pressure <= EVICT_RATIO * budget.pressure) throw new CpuGateRefusal(BUSY_RETRY_SECONDS);
        this.evict(victim.waiter);
      }
      place = this.placeFor(budget.pressure, now);
    }
    budget.tokens -= 1;
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    return place;
  }

  /** Ahead of the first waiter whose client has sent far more than this one (first come, first served among alike). */
  private placeFor(pressure: number, now: number): number {
    const i = this.waiting.findIndex((w) => this.pressureOf(w.key, now) > EVICT_RATIO * pressure);
    return i < 0 ? this.waiting.length : i;
  }

  private pressureOf(key: string, now: number): number {
    const budget = this.budgets.get(key);
    return budget ? decayed(budget, now) : 0;
  }

  /** The waiter (of `network`, or of any) whose client has sent the most lately. */
  private noisiest(network: string | null, now: number): { waiter: Waiter; pressure: number } | null {
    let found: { waiter: Waiter; pressure: number } | null = null;
    for (const waiter of this.waiting) {
      if (network !== null && waiter.network !== network) continue;
      const pressure = this.pressureOf(waiter.key, now);
      if (!found || pressure > found.pressure) found = { waiter, pressure };
    }
    return found;
  }

  /** Takes a waiter out of the queue, refused; it computed nothing, so its computation is given back. */
  private evict(waiter: Waiter): void {
    this.waiting.splice(this.waiting.indexOf(waiter), 1);
    this.unqueued(waiter.network);
    this.release(waiter.key);
    const budget = this.budgets.get(waiter.key);
    if (budget) budget.tokens = Math.min(this.limits.perClientPerMinute, budget.tokens + 1);
    waiter.refuse(new CpuGateRefusal(BUSY_RETRY_SECONDS));
  }

  private enqueue(waiter: Waiter, place = this.waiting.length): void {
    this.waiting.splice(place, 0, waiter);
    this.waitingPerNetwork.set(waiter.network, (this.waitingPerNetwork.get(waiter.network) ?? 0) + 1);
  }

  private unqueued(network: string): void {
    const n = (this.waitingPerNetwork.get(network) ?? 1) - 1;
    if (n > 0) this.waitingPerNetwork.set(network, n);
    else this.waitingPerNetwork.delete(network);
  }

  private release(key: string): void {
    const left = (this.inFlight.get(key) ?? 1) - 1;
    if (left > 0) this.inFlight.set(key, left);
    else this.inFlight.delete(key);
  }

  private leave(key: string): void {
    this.release(key);
    const next = this.waiting.shift();
    if (!next) {
      this.running--;
      return;
    }
    this.unqueued(next.network);
    next.start();
  }

  /** The client's budget refilled up to now (token bucket), its pressure decayed and counting this request. */
  private budget(key: string, now: number): Budget {
    this.prune(now);
    const { perClientPerMinute } = this.limits;
    const budget = this.budgets.get(key) ?? { tokens: perClientPerMinute, pressure: 0, at: now };
    budget.tokens = Math.min(perClientPerMinute, budget.tokens + ((now - budget.at) * perClientPerMinute) / MINUTE_MS);
    budget.pressure = decayed(budget, now) + 1;
    budget.at = now;
    this.budgets.set(key, budget);
    return budget;
  }

  /** Forgets clients idle for a minute: their budget is full again, as for a client never seen. */
  private prune(now: number): void {
    if (now - this.lastPrune < MINUTE_MS) return;
    this.lastPrune = now;
    for (const [key, budget] of this.budgets) if (now - budget.at >= MINUTE_MS) this.budgets.delete(key);
  }
}

function laneLimits(lane: LaneName, options: CpuGateOptions): CpuGateLimits {
  const { anonymous, signedIn, ...both } = options;
  const own = { ...both, ...(lane === 'anonymous' ? anonymous : signedIn) };
  const limits = { ...DEFAULT_CPU_GATE_LIMITS[lane], ...own };
  // Unless set, a network's share is a quarter of the queue as it is set, and never less than one client may hold.
  if (own.perNetworkQueued === undefined)
    limits.perNetworkQueued = Math.max(quarter(limits.queued), limits.perClientInFlight);
  return limits;
}

export class CpuGate {
  private readonly lanes: Record<LaneName, Lane>;

  constructor(options: CpuGateOptions = {}, now: () => number = Date.now) {
    this.lanes = {
      anonymous: new Lane(laneLimits('anonymous', options), now),
      signedIn: new Lane(laneLimits('signedIn', options), now),
    };
  }

  /**
   * Runs `work` for `client` when a slot of its lane is free; rejects with CpuGateRefusal (before doing anything)
   * if over a limit. A bare string is an anonymous client's socket address (keyed as lib/client-key.ts says).
   */
  run<T>(client: CpuClient | string, work: () => Promise<T>): Promise<T> {
    const c =
      typeof client === 'string'
        ? { lane: 'anonymous' as const, key: clientKey(client), network: networkOf(client) }
        : client;
    return this.lanes[c.lane].run(c, work);
  }
}
