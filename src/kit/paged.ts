import { batch, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { ListProps } from '../ui/list/List';
import type { PullRefreshProps } from '../ui/pull-refresh/PullRefresh';

export interface Page<T> {
  items: T[];
  /** All items on the server; paging stops once that many are shown. */
  total?: number;
  /** Set by a server that knows this was the last page. */
  finished?: boolean;
}

/** An infinite list's data: pages appended by loadMore(), replaced by refresh(). */
export interface PagedSource<T> {
  items: ReadonlySignal<T[]>;
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
  loadMore(): Promise<void>;
  /** Loads page 1 again, aborting any page in flight; resolves true once it has replaced the items. */
  refresh(): Promise<boolean>;
  /** Aborts the page in flight; later calls do nothing. */
  dispose(): void;
}

/**
 * Pages start at 1. Without `finished` or `total` from the server, a page shorter than `pageSize` (or an
 * empty one) is the last. Nothing loads until the first loadMore(): the List asks for it once it is on screen.
 */
export function createPagedSource<T>(
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page<T>>,
  opts: { pageSize?: number } = {},
): PagedSource<T> {
  const items = signal<T[]>([]);
  const total = signal<number | undefined>(undefined);
  const loading = signal(false);
  const refreshing = signal(false);
  const finished = signal(false);
  const error = signal<unknown>(undefined);
  // The request to make next: a failed one is repeated as it was (a failed refresh is retried as page 1
  // replacing the items), so the list's "tap to reload" picks up exactly where it stopped.
  let nextPage = 1;
  let replace = false;
  let inFlight: AbortController | undefined;
  let disposed = false;

  const fetchNext = async (busy: typeof loading): Promise<boolean> => {
    inFlight?.abort();
    const ctrl = (inFlight = new AbortController());
    const page = nextPage;
    batch(() => {
      loading.value = busy === loading;
      refreshing.value = busy === refreshing;
      // A retry is under way: the List swaps "tap to reload" for its spinner.
      error.value = undefined;
    });
    try {
      const got = await fetchPage(page, ctrl.signal);
      if (ctrl.signal.aborted) return false;
      batch(() => {
        const all = replace ? got.items : [...items.peek(), ...got.items];
        items.value = all;
        total.value = got.total;
        finished.value =
          got.finished ??
          (got.total !== undefined ? all.length >= got.total : got.items.length === 0 || (!!opts.pageSize && got.items.length < opts.pageSize));
        busy.value = false;
      });
      nextPage = page + 1;
      replace = false;
      return true;
    } catch (e) {
      if (ctrl.signal.aborted) return false;
      batch(() => {
        // Even a reason-less rejection must stop paging: the List only stops asking while error is set.
        error.value = e ?? new Error('page failed');
        busy.value = false;
      });
      return false;
    } finally {
      if (inFlight === ctrl) inFlight = undefined;
    }
  };

  // Teardown lives in the cleanup of an effect that reads nothing, so a model that creates the source
  // disposes it with its own effects; dispose() is the same thing by hand.
  const dispose = effect(() => () => {
    disposed = true;
    inFlight?.abort();
    inFlight = undefined;
    batch(() => {
      loading.value = false;
      refreshing.value = false;
    });
  });

  return {
    items, total, loading, refreshing, finished, error,
    async loadMore() {
      if (disposed || loading.peek() || refreshing.peek()) return;
      if (finished.peek() && error.peek() === undefined) return;
      await fetchNext(loading);
    },
    refresh() {
      if (disposed) return Promise.resolve(false);
      nextPage = 1;
      replace = true;
      return fetchNext(refreshing);
    },
    dispose: () => dispose(),
  };
}

/** The List's state props for a source: `<List {...listProps(source)}>`. Read during render, so it tracks. */
export function listProps<T>(source: PagedSource<T>): Pick<ListProps, 'loading' | 'finished' | 'error' | 'onLoad'> {
  return {
    loading: source.loading.value,
    finished: source.finished.value,
    error: source.error.value !== undefined,
    onLoad: () => void source.loadMore(),
  };
}

/** PullRefresh's onRefresh for a source: a failed refresh rejects, so the head shows no "Refreshed". */
export function pullRefreshProps<T>(source: PagedSource<T>): Pick<PullRefreshProps, 'onRefresh'> {
  return {
    onRefresh: () =>
      source.refresh().then((ok) => {
        if (!ok) throw source.error.peek() ?? new Error('refresh superseded');
      }),
  };
}
