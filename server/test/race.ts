/**
 * Real races on one database: a SQLite file or a PostgreSQL database. A single server process on SQLite never
 * races with itself (its one connection takes one transaction at a time), so the guarantees that matter are the
 * ones that hold across connections, as between two server processes: an exclusive transaction or a row lock, a
 * unique index, a conditional write. A pool of worker threads, each with its own connection (race-worker.ts),
 * calls a service at the same instant (a shared barrier) and the test looks at what each got.
 */
import { Worker } from 'node:worker_threads';
import { compiled } from './compiled';

export type RaceOp = { nowMs: number; requestId?: string } & (
  | { kind: 'activityReceive'; userId: number; activityId: number; tz: string }
  /** Racer i receives couponIds[i % length]. */
  | { kind: 'couponReceive'; userId: number; couponIds: number[]; tz: string }
  | { kind: 'signIn'; userId: number; tz: string }
  | { kind: 'follow'; userId: number; ownProxyId: string; proxyId: string }
  /** `token`: a live session of the merchant's (the withdrawal checks it in its transaction). */
  | { kind: 'withdraw'; userId: number; amount: string; tz: string; token: string }
  /** Racer i opens an acceptance for userIds[i % length] with the code. */
  | { kind: 'accept'; userIds: number[]; type: 'personal' | 'enterprise'; code: string }
);

/** The database the racers meet on: a SQLite file (migrated already) or a PostgreSQL database's URL. */
export type RaceTarget = { path: string } | { url: string };

export interface RaceJob {
  target: RaceTarget;
  op: RaceOp;
  index: number;
  barrier: SharedArrayBuffer;
  count: number;
}
export type RaceOutcome = { ok: true; value: unknown } | { ok: false; reason?: string; error?: string };

function nextMessage<T>(w: Worker): Promise<T> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    w.once('error', onError);
    w.once('message', (m: T) => {
      w.off('error', onError);
      resolve(m);
    });
  });
}

export class RacePool {
  private constructor(private readonly workers: Worker[]) {}

  /** `size` racers, each with its own connection once it meets a database. */
  static async start(size: number): Promise<RacePool> {
    const workers = Array.from({ length: size }, () => new Worker(compiled('server/test/race-worker.ts')));
    await Promise.all(workers.map((w) => nextMessage<'ready'>(w)));
    return new RacePool(workers);
  }

  /** Every racer runs `op` against the database `target` at the same moment; their outcomes, by racer. */
  async race(target: RaceTarget, op: RaceOp): Promise<RaceOutcome[]> {
    const barrier = new SharedArrayBuffer(4);
    return Promise.all(
      this.workers.map((w, index) => {
        const answer = nextMessage<RaceOutcome>(w);
        w.postMessage({ target, op, index, barrier, count: this.workers.length } satisfies RaceJob);
        return answer;
      }),
    );
  }

  /** Ends the racers, each closing its connections first (a PostgreSQL database cannot be dropped while used). */
  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (w) => {
        const closed = nextMessage<'closed'>(w);
        w.postMessage('close');
        await closed;
      }),
    );
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** Outcomes as one word each ('ok' or the refusal's reason), for assertions and messages. */
export const verdicts = (outcomes: readonly RaceOutcome[]) =>
  outcomes.map((o) => (o.ok ? 'ok' : (o.reason ?? `error: ${o.error}`)));
