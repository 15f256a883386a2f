/**
 * Timers every server process runs but only one should act on per tick (the delivery simulation, the ticker's
 * notices): a tick is claimed with one conditional write on the job's row, so of processes ticking together exactly
 * one gets it, on either engine and on any number of machines. A claimer that dies leaves only a time: the next tick
 * is anyone's again.
 */
import type { Db } from './engine';

export type JobName = 'simulation' | 'ticker';

/** A claim more than this far ahead of the claimer's clock is no claim (a clock that ran fast, or was set back). */
const FUTURE_MS = 60_000;

/**
 * Claims the job's tick at `nowMs` for this process: true when no process ran it within the last `intervalMs`
 * (the row then says this one did), false when another did.
 */
export async function claimJobTick(db: Db, job: JobName, nowMs: number, intervalMs: number): Promise<boolean> {
  const r = await db
    .updateTable('job_ticks')
    .set({ ran_at: nowMs })
    .where('name', '=', job)
    .where((eb) => eb.or([eb('ran_at', '<=', nowMs - intervalMs), eb('ran_at', '>', nowMs + FUTURE_MS)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
