/**
 * Simulation runners racing on one database, as several server processes would: each racer has a connection of its
 * own and calls advancePlans at the same instant. On SQLite the racers are worker threads, each opening the file
 * (a shared barrier lets them go together); on PostgreSQL they run side by side in this process, each on a handle
 * of its own whose transactions take connections of their own from the pool (the server sees separate sessions, as
 * from separate processes). Resolves with the steps each applied.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { compiled } from './compiled';
import { advancePlans } from '../services/plans/simulation';
import type { SharedDb } from './plan-support';

export interface SimRaceJob {
  path: string;
  untilMs: number;
  barrier: SharedArrayBuffer;
  count: number;
}

export async function simRace(shared: SharedDb, racers: number, untilMs: number): Promise<number[]> {
  if (shared.path === null) {
    const stores = await Promise.all(Array.from({ length: racers }, () => shared.connect()));
    try {
      return await Promise.all(stores.map(async (s) => (await advancePlans(s.db, untilMs, { failPercent: 0 })).steps));
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  }
  const path = shared.path;
  const barrier = new SharedArrayBuffer(4);
  const workers = Array.from(
    { length: racers },
    () =>
      new Worker(compiled('server/test/sim-race-worker.ts'), {
        workerData: { path, untilMs, barrier, count: racers } satisfies SimRaceJob,
      }),
  );
  // Every racer is let finish and exit on its own, even after one has failed: a thread terminated while SQLite waits
  // on a lock for it would fail inside better-sqlite3 and bring the whole process down.
  const outcomes = await Promise.allSettled(
    workers.map(
      (w) =>
        new Promise<number>((resolve, reject) => {
          w.once('error', reject);
          w.once('message', (m: { steps?: number; error?: string }) =>
            m.error ? reject(new Error(m.error)) : resolve(m.steps!),
          );
        }),
    ),
  );
  await Promise.all(workers.filter((w) => w.threadId !== -1).map((w) => once(w, 'exit')));
  const failed = outcomes.find((o) => o.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes.map((o) => (o as PromiseFulfilledResult<number>).value);
}
