/**
 * How a plan's status may change, written once: every status change in the server goes through `moveStatus`,
 * which refuses any other move and records the move in the plan's timeline (plan_events).
 *
 *   waitPut ─put─▶ matching ─▶ puting ─▶ putFinished ─▶ waitSettlement ─▶ settled
 *                      └──────▶ putFailed (the money returned)
 */
import type { PlanStatus } from '../../../src/api/shapes/plan';
import type { Db } from '../../storage/engine';
import { insertPlanEvent, updatePlanStatus } from '../../storage/plans';

export const PLAN_TRANSITIONS: Readonly<Record<PlanStatus, readonly PlanStatus[]>> = {
  waitPut: ['matching'],
  matching: ['puting', 'putFailed'],
  puting: ['putFinished'],
  putFinished: ['waitSettlement'],
  waitSettlement: ['settled'],
  putFailed: [],
  settled: [],
};

export const canMove = (from: PlanStatus, to: PlanStatus): boolean => PLAN_TRANSITIONS[from].includes(to);

/** A move the table does not allow, or from a status the plan is no longer in (someone moved it first). */
export class ForbiddenTransition extends Error {
  constructor(
    readonly planId: number,
    readonly from: PlanStatus,
    readonly to: PlanStatus,
  ) {
    super(`plan ${planId}: ${from} → ${to} is not allowed`);
    this.name = 'ForbiddenTransition';
  }
}

/**
 * Moves a plan from `from` to `to` at `at` (ISO time) and adds the move to its timeline. Compare-and-set: the
 * update only happens while the plan is still in `from`, so two writers cannot both move it. Call inside the
 * transaction that makes the move's money changes, so the status and the money commit together.
 */
export async function moveStatus(db: Db, planId: number, from: PlanStatus, to: PlanStatus, at: string): Promise<void> {
  if (!canMove(from, to)) throw new ForbiddenTransition(planId, from, to);
  if (!(await updatePlanStatus(db, planId, from, to, at))) throw new ForbiddenTransition(planId, from, to);
  await insertPlanEvent(db, planId, to, at);
}
