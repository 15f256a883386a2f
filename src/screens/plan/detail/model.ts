import { untracked } from '@preact/signals-react';
import { ApiError } from '../../../api/client';
import { Reason, type PlanDetail } from '../../../api/contract';
import type { AppServices } from '../../../app/context';
import { claims, createModel, createResource } from '../../../kit';
import { isMoving, PLAN_POLL_MS } from '../shared/status';

const notFound = (e: ApiError) => e.kind === 'business' && e.data.reason === Reason.NOT_FOUND;

/**
 * One plan (`planDetail`, `?id=`): asked again while it is moving and the page is visible, until it has settled or
 * failed. null: no such plan of this merchant (an old link), shown as NotFound rather than a failure to retry.
 */
export const PlanDetailModel = createModel((app: AppServices, id: number) => {
  const plan = createResource<PlanDetail | null>(
    (s) => untracked(() => {
      if (!Number.isInteger(id) || id < 1) return Promise.resolve(null);
      return app.request('planDetail', { id }, { signal: s, claims: (e) => notFound(e) || claims.load(e) })
        .catch((e: unknown) => {
          if (e instanceof ApiError && notFound(e)) return null;
          throw e;
        });
    }),
    { refreshMs: PLAN_POLL_MS, refreshWhile: (p) => !!p && isMoving(p.status) },
  );
  /** Put here, or found put elsewhere: the plan has moved on. */
  const changed = () => void plan.reload();
  return { plan, changed };
});
