/**
 * A run of simulation steps (simulation.ts advancePlans) writes what its steps add up to once, at its end: this
 * holds those sums meanwhile.
 */
import type { Db } from '../../storage/engine';
import {
  addPlanStats,
  addToBeSettled,
  advanceSimSteps,
  type PlanStatInput,
  type StepDelivery,
} from '../../storage/plans';
import type { StepFigures } from './schedule';

/** Adds a step's figures to a plan's totals or to its hourly row. */
function addFigures(into: StepFigures, from: StepFigures): void {
  into.impressions += from.impressions;
  into.clicks += from.clicks;
  into.consumed_cents += from.consumed_cents;
  into.revenue_cents += from.revenue_cents;
}

/** A plan's steps in one run: from which step number to which, when the last was due, and their delivery. */
interface PlanSteps {
  fromStep: number;
  toStep: number;
  at: string;
  delivery: StepDelivery | null;
}

/**
 * What a run's steps write to rows nothing reads while the run lasts: each plan's step number and totals, its hourly
 * rows, each merchant's "to be settled". The steps' amounts are summed as they are applied and written once, at the
 * run's end and inside its transaction, instead of three statements per step (a fresh merchant's history is
 * hundreds of steps). The plans are locked for the run (lockSimPlans), so their step numbers cannot move meanwhile;
 * the compare-and-set still checks, and a lost one throws, undoing the whole run.
 */
export class RunTotals {
  private readonly plans = new Map<number, PlanSteps>();
  private readonly stats = new Map<string, PlanStatInput>();
  private readonly toBeSettled = new Map<number, { cents: number; at: string }>();

  /** The plan's next step, taken at `at`, with its delivery if it is a delivery step. */
  step(planId: number, fromStep: number, at: string, delivery?: StepDelivery): void {
    let run = this.plans.get(planId);
    if (!run) this.plans.set(planId, (run = { fromStep, toStep: fromStep, at, delivery: null }));
    if (run.toStep !== fromStep)
      throw new Error(`plan ${planId}: step ${fromStep + 1} taken out of turn (at ${run.toStep})`);
    run.toStep = fromStep + 1;
    run.at = at;
    if (!delivery) return;
    if (!run.delivery) run.delivery = { ...delivery };
    else {
      addFigures(run.delivery, delivery);
      run.delivery.put_progress = delivery.put_progress;
    }
  }

  addStat(s: PlanStatInput): void {
    const key = `${s.plan_id} ${s.hour}`;
    const row = this.stats.get(key);
    if (row) addFigures(row, s);
    else this.stats.set(key, { ...s });
  }

  /** `cents` (signed) into the merchant's "to be settled", at `at` (the run's steps come in time order). */
  moveToBeSettled(userId: number, cents: number, at: string): void {
    const move = this.toBeSettled.get(userId);
    if (move) {
      move.cents += cents;
      move.at = at;
    } else this.toBeSettled.set(userId, { cents, at });
  }

  async write(db: Db): Promise<void> {
    for (const [planId, run] of this.plans) {
      if (!(await advanceSimSteps(db, planId, run.fromStep, run.toStep, run.at, run.delivery))) {
        throw new Error(
          `plan ${planId}: its step moved from ${run.fromStep} while this run held it; the run is undone`,
        );
      }
    }
    await addPlanStats(db, [...this.stats.values()]);
    for (const [userId, move] of this.toBeSettled) await addToBeSettled(db, userId, move.cents, move.at);
  }
}
