import { computed, signal, untracked } from '@preact/signals-react';
import * as adCenterCalls from '../../../api/calls/ad-center';
import type { FollowRecord, UnfollowResult } from '../../../api/shapes/ad-center';
import type { AppServices } from '../../../app/context';
import {
  createKeyedAction,
  createModel,
  createPagedSource,
  createResource,
  loadFailures,
  refreshAll,
} from '../../../kit';
import { configPart } from '../../shared/config-part';

const PAGE_SIZE = 20;

/** How a followed operator is named: their shop's name, or their follow ID when they have none. */
export const nameOf = (r: FollowRecord) => r.nickname || r.proxy_id;

/**
 * Plan follow: the operators this merchant follows (paged, each can be unfollowed), the merchant's own follow ID,
 * and the operating rules.
 */
export const OperatedModel = createModel((app: AppServices) => {
  // Paging by offset shifts later pages by the rows followed on this visit: the source drops any it already has.
  const follows = createPagedSource<FollowRecord>(
    (page, signal) =>
      app
        .request(adCenterCalls.assistanceList, { page, page_size: PAGE_SIZE }, { signal, handles: loadFailures })
        .then((p) => ({ items: p.list, total: p.total })),
    { pageSize: PAGE_SIZE, id: (r) => r.id },
  );
  /** Followed on this visit: marked as new in the list. */
  const added = signal<ReadonlySet<number>>(new Set());

  // The session loads the user at start; this joins that request, or asks again when it failed, so the proxy-ID
  // card can show a skeleton and then a retry instead of waiting forever.
  const user = createResource(() =>
    app.session.user.peek() ? Promise.resolve(app.session.user.peek()) : untracked(() => app.loadUser()),
  );
  // The rules come with basic config, kept out of storage (docs/product.md, "Stored locally"): a first visit may come before its load.
  const rules = configPart(app, 'operating_rules');

  /** Gone from the server (unfollowed now, or before elsewhere): off the list at once, then page 1 again, so the
   * count and the offsets of later pages are the server's. */
  const remove = (r: FollowRecord) => {
    follows.update((items) => items.filter((x) => x.id !== r.id));
    follows.invalidate();
  };

  // The confirm is the view's (nothing is sent before it); a failure keeps the row, so another tap can retry.
  const unfollow = createKeyedAction<FollowRecord, UnfollowResult>(
    { t: app.i18n.t, toast: app.overlays.toast },
    {
      key: (r) => r.id,
      run: (r, { requestId, handles }) =>
        app.request(adCenterCalls.assistanceUnfollow, { id: r.id, request_id: requestId }, { handles }),
      // Unfollowed elsewhere already: what the merchant wanted is true, said neutrally.
      refusals: { not_found: { key: 'operated.unfollowGone', tone: 'text' } },
      failed: { handles: loadFailures, key: 'operated.unfollowFailed' },
      success: (_, r) => app.i18n.t('operated.unfollowed', { name: nameOf(r) }),
      onDone: (_, r) => remove(r),
      onRefused: (_, r) => remove(r),
    },
  );

  return {
    follows,
    added,
    unfollow,
    /**
     * How many the merchant follows: the server's total (counting this visit's follows); once every page is shown,
     * the rows themselves, so an unfollow counts at once, before page 1 comes again.
     */
    count: computed(() =>
      follows.finished.value && follows.error.value === undefined ? follows.items.value.length : follows.total.value,
    ),
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
      // The failure as the list met it: an ApiError, or whatever its loader threw.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (!ok) throw follows.error.peek() ?? new Error('refresh superseded');
      added.value = new Set();
    },
  };
});
