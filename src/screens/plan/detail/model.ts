import { untracked } from '@preact/signals-react';
import * as planCalls from '../../../api/calls/plan';
import type { AppServices } from '../../../app/context';
import { createModel, createResource } from '../../../kit';
import { byPlanId } from '../shared/by-id';
import { isMovingStatus } from '../../../api/shapes/plan';
import { PLAN_POLL_MS } from '../shared/status';
import { noticesOf } from '../../shared/live-changes';

/**
 * One plan (`planDetail`, `?id=`): read again when the server says it changed (the change stream), or, while the
 * stream is down, every PLAN_POLL_MS while it is moving and the page is visible, until it has settled or failed.
 * null: no such plan of this merchant (an old link), shown as NotFound rather than a failure to retry.
 */
export const PlanDetailModel = createModel((app: AppServices, id: number) => {
  const plan = createResource((s) => untracked(() => byPlanId(app, planCalls.planDetail, id, s)), {
    refreshMs: PLAN_POLL_MS,
    refreshWhile: (p) => !!p && isMovingStatus(p.status),
    changes: noticesOf(app, ['plans'], { match: (n) => n.kind !== 'plans' || !!n.ids?.includes(id) }),
  });
  /** Put here, or found put elsewhere: the plan has moved on. */
  const changed = () => void plan.reload();
  return { plan, changed };
});
