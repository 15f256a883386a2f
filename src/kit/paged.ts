import { batch, computed, effect, signal, untracked, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { ListProps } from '../ui/list/List';
import type { PullRefreshProps } from '../ui/pull-refresh/PullRefresh';
import type { ChangeNotices } from './changes';
import { whileVisible } from './while-visible';

export interface Page<T> {
  items: T[];
  /** All items on the server; paging stops once that many are shown. */
  total?: number;
  /** Set by a server that knows this was the last page. */
  finished?: boolean;
}

/** A run of consecutive items with the same group key (a month of a ledger), and what the caller sums over it. */
export interface Group<T, G = undefined> {
  key: string;
  items: T[];
  totals: G;
}

export interface PagedSourceOptions<T, G = undefined> {
  pageSize?: number;
  /**
   * The filters (a tab, a read state), read in an effect so a change is tracked. Each key keeps its own pages and
   * place: switching back shows what was there at once. Without it there is one page set.
   */
  key?: () => string;
  /** An item's identity: a page never adds an item already shown (offset paging shifts when rows are added). */
  id?: (item: T) => PropertyKey;
  /** Groups consecutive items by this key (a month), each with `totals(items)`. */
  group?: { key: (item: T) => string; totals?: (items: T[]) => G };
  /**
   * Fetch the loaded pages again this often while the document is visible (a list whose rows move). A tick while
   * anything is in flight is skipped; a failed poll changes nothing and says nothing (the next tick tries again).
   */
  pollMs?: number;
  /** The document whose visibility pauses polling; the global one unless given. */
  doc?: Document;
  /**
   * Notices that the list changed (the app's change stream, kit/changes.ts): each polls (once more after one under
   * way, which may have been answered before the change), and the timed polling rests while they are live.
   */
  changes?: ChangeNotices;
}

/** One key's list: pages appended by loadMore(), replaced by refresh(). */
export interface PagedSlice<T, G = undefined> {
  items: ReadonlySignal<T[]>;
  /** The items in groups, when the group option is given (else one group of everything). */
  groups: ReadonlySignal<Group<T, G>[]>;
  total: ReadonlySignal<number | undefined>;
  /** A next page (or a retry) is in flight. */
  loading: ReadonlySignal<boolean>;
  /** A refresh (page 1 again) is in flight; the old items stay until it arrives. */
  refreshing: ReadonlySignal<boolean>;
  /** The last page has arrived: items empty and finished is the empty state. */
  finished: ReadonlySignal<boolean>;
  /** The last request's failure (cleared when the next starts); paging stops until loadMore() retries it. */
  error: ReadonlySignal<unknown>;
  /** Loads the next page, or retries the failed one. Ignored while anything is in flight or when finished. */
  loadMore: () => Promise<void>;
  /** Loads page 1 again, aborting any page in flight; resolves true once it has replaced the items. */
  refresh: () => Promise<boolean>;
}

/** An infinite list's data by key; as a slice itself it is the current key's list. */
export interface PagedSource<T, G = undefined> extends PagedSlice<T, G> {
  /** The current key ('' without a key option). */
  key: ReadonlySignal<string>;
  /** A given key's list (a tab panel that stays mounted while another tab is shown keeps its own list and scroll). */
  at: (key: string) => PagedSlice<T, G>;
  /**
   * What is shown is out of date (an action changed it): the current key's list refreshes now if it has loaded
   * anything (unless `others`: it was brought up to date in place), every other key's when it is next shown.
   */
  invalidate: (o?: { others?: boolean }) => void;
  /** Puts an item made here on top of the current list at once (replacing one with its id), counted in total. */
  prepend: (item: T) => void;
  /**
   * Changes the current list's items in place (an item updated or removed by an action), or every key's list
   * with `everywhere` (an item that several filters hold, such as a message marked read). A page in flight was
   * read before the change: the change is made to its items too when it lands.
   */
  update: (fn: (items: T[]) => T[], o?: { everywhere?: boolean }) => void;
  /** Aborts every page in flight and stops polling; later calls do nothing. */
  dispose: () => void;
}

/** One key's pages and where paging stands. */
interface PageSet<T> {
  items: Signal<T[]>;
  total: Signal<number | undefined>;
  loading: Signal<boolean>;
  refreshing: Signal<boolean>;
  finished: Signal<boolean>;
  error: Signal<unknown>;
  /** The request to make next: a failed one is repeated as it was (a failed refresh is retried as page 1). */
  nextPage: number;
  replace: boolean;
  inFlight?: AbortController;
  /** Refresh when next shown. */
  stale: boolean;
  /** How many pages the items hold (what a poll fetches again), kept while a failed refresh waits for its retry. */
  shown: number;
  /**
   * Updates made while a request is in flight: its answer was read before them, so they are replayed on the items
   * it brings (a page asked for before a message was marked read must not show it unread again).
   */
  edits: ((items: T[]) => T[])[];
}

const newSet = <T>(): PageSet<T> => ({
  items: signal<T[]>([]),
  total: signal<number | undefined>(undefined),
  loading: signal(false),
  refreshing: signal(false),
  finished: signal(false),
  error: signal<unknown>(undefined),
  nextPage: 1,
  replace: false,
  stale: false,
  shown: 0,
  edits: [],
});

/** The set has asked for something: there is a list to bring up to date. */
const started = <T>(s: PageSet<T>) => s.nextPage > 1 || !!s.inFlight || s.error.peek() !== undefined;

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

  const finishedAfter = (all: T[], got: Page<T>) =>
    got.finished ??
    (got.total !== undefined
      ? all.length >= got.total
      : got.items.length === 0 || (!!opts.pageSize && got.items.length < opts.pageSize));

  /** Drops items whose id is already in `before` or earlier in the page. */
  const fresh = (before: T[], items: T[]) => {
    if (!opts.id) return items;
    const seen = new Set(before.map(opts.id));
    return items.filter((it) => {
      const id = opts.id!(it);
      return !seen.has(id) && !!seen.add(id);
    });
  };

  /** The updates made since `since` (an edits length when a request started), applied to the items it brought. */
  const replay = (set: PageSet<T>, since: number, items: T[]) =>
    set.edits.slice(since).reduce((acc, fn) => fn(acc), items);
  /** A request has ended: with nothing left in flight, no answer can need the edits any more. */
  /** A change was told while a request was in flight: poll again once it settles. */
  let pollAgain = false;
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
        const all = set.replace ? fresh([], items) : [...set.items.peek(), ...fresh(set.items.peek(), items)];
        set.items.value = all;
        set.total.value = got.total;
        set.finished.value = finishedAfter(all, got);
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
        got.reduce<T[]>((acc, p) => [...acc, ...fresh(acc, p.items)], []),
      );
      batch(() => {
        set.items.value = all;
        set.total.value = last.total;
        set.finished.value = finishedAfter(all, last);
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

  const groupsOf = (items: ReadonlySignal<T[]>) =>
    computed<Group<T, G>[]>(() => {
      const g = opts.group;
      const runs: Group<T, G>[] = [];
      for (const it of items.value) {
        const k = g ? g.key(it) : '';
        const last = runs[runs.length - 1];
        if (last && last.key === k) last.items.push(it);
        else runs.push({ key: k, items: [it], totals: undefined as G });
      }
      if (g?.totals) for (const r of runs) r.totals = g.totals(r.items);
      return runs;
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
        groups: groupsOf(set.items),
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
    groups: groupsOf(items),
    total: computed(() => current.value.total.value),
    loading: computed(() => current.value.loading.value),
    refreshing: computed(() => current.value.refreshing.value),
    finished: computed(() => current.value.finished.value),
    error: computed(() => current.value.error.value),
    loadMore: () => loadMore(current.peek(), key.peek()),
    refresh: () => refresh(current.peek(), key.peek()),
    invalidate(o = {}) {
      if (disposed) return;
      for (const [k, set] of sets) {
        if (k === key.peek()) {
          if (started(set) && !o.others) void refreshSet(set, k);
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
    update(fn, o = {}) {
      batch(() => {
        for (const set of o.everywhere ? sets.values() : [current.peek()]) {
          set.items.value = fn(set.items.peek());
          if (set.inFlight) set.edits.push(fn);
        }
      });
    },
    dispose: () => stopAll(),
  };
}

/** The List's state props for a source: `<List {...listProps(source)}>`. Read during render, so it tracks. */
export function listProps<T, G>(
  source: PagedSlice<T, G>,
): Pick<ListProps, 'loading' | 'finished' | 'error' | 'onLoad'> {
  return {
    loading: source.loading.value,
    finished: source.finished.value,
    error: source.error.value !== undefined,
    onLoad: () => void source.loadMore(),
  };
}

/** PullRefresh's onRefresh for a source: a failed refresh rejects, so the head shows no "Refreshed". */
export function pullRefreshProps<T, G>(source: PagedSlice<T, G>): Pick<PullRefreshProps, 'onRefresh'> {
  return {
    onRefresh: () =>
      source.refresh().then((ok) => {
        // The failure as the list met it: an ApiError, or whatever its loader threw.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        if (!ok) throw source.error.peek() ?? new Error('refresh superseded');
      }),
  };
}
