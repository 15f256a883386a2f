/** One runner of sim-race.ts on SQLite: its own connection to the file, waits for the others, then advances the simulation once. */
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../storage/open';
import { advancePlans } from '../services/plans/simulation';
import type { SimRaceJob } from './sim-race';

const job = workerData as SimRaceJob;
const store = await openStore({ path: job.path });
const cell = new Int32Array(job.barrier);
Atomics.add(cell, 0, 1);
Atomics.notify(cell, 0);
for (let seen = Atomics.load(cell, 0); seen < job.count; seen = Atomics.load(cell, 0)) Atomics.wait(cell, 0, seen, 100);
try {
  parentPort!.postMessage({ steps: (await advancePlans(store.db, job.untilMs, { failPercent: 0 })).steps });
} catch (err) {
  parentPort!.postMessage({ error: String(err) });
} finally {
  await store.close();
}
