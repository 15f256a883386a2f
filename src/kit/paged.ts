import { batch, computed, effect, signal, untracked } from '@preact/signals-react';
import { fresh, finishedAfter, groupsOf, newSet, replay, started, type PageSet } from './page-set';
import type { Page, PagedSlice, PagedSource, PagedSourceOptions } from './paged-types';
import { whileVisible } from './while-visible';

export type { Group, Page, PagedSlice, PagedSource, PagedSourceOptions } from './paged-types';
export { listProps, pullRefreshProps } from './paged-props';

/**
 * Pages start at 1. Without `finished` or `total` from the server, a page shorter than `pageSize` (or an empty
 * one) is the last. Nothing loads until the first loadMore(): the List asks for it once it is on screen.
 */
export function createPagedSource<T, G = undefined>(
  fetchPage: (page: number, signal: AbortSignal, key: string) => Promise<Page<T>>,
  opts: PagedSourceOptions<T, G> = {},
): PagedSource<T, G> {
  const sets = new Map<string, PageSet<T>>();
  const key = signal('');
  const setOf = (k: string) => {
    let s = sets.get(k);
    if (!s) sets.set(k, (s = newSet<T>()));
    return s;
  };
  const current = computed(() => setOf(key.value));
  let disposed = false;

  /** A change was told while a request was in flight: poll again once it settles. */
  let pollAgain = false;
  /** A request has ended: with nothing left in flight, no answer can need the edits any more. */
  const settled = (set: PageSet<T>, ctrl: AbortController) => {
    if (set.inFlight !== ctrl) return;
    set.inFlight = undefined;
    set.edits = [];
  };

  const fetchNext = async (set: PageSet<T>, k: string, busy: 'loading' | 'refreshing'): Promise<boolean> => {
    set.inFlight?.abort();
    const ctrl = (set.inFlight = new AbortController());
    const since = set.edits.length;
    const page = set.nextPage;
    batch(() => {
      set.loading.value = busy === 'loading';
      set.refreshing.value = busy === 'refreshing';
      // A retry is under way: the List swaps "tap to reload" for its spinner.
      set.error.value = undefined;
    });
    try {
      const got = await fetchPage(page, ctrl.signal, k);
      if (ctrl.signal.aborted) return false;
      const items = replay(set, since, got.items);
      batch(() => {
        const all = set.replace
          ? fresh([], items, opts.id)
          : [...set.items.peek(), ...fresh(set.items.peek(), items, opts.id)];
        set.items.value = all;
        set.total.value = got.total;
        set.finished.value = finishedAfter(all, got, opts.pageSize);
        set[busy].value = false;
      });
      set.nextPage = page + 1;
      set.shown = page;
      set.replace = false;
      return true;
    } catch (e) {
      if (ctrl.signal.aborted) return false;
      batch(() => {
        // Even a reason-less rejection must stop paging: the List only stops asking while error is set.
        set.error.value = e ?? new Error('page failed');
        set[busy].value = false;
      });
      return false;
    } finally {
      settled(set, ctrl);
      if (pollAgain && !set.inFlight) {
        pollAgain = false;
        void poll();
      }
    }
  };

  const refreshSet = (set: PageSet<T>, k: string) => {
    set.nextPage = 1;
    set.replace = true;
    set.stale = false;
    return fetchNext(set, k, 'refreshing');
  };

  /** A poll: the pages shown, fetched again together and swapped in at once; a failure keeps what is shown. */
  const poll = async (): Promise<void> => {
    const k = key.peek();
    const set = setOf(k);
    const pages = set.shown;
    if (disposed) return;
    // A notice while a load is under way (the first page's too) polls once that load is in: it may have been answered
    // before the change.
    if (set.inFlight) {
      pollAgain ||= !!opts.changes;
      return;
    }
    if (pages < 1) return;
    const ctrl = (set.inFlight = new AbortController());
    const since = set.edits.length;
    try {
      const got = await Promise.all(Array.from({ length: pages }, (_, i) => fetchPage(i + 1, ctrl.signal, k)));
      if (ctrl.signal.aborted) return;
      const last = got[got.length - 1];
      const all = replay(
        set,
        since,
        got.reduce<T[]>((acc, p) => [...acc, ...fresh(acc, p.items, opts.id)], []),
      );
      batch(() => {
        set.items.value = all;
        set.total.value = last.total;
        set.finished.value = finishedAfter(all, last, opts.pageSize);
      });
    } catch {
      // Quiet by design: a poll is the list keeping itself fresh, not something the merchant asked for.
    } finally {
      settled(set, ctrl);
    }
    if (pollAgain) {
      pollAgain = false;
      return poll();
    }
  };

  // Follows the key; a set marked stale while hidden is refreshed as it comes back into view.
  const stopKey = effect(() => {
    const k = opts.key ? opts.key() : '';
    untracked(() => {
      key.value = k;
      const set = setOf(k);
      if (set.stale) {
        if (started(set)) void refreshSet(set, k);
        else set.stale = false;
      }
    });
  });

  // The lifetime: an effect that reads nothing runs once; its cleanup is dispose(), by hand or by the owning model.
  const stopAll = effect(() => {
    const stopPolling = whileVisible(opts.doc ?? document, opts.pollMs, () => void poll(), opts.changes?.live);
    const stopHearing = opts.changes?.subscribe(() => void poll());
    return () => {
      disposed = true;
      stopPolling();
      stopHearing?.();
      stopKey();
      for (const set of sets.values()) {
        set.inFlight?.abort();
        set.inFlight = undefined;
        batch(() => {
          set.loading.value = false;
          set.refreshing.value = false;
        });
      }
    };
  });

  const loadMore = async (set: PageSet<T>, k: string) => {
    if (disposed || set.loading.peek() || set.refreshing.peek()) return;
    if (set.finished.peek() && set.error.peek() === undefined) return;
    await fetchNext(set, k, 'loading');
  };
  const refresh = (set: PageSet<T>, k: string) => (disposed ? Promise.resolve(false) : refreshSet(set, k));

  const slices = new Map<string, PagedSlice<T, G>>();
  const at = (k: string): PagedSlice<T, G> => {
    let slice = slices.get(k);
    if (!slice) {
      const set = setOf(k);
      slice = {
        items: set.items,
        groups: groupsOf(set.items, opts.group),
        total: set.total,
        loading: set.loading,
        refreshing: set.refreshing,
        finished: set.finished,
        error: set.error,
        loadMore: () => loadMore(set, k),
        refresh: () => refresh(set, k),
      };
      slices.set(k, slice);
    }
    return slice;
  };
  const items = computed(() => current.value.items.value);

  return {
    key,
    at,
    items,
    groups: groupsOf(items, opts.group),
    total: computed(() => current.value.total.value),
    loading: computed(() => current.value.loading.value),
    refreshing: computed(() => current.value.refreshing.value),
    finished: computed(() => current.value.finished.value),
    error: computed(() => current.value.error.value),
    loadMore: () => loadMore(current.peek(), key.peek()),
    refresh: () => refresh(current.peek(), key.peek()),
    invalidate(options = {}) {
      if (disposed) return;
      for (const [k, set] of sets) {
        if (k === key.peek()) {
          if (started(set) && !options.others) void refreshSet(set, k);
        } else if (started(set)) set.stale = true;
      }
    },
    prepend(item) {
      const set = current.peek();
      const id = opts.id;
      const before = set.items.peek();
      const had = id ? before.some((it) => id(it) === id(item)) : false;
      batch(() => {
        set.items.value = [item, ...(id ? before.filter((it) => id(it) !== id(item)) : before)];
        const total = set.total.peek();
        if (total !== undefined && !had) set.total.value = total + 1;
      });
    },
    update(fn, options = {}) {
      batch(() => {
        for (const set of options.everywhere ? sets.values() : [current.peek()]) {
          set.items.value = fn(set.items.peek());
          if (set.inFlight) set.edits.push(fn);
        }
      });
    },
    dispose: () => stopAll(),
  };
}
