/**
 * Simulation runners racing on one database file: worker threads, each with its own connection (as a second server
 * process would have), call advancePlans at the same instant (a shared barrier). Resolves with the steps each applied.
 */
import { Worker } from 'node:worker_threads';

export interface SimRaceJob { path: string; untilMs: number; barrier: SharedArrayBuffer; count: number }

const WORKER = new URL('./sim-race-worker.ts', import.meta.url).href;
// Workers do not inherit tsx's loader on this Node; each registers it before loading the runner.
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER)}); });`;

export async function simRace(path: string, racers: number, untilMs: number): Promise<number[]> {
  const barrier = new SharedArrayBuffer(4);
  const workers = Array.from({ length: racers }, () => new Worker(BOOT, { eval: true, workerData: { path, untilMs, barrier, count: racers } satisfies SimRaceJob }));
  try {
    return await Promise.all(workers.map((w) => new Promise<number>((resolve, reject) => {
      w.once('error', reject);
      w.once('message', (m: { steps?: number; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.steps!)));
    })));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
