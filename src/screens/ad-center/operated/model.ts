import { computed, signal, untracked } from '@preact/signals-react';
import type { ApiError } from '../../../api/client';
import { Code, type FollowRecord } from '../../../api/contract';
import type { AppServices } from '../../../app/context';
import { createModel, createPagedSource, createResource } from '../../../kit';

const PAGE_SIZE = 20;

/**
 * A page of the follow list that fails is shown by the List itself ("tap to reload"), so a toast would say it twice;
 * what ends or blocks the session (401, 402-404, 503) is still the error policy's.
 */
const shownByList = (e: ApiError) => e.kind !== 'business' || e.code === Code.SERVER || e.code === Code.DATA || e.code === Code.PARAMS;

/** Plan follow: the operators this merchant follows (paged), the merchant's own proxy ID, and the operating rules. */
export const OperatedModel = createModel((app: AppServices) => {
  const follows = createPagedSource<FollowRecord>(
    (page, signal) =>
      app.request('assistanceList', { page, page_size: PAGE_SIZE }, { signal, claims: shownByList }).then((p) => ({ items: p.list, total: p.total })),
    { pageSize: PAGE_SIZE },
  );
  // Followed on this visit: on top at once, without reloading the list. Paging by offset shifts later pages by
  // the new rows, so the list as shown drops any record it already has.
  const added = signal<FollowRecord[]>([]);
  const records = computed(() => {
    const seen = new Set<number>();
    return [...added.value, ...follows.items.value].filter((r) => !seen.has(r.id) && !!seen.add(r.id));
  });
  const addedIds = computed(() => new Set(added.value.map((r) => r.id)));
  /** How many the merchant follows: the server's total plus what this visit added beyond the pages it counted. */
  const count = computed(() => {
    const total = follows.total.value;
    if (total === undefined) return undefined;
    const listed = new Set(follows.items.value.map((r) => r.id));
    return total + added.value.filter((r) => !listed.has(r.id)).length;
  });

  const user = createResource(() => untracked(() => (app.session.user.value ? Promise.resolve(app.session.user.value) : app.loadUser())));
  const rules = createResource(() =>
    untracked(() => (app.config.config.value.operating_rules ? Promise.resolve() : app.config.load(app.i18n.lang.value))),
  );

  return {
    follows,
    records,
    addedIds,
    count,
    // The session loads the user at start; this joins that request, or asks again when it failed, so the
    // proxy-ID card can show a skeleton and then a retry instead of waiting forever.
    user,
    // The rules come with basic config, kept out of storage (spec §3): a first visit may come before its load.
    rules,
    /** Whether the list as shown holds this record (following an ID twice answers the existing record). */
    has: (record: FollowRecord) => records.peek().some((r) => r.id === record.id),
    followed(record: FollowRecord) {
      added.value = [record, ...added.value.filter((r) => r.id !== record.id)];
    },
    /** Pull to refresh: page 1 again; the server's order then holds this visit's follows too. */
    async refresh() {
      // What failed before is asked again too; what is shown is kept.
      if (user.error.peek() !== undefined) void user.reload();
      if (rules.error.peek() !== undefined) void rules.reload();
      const ok = await follows.refresh();
      if (!ok) throw follows.error.peek() ?? new Error('refresh superseded');
      added.value = [];
    },
  };
});
