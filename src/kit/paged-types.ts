// What a paged source is: its options, one key's list (a slice) and the source over every key (kit/paged.ts).
import type { ReadonlySignal } from '@preact/signals-react';
import type { ChangeNotices } from './changes';

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
  invalidate: (options?: { others?: boolean }) => void;
  /** Puts an item made here on top of the current list at once (replacing one with its id), counted in total. */
  prepend: (item: T) => void;
  /**
   * Changes the current list's items in place (an item updated or removed by an action), or every key's list
   * with `everywhere` (an item that several filters hold, such as a message marked read). A page in flight was
   * read before the change: the change is made to its items too when it lands.
   */
  update: (fn: (items: T[]) => T[], options?: { everywhere?: boolean }) => void;
  /** Aborts every page in flight and stops polling; later calls do nothing. */
  dispose: () => void;
}
