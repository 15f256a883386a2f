import { signal, untracked } from '@preact/signals-react';
import * as planCalls from '../../../api/calls/plan';
import type { Plan, PlanCounts, PlanStatus, PutResult } from '../../../api/shapes/plan';
import type { AppServices } from '../../../app/context';
import { anyFailure, createModel, createPagedSource, createResource, loadFailures } from '../../../kit';
import { PLAN_POLL_MS } from '../shared/status';
import { noticesOf } from '../../shared/live-changes';

export const PLAN_PAGE_SIZE = 10;
export type PlanTab = 'all' | PlanStatus;

/**
 * The plans by status (`planList`: one paged source keyed by the tab, each page carrying every tab's count),
 * read again when a plan changes (the change stream; while it is down, polled while the page is visible and this
 * screen is shown: a put plan moves by itself), and the waiting-to-put
 * count (`planAwaitCount`) on its tab.
 */
export const PlanListModel = createModel((app: AppServices) => {
  const tab = signal<PlanTab>('all');
  const counts = signal<Readonly<PlanCounts> | undefined>(undefined);
  const list = createPagedSource<Plan>(
    (page, signal, key) =>
      app
        .request(
          planCalls.planList,
          { status: key === 'all' ? undefined : (key as PlanStatus), page, page_size: PLAN_PAGE_SIZE },
          { signal, handles: loadFailures },
        )
        .then((p) => {
          counts.value = p.counts;
          return { items: p.list, total: p.total };
        }),
    {
      pageSize: PLAN_PAGE_SIZE,
      key: () => tab.value,
      id: (p) => p.id,
      pollMs: PLAN_POLL_MS,
      changes: noticesOf(app, ['plans']),
    },
  );
  // Decoration beside the tab's title: a failure shows nothing rather than an error over the list.
  const awaiting = createResource((s) =>
    untracked(() => app.request(planCalls.planAwaitCount, undefined, { signal: s, handles: anyFailure })),
  );

  /** A put went through: the plan moves out of "waiting" at once; every list and the counts follow. */
  const onPut = (r: PutResult) => {
    list.update((items) => items.map((p) => (p.id === r.plan.id ? r.plan : p)), { everywhere: true });
    list.invalidate();
    void awaiting.reload();
  };
  /** The plan was put elsewhere meanwhile: what is shown is out of date. */
  const onStale = () => {
    list.invalidate();
    void awaiting.reload();
  };

  return { tab, counts, list, awaiting, onPut, onStale };
});
