// One key's pages in a paged source (kit/paged.ts), and what is worked out from them: where paging ends, which items
// are new, the edits a late answer must replay, the groups.
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Group, Page, PagedSourceOptions } from './paged-types';

/** One key's pages and where paging stands. */
export interface PageSet<T> {
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

export const newSet = <T>(): PageSet<T> => ({
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
export const started = <T>(s: PageSet<T>) => s.nextPage > 1 || !!s.inFlight || s.error.peek() !== undefined;

/** The page after which paging stops: the server says so, or its total is reached, or a page comes back short. */
export const finishedAfter = <T>(all: T[], got: Page<T>, pageSize?: number) =>
  got.finished ??
  (got.total !== undefined
    ? all.length >= got.total
    : got.items.length === 0 || (!!pageSize && got.items.length < pageSize));

/** Drops items whose id is already in `before` or earlier in the page (offset paging shifts when rows are added). */
export function fresh<T>(before: T[], items: T[], id?: (item: T) => PropertyKey): T[] {
  if (!id) return items;
  const seen = new Set(before.map(id));
  return items.filter((it) => {
    const key = id(it);
    return !seen.has(key) && !!seen.add(key);
  });
}

/** The updates made since `since` (an edits length when a request started), applied to the items it brought. */
export const replay = <T>(set: PageSet<T>, since: number, items: T[]) =>
  set.edits.slice(since).reduce((acc, fn) => fn(acc), items);

/** Runs of consecutive items with the same group key, each with the caller's totals (one group without the option). */
export const groupsOf = <T, G>(items: ReadonlySignal<T[]>, group?: PagedSourceOptions<T, G>['group']) =>
  computed<Group<T, G>[]>(() => {
    const runs: Group<T, G>[] = [];
    for (const it of items.value) {
      const k = group ? group.key(it) : '';
      const last = runs[runs.length - 1];
      if (last && last.key === k) last.items.push(it);
      else runs.push({ key: k, items: [it], totals: undefined as G });
    }
    if (group?.totals) for (const r of runs) r.totals = group.totals(r.items);
    return runs;
  });
