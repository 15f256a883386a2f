/**
 * The simulation's pace: the real time one simulated step takes (one step is one simulated hour of delivery).
 * Realistic by default; `SIMULATION_STEP_MS=150` makes a newly put plan settle (or fail) within a minute, which
 * is what `npm start` runs the examples at. A plan keeps the pace it was put at (plans.sim_step_ms), so seeded
 * plans keep their longer lives while new ones move at the configured pace.
 */
export const DEFAULT_STEP_MS = 3_600_000;

export function simulationStepMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SIMULATION_STEP_MS;
  if (raw === undefined || raw === '') return DEFAULT_STEP_MS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`SIMULATION_STEP_MS must be a whole number of milliseconds ≥ 1, not ${raw}`);
  return n;
}

/**
 * The share of plans (percent, 0-100) whose matching fails, so the merchant gets the money (and the coupon) back:
 * env SIMULATION_FAIL_PERCENT, default 10. Which plans fail is a function of the plan's id (simulation.ts), so
 * the same plan fails on every server; the browser tests run at 0 so a put never fails at random.
 */
export const DEFAULT_FAIL_PERCENT = 10;

export function simulationFailPercent(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SIMULATION_FAIL_PERCENT;
  if (raw === undefined || raw === '') return DEFAULT_FAIL_PERCENT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 100)
    throw new Error(`SIMULATION_FAIL_PERCENT must be a whole number from 0 to 100, not ${raw}`);
  return n;
}
