import { computed, signal } from '@preact/signals-react';
import type { FollowRecord } from '../../../api/contract';
import type { AppServices } from '../../../app/context';
import { claims, createModel, createPagedSource, createResource, refreshAll } from '../../../kit';
import { configPart } from '../../shared/config-part';

const PAGE_SIZE = 20;

/** Plan follow: the operators this merchant follows (paged), the merchant's own proxy ID, and the operating rules. */
export const OperatedModel = createModel((app: AppServices) => {
  // Paging by offset shifts later pages by the rows followed on this visit: the source drops any it already has.
  const follows = createPagedSource<FollowRecord>(
    (page, signal) =>
      app.request('assistanceList', { page, page_size: PAGE_SIZE }, { signal, claims: claims.load }).then((p) => ({ items: p.list, total: p.total })),
    { pageSize: PAGE_SIZE, id: (r) => r.id },
  );
  /** Followed on this visit: marked as new in the list. */
  const added = signal<ReadonlySet<number>>(new Set());

  // The session loads the user at start; this joins that request, or asks again when it failed, so the proxy-ID
  // card can show a skeleton and then a retry instead of waiting forever.
  const user = createResource(() => (app.session.user.peek() ? Promise.resolve(app.session.user.peek()) : app.loadUser()));
  // The rules come with basic config, kept out of storage (spec §3): a first visit may come before its load.
  const rules = configPart(app, 'operating_rules');

  return {
    follows,
    added,
    /** How many the merchant follows: the server's total, counting this visit's follows. */
    count: computed(() => follows.total.value),
    user,
    rules,
    /** Whether the list as shown holds this record (following an ID twice answers the existing record). */
    has: (record: FollowRecord) => follows.items.peek().some((r) => r.id === record.id),
    followed(record: FollowRecord) {
      follows.prepend(record);
      added.value = new Set(added.peek()).add(record.id);
    },
    /** Pull to refresh: page 1 again (the server's order then holds this visit's follows too), and what failed. */
    async refresh() {
      const failed = [user, rules].filter((r) => r.error.peek() !== undefined);
      const ok = await follows.refresh();
      await refreshAll(...failed).catch(() => undefined);
      if (!ok) throw follows.error.peek() ?? new Error('refresh superseded');
      added.value = new Set();
    },
  };
});
