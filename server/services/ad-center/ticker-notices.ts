/**
 * The ticker's notices: every REFRESH_MS one process (the one that claims the tick, storage/jobs.ts) tells every
 * open app that the ticker has news (a `ticker` change for everyone, storage/changes.ts), and every process that
 * hears it forgets its cached payload (routes/ad-center.ts), so the apps' re-reads see the new figures, computed once
 * per process. The apps then need not ask every 30 seconds themselves.
 */
import { REFRESH_MS } from '../../../src/api/shapes/ad-center';
import type { Db } from '../../storage/engine';
import { noteChange } from '../../storage/changes';
import { claimJobTick } from '../../storage/jobs';

/** How often each process tries to claim the tick: a fraction of the interval, so one claims it close to on time. */
const TRIES_PER_INTERVAL = 6;

/** Starts the timer (unref'd); the returned function stops it once a tick under way has finished. */
export function startTickerNotices(
  db: Db,
  clock: () => number,
  onError: (err: unknown) => void,
  intervalMs = REFRESH_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = async () => {
    // A little under the interval, so the tick is not lost to a few ms of timer drift.
    if (await claimJobTick(db, 'ticker', clock(), intervalMs - Math.floor(intervalMs / (2 * TRIES_PER_INTERVAL)))) {
      await noteChange(db, { user: null, kind: 'ticker' });
    }
  };
  const timer = setInterval(
    () => {
      running ??= tick()
        .then(() => undefined, onError)
        .finally(() => {
          running = null;
        });
    },
    Math.max(10, Math.floor(intervalMs / TRIES_PER_INTERVAL)),
  );
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
