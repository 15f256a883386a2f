import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { createPagedSource, type Page, type PagedSource } from './paged';
import { deferred } from '../../test/browser/support/deferred';
import { captureIntervals, type CapturedIntervals } from '../../test/browser/support/timers';

interface Row {
  id: number;
  month: string;
  amount: number;
}

interface Call<T> {
  page: number;
  key: string;
  signal: AbortSignal;
  answer: ReturnType<typeof deferred<Page<T>>>;
}

/** fetchPage whose every call (page, key, signal) is recorded and answered by the test. */
function controlledPages<T = string>() {
  const calls: Call<T>[] = [];
  const fetchPage = (page: number, signal: AbortSignal, key: string) => {
    const answer = deferred<Page<T>>();
    calls.push({ page, key, signal, answer });
    return answer.promise;
  };
  return {
    fetchPage,
    calls,
    last: () => calls[calls.length - 1],
    asked: () => calls.map((c) => `${c.key}:${c.page}`),
  };
}

/** Lets settled promises' reactions run (one task: every microtask queued before it has run). */
const flush = () => new Promise<void>((ok) => setTimeout(ok, 0));

const names = (key: string, page: number, n: number) => Array.from({ length: n }, (_, i) => `${key}${page}-${i}`);

/** A document the source can watch: its visibility is the test's to set, its listeners are counted. */
function fakeDoc(initial: 'visible' | 'hidden' = 'visible') {
  const listeners = new Set<EventListener>();
  const doc = {
    visibilityState: initial,
    addEventListener(type: string, fn: EventListener) {
      if (type === 'visibilitychange') listeners.add(fn);
    },
    removeEventListener(type: string, fn: EventListener) {
      if (type === 'visibilitychange') listeners.delete(fn);
    },
  };
  return {
    doc: doc as unknown as Document,
    listeners,
    set(state: 'visible' | 'hidden') {
      doc.visibilityState = state;
      for (const fn of [...listeners]) fn(new Event('visibilitychange'));
    },
  };
}

describe('createPagedSource with a key', () => {
  let s: PagedSource<any, any> | undefined;
  afterEach(() => {
    s?.dispose();
    s = undefined;
  });

  it('fetchPage receives the key; each key keeps its items and place; switching back asks nothing', async () => {
    const { fetchPage, calls, last, asked } = controlledPages();
    const tab = signal('all');
    const src = (s = createPagedSource(fetchPage, { pageSize: 2, key: () => tab.value }));
    expect(src.key.value).to.equal('all');
    expect(calls, 'nothing before the list asks').to.have.length(0);

    let p = src.loadMore();
    last().answer.resolve({ items: names('a', 1, 2) });
    await p;
    p = src.loadMore();
    last().answer.resolve({ items: names('a', 2, 2) });
    await p;
    expect(asked()).to.deep.equal(['all:1', 'all:2']);
    expect(src.items.value).to.have.length(4);

    tab.value = 'unread';
    expect(src.key.value).to.equal('unread');
    expect(src.items.value, "the other key's set, empty so far").to.deep.equal([]);
    expect([src.finished.value, src.loading.value, src.total.value]).to.deep.equal([false, false, undefined]);
    expect(calls, 'switching alone asks nothing').to.have.length(2);

    p = src.loadMore();
    expect(asked(), 'its own place: page 1, with its own key').to.deep.equal(['all:1', 'all:2', 'unread:1']);
    last().answer.resolve({ items: names('u', 1, 1), total: 1 });
    await p;
    expect(src.items.value).to.deep.equal(['u1-0']);
    expect(src.finished.value).to.equal(true);
    expect(src.total.value).to.equal(1);

    tab.value = 'all';
    expect(src.items.value, 'shown at once').to.deep.equal([...names('a', 1, 2), ...names('a', 2, 2)]);
    expect(src.finished.value).to.equal(false);
    expect(src.total.value).to.equal(undefined);
    expect(calls, 'switching back asks nothing').to.have.length(3);

    p = src.loadMore();
    expect(last().page, 'paging goes on where this key stood').to.equal(3);
    expect(last().key).to.equal('all');
    last().answer.resolve({ items: [] });
    await p;
    expect(src.finished.value).to.equal(true);

    tab.value = 'unread';
    expect(src.items.value).to.deep.equal(['u1-0']);
    expect(src.finished.value).to.equal(true);
    await src.loadMore();
    expect(calls, 'a finished key asks nothing more').to.have.length(4);
  });

  it("an answer for a key no longer shown lands in that key's set, not in the shown one", async () => {
    const { fetchPage, calls, last, asked } = controlledPages();
    const tab = signal('all');
    const src = (s = createPagedSource(fetchPage, { pageSize: 2, key: () => tab.value }));
    const allFirst = src.loadMore();
    const allCall = last();
    expect(src.loading.value).to.equal(true);

    tab.value = 'unread';
    expect(src.loading.value, 'the shown key has nothing in flight').to.equal(false);
    const unreadFirst = src.loadMore();
    expect(asked(), "the new key is not blocked by the old key's request").to.deep.equal(['all:1', 'unread:1']);

    allCall.answer.resolve({ items: names('a', 1, 2) });
    await allFirst;
    expect(src.items.value, 'not shown under the other key').to.deep.equal([]);
    expect(src.loading.value, 'the unread page is still in flight').to.equal(true);

    last().answer.resolve({ items: names('u', 1, 1) });
    await unreadFirst;
    expect(src.items.value).to.deep.equal(['u1-0']);

    tab.value = 'all';
    expect(src.items.value, 'it landed in its own set').to.deep.equal(names('a', 1, 2));
    expect(src.loading.value).to.equal(false);
    const p = src.loadMore();
    expect(last().page).to.equal(2);
    last().answer.resolve({ items: [] });
    await p;
    expect(calls).to.have.length(3);
  });

  it('a failure stays with its key: the other key shows no error and pages on', async () => {
    const { fetchPage, last } = controlledPages();
    const tab = signal('a');
    const src = (s = createPagedSource(fetchPage, { pageSize: 2, key: () => tab.value }));
    let p = src.loadMore();
    last().answer.reject(new Error('offline'));
    await p;
    expect((src.error.value as Error).message).to.equal('offline');
    tab.value = 'b';
    expect(src.error.value).to.equal(undefined);
    p = src.loadMore();
    last().answer.resolve({ items: ['b'] });
    await p;
    tab.value = 'a';
    expect((src.error.value as Error).message).to.equal('offline');
    p = src.loadMore();
    expect([last().key, last().page], 'the failed page retried').to.deep.equal(['a', 1]);
    last().answer.resolve({ items: ['a'] });
    await p;
    expect(src.items.value).to.deep.equal(['a']);
  });
});

describe('createPagedSource with id: dedupe', () => {
  let s: PagedSource<any, any> | undefined;
  afterEach(() => s?.dispose());

  it('a page repeating an item already shown (offset paging after a row was added) adds it once', async () => {
    const { fetchPage, last } = controlledPages<Row>();
    const src = (s = createPagedSource(fetchPage, { pageSize: 3, id: (r: Row) => r.id }));
    const row = (id: number): Row => ({ id, month: '2026-01', amount: id });
    let p = src.loadMore();
    last().answer.resolve({ items: [row(9), row(8), row(7)] });
    await p;
    // A row was added on the server: offset 3 now starts at what was the last row of page 1.
    p = src.loadMore();
    last().answer.resolve({ items: [row(7), row(6), row(5)] });
    await p;
    expect(src.items.value.map((r: Row) => r.id)).to.deep.equal([9, 8, 7, 6, 5]);
    expect(src.finished.value, 'a full page (before dedupe) is not the last').to.equal(false);

    p = src.loadMore();
    last().answer.resolve({ items: [row(4), row(4), row(9)] });
    await p;
    expect(
      src.items.value.map((r: Row) => r.id),
      'repeats inside a page and of earlier pages dropped',
    ).to.deep.equal([9, 8, 7, 6, 5, 4]);
  });

  it('a refresh drops repeats within page 1 but keeps everything that is new', async () => {
    const { fetchPage, last } = controlledPages<Row>();
    const src = (s = createPagedSource(fetchPage, { pageSize: 3, id: (r: Row) => r.id }));
    const row = (id: number): Row => ({ id, month: 'm', amount: id });
    const p = src.loadMore();
    last().answer.resolve({ items: [row(3), row(2), row(1)] });
    await p;
    const refreshed = src.refresh();
    last().answer.resolve({ items: [row(4), row(3), row(3)] });
    expect(await refreshed).to.equal(true);
    expect(
      src.items.value.map((r: Row) => r.id),
      'page 1 replaces the list',
    ).to.deep.equal([4, 3]);
  });

  it('without id, nothing is dropped', async () => {
    const { fetchPage, last } = controlledPages();
    const src = (s = createPagedSource(fetchPage, { pageSize: 2 }));
    let p = src.loadMore();
    last().answer.resolve({ items: ['x', 'y'] });
    await p;
    p = src.loadMore();
    last().answer.resolve({ items: ['y', 'z'] });
    await p;
    expect(src.items.value).to.deep.equal(['x', 'y', 'y', 'z']);
  });
});

describe('createPagedSource with group', () => {
  let s: PagedSource<any, any> | undefined;
  afterEach(() => s?.dispose());
  const row = (id: number, month: string, amount: number): Row => ({ id, month, amount });

  it('groups consecutive runs by key with totals per group, recomputed when the items change', async () => {
    const { fetchPage, last } = controlledPages<Row>();
    const src = (s = createPagedSource<Row, { sum: number; n: number }>(fetchPage, {
      pageSize: 3,
      id: (r) => r.id,
      group: {
        key: (r) => r.month,
        totals: (items) => ({ sum: items.reduce((a, r) => a + r.amount, 0), n: items.length }),
      },
    }));
    expect(src.groups.value).to.deep.equal([]);
    let p = src.loadMore();
    last().answer.resolve({ items: [row(1, 'Mar', 10), row(2, 'Mar', 5), row(3, 'Feb', 7)] });
    await p;
    const view = () => src.groups.value.map((g) => [g.key, g.items.map((r) => r.id), g.totals]);
    expect(view()).to.deep.equal([
      ['Mar', [1, 2], { sum: 15, n: 2 }],
      ['Feb', [3], { sum: 7, n: 1 }],
    ]);

    // The next page carries on the last group, then starts a new one, then comes back to a key seen before:
    // runs are consecutive, not a key's every item.
    p = src.loadMore();
    last().answer.resolve({ items: [row(4, 'Feb', 1), row(5, 'Jan', 2), row(6, 'Feb', 100)] });
    await p;
    expect(view()).to.deep.equal([
      ['Mar', [1, 2], { sum: 15, n: 2 }],
      ['Feb', [3, 4], { sum: 8, n: 2 }],
      ['Jan', [5], { sum: 2, n: 1 }],
      ['Feb', [6], { sum: 100, n: 1 }],
    ]);

    src.update((items) => items.filter((r) => r.id !== 5));
    expect(view(), 'removing the only Jan row joins the Feb runs').to.deep.equal([
      ['Mar', [1, 2], { sum: 15, n: 2 }],
      ['Feb', [3, 4, 6], { sum: 108, n: 3 }],
    ]);

    src.update((items) => items.map((r) => (r.id === 1 ? { ...r, amount: 20 } : r)));
    expect(src.groups.value[0].totals, "a changed amount changes its group's totals").to.deep.equal({ sum: 25, n: 2 });

    src.prepend(row(7, 'Apr', 3));
    expect(view()[0], 'a new month on top').to.deep.equal(['Apr', [7], { sum: 3, n: 1 }]);
    src.prepend(row(8, 'Apr', 4));
    expect(view()[0]).to.deep.equal(['Apr', [8, 7], { sum: 7, n: 2 }]);
  });

  it('without a group option there is one group of everything; without totals, totals are undefined', async () => {
    const { fetchPage, last } = controlledPages();
    const src = (s = createPagedSource(fetchPage, { pageSize: 2 }));
    const p = src.loadMore();
    last().answer.resolve({ items: ['a', 'b'] });
    await p;
    expect(src.groups.value).to.deep.equal([{ key: '', items: ['a', 'b'], totals: undefined }]);
    const g = createPagedSource<Row>(async () => ({ items: [row(1, 'x', 1), row(2, 'x', 1)] }), {
      group: { key: (r) => r.month },
    });
    await g.loadMore();
    expect(g.groups.value.map((x) => [x.key, x.items.length, x.totals])).to.deep.equal([['x', 2, undefined]]);
    g.dispose();
  });

  it('groups follow the key', async () => {
    const { fetchPage, last } = controlledPages<Row>();
    const tab = signal('a');
    const src = (s = createPagedSource<Row, number>(fetchPage, {
      key: () => tab.value,
      group: { key: (r) => r.month, totals: (items) => items.length },
    }));
    let p = src.loadMore();
    last().answer.resolve({ items: [row(1, 'Jan', 1)], finished: true });
    await p;
    tab.value = 'b';
    expect(src.groups.value).to.deep.equal([]);
    p = src.loadMore();
    last().answer.resolve({ items: [row(2, 'Feb', 1), row(3, 'Feb', 1)], finished: true });
    await p;
    expect(src.groups.value.map((g) => [g.key, g.totals])).to.deep.equal([['Feb', 2]]);
    tab.value = 'a';
    expect(src.groups.value.map((g) => [g.key, g.totals])).to.deep.equal([['Jan', 1]]);
  });
});

describe('createPagedSource.invalidate', () => {
  let s: PagedSource<any, any> | undefined;
  afterEach(() => s?.dispose());

  /** Keys a and b have loaded a page each, c has been shown but never asked; a is shown. */
  async function threeKeys() {
    const pages = controlledPages();
    const tab = signal('a');
    const src = (s = createPagedSource(pages.fetchPage, { pageSize: 2, key: () => tab.value }));
    for (const k of ['a', 'b']) {
      tab.value = k;
      let p = src.loadMore();
      pages.last().answer.resolve({ items: names(k, 1, 2) });
      await p;
      p = src.loadMore();
      pages.last().answer.resolve({ items: names(k, 2, 2) });
      await p;
    }
    tab.value = 'c';
    tab.value = 'a';
    pages.calls.length = 0;
    return { ...pages, tab, src };
  }

  it('refreshes the shown key now, keeping its items until page 1 arrives', async () => {
    const { src, asked, last } = await threeKeys();
    src.invalidate();
    expect(asked(), 'only the shown key, now, page 1').to.deep.equal(['a:1']);
    expect(src.refreshing.value).to.equal(true);
    expect(src.items.value, 'the old items stay meanwhile').to.have.length(4);
    last().answer.resolve({ items: ['fresh-a'] });
    await flush();
    expect(src.items.value).to.deep.equal(['fresh-a']);
    expect(src.refreshing.value).to.equal(false);
  });

  it('with others, leaves the shown key as it is (brought up to date in place) and refreshes the rest when shown', async () => {
    const { src, tab, asked } = await threeKeys();
    src.invalidate({ others: true });
    expect(asked(), 'nothing now').to.deep.equal([]);
    expect(src.items.value).to.have.length(4);
    tab.value = 'b';
    expect(asked()).to.deep.equal(['b:1']);
  });

  it('refreshes another key that had loaded when it is next shown, once', async () => {
    const { src, tab, asked, last } = await threeKeys();
    src.invalidate();
    last().answer.resolve({ items: names('a', 1, 2) });
    await flush();
    tab.value = 'b';
    expect(asked()).to.deep.equal(['a:1', 'b:1']);
    expect(src.refreshing.value).to.equal(true);
    expect(src.items.value, "b's old items until its page 1 arrives").to.have.length(4);
    last().answer.resolve({ items: ['fresh-b'] });
    await flush();
    expect(src.items.value).to.deep.equal(['fresh-b']);
    tab.value = 'a';
    tab.value = 'b';
    expect(asked(), 'refreshed once, not on every showing').to.deep.equal(['a:1', 'b:1']);
  });

  it('a key that never asked for anything asks nothing, now or when shown', async () => {
    const { src, tab, calls } = await threeKeys();
    src.invalidate();
    calls.length = 0;
    tab.value = 'c';
    tab.value = 'never-seen';
    expect(calls).to.have.length(0);
    expect(src.items.value).to.deep.equal([]);
  });

  it('the shown key asks nothing when it has not loaded anything', () => {
    const { fetchPage, calls } = controlledPages();
    const src = (s = createPagedSource(fetchPage, { key: () => 'only' }));
    src.invalidate();
    expect(calls).to.have.length(0);
  });

  it('a key invalidated before it ever asked keeps its place once it has loaded (no refresh when shown again)', async () => {
    const { src, tab, asked, last, calls } = await threeKeys();
    src.invalidate(); // c has been shown, never asked: there is nothing of it out of date
    last().answer.resolve({ items: names('a', 1, 2) });
    await flush();
    tab.value = 'c';
    let p = src.loadMore();
    last().answer.resolve({ items: names('c', 1, 2) });
    await p;
    p = src.loadMore();
    last().answer.resolve({ items: names('c', 2, 2) });
    await p;
    calls.length = 0;
    // c's pages were all fetched after the invalidate: coming back to it is an ordinary switch.
    tab.value = 'a';
    tab.value = 'c';
    expect(asked(), 'no refresh of a list loaded after the invalidate').to.deep.equal([]);
    expect(src.items.value, 'c keeps both its pages').to.have.length(4);
  });

  it('a key with a page in flight counts as started: invalidate aborts it and asks page 1 again', async () => {
    const { fetchPage, last, asked } = controlledPages();
    const src = (s = createPagedSource(fetchPage, { pageSize: 2 }));
    void src.loadMore();
    const first = last();
    src.invalidate();
    expect(first.signal.aborted).to.equal(true);
    expect(asked()).to.deep.equal([':1', ':1']);
  });
});

describe('createPagedSource.prepend and update', () => {
  let s: PagedSource<any, any> | undefined;
  afterEach(() => s?.dispose());
  const row = (id: number, amount = 0): Row => ({ id, month: 'm', amount });

  it('prepend puts the item on top at once, replaces one with its id, and counts only a new one in total', async () => {
    const { fetchPage, last, calls } = controlledPages<Row>();
    const src = (s = createPagedSource(fetchPage, { pageSize: 3, id: (r: Row) => r.id }));
    const p = src.loadMore();
    last().answer.resolve({ items: [row(3), row(2), row(1)], total: 5 });
    await p;
    src.prepend(row(4));
    expect(src.items.value.map((r: Row) => r.id)).to.deep.equal([4, 3, 2, 1]);
    expect(src.total.value).to.equal(6);
    src.prepend(row(2, 99));
    expect(
      src.items.value.map((r: Row) => [r.id, r.amount]),
      'moved to the top, once',
    ).to.deep.equal([
      [2, 99],
      [4, 0],
      [3, 0],
      [1, 0],
    ]);
    expect(src.total.value, 'a replacement is not a new item').to.equal(6);
    expect(calls, 'no request').to.have.length(1);
  });

  it('prepend without total leaves total unknown; it acts on the shown key only', async () => {
    const { fetchPage, last } = controlledPages<Row>();
    const tab = signal('a');
    const src = (s = createPagedSource(fetchPage, { pageSize: 3, id: (r: Row) => r.id, key: () => tab.value }));
    let p = src.loadMore();
    last().answer.resolve({ items: [row(1)] });
    await p;
    tab.value = 'b';
    p = src.loadMore();
    last().answer.resolve({ items: [row(10)], total: 1 });
    await p;
    src.prepend(row(11));
    expect(src.total.value).to.equal(2);
    tab.value = 'a';
    expect(src.items.value.map((r: Row) => r.id)).to.deep.equal([1]);
    src.prepend(row(2));
    expect(src.items.value.map((r: Row) => r.id)).to.deep.equal([2, 1]);
    expect(src.total.value).to.equal(undefined);
  });

  it("update changes the shown key's items in place and no other key's", async () => {
    const { fetchPage, last, calls } = controlledPages<Row>();
    const tab = signal('a');
    const src = (s = createPagedSource(fetchPage, { pageSize: 3, key: () => tab.value }));
    let p = src.loadMore();
    last().answer.resolve({ items: [row(1), row(2), row(3)] });
    await p;
    tab.value = 'b';
    p = src.loadMore();
    last().answer.resolve({ items: [row(1), row(2)] });
    await p;
    src.update((items) => items.filter((r) => r.id !== 1).map((r) => ({ ...r, amount: 7 })));
    expect(src.items.value).to.deep.equal([{ id: 2, month: 'm', amount: 7 }]);
    tab.value = 'a';
    expect(src.items.value.map((r: Row) => [r.id, r.amount])).to.deep.equal([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(calls).to.have.length(2);
  });

  it("update everywhere changes every key's items at once (an item several filters hold), asking nothing", async () => {
    const { fetchPage, last, calls } = controlledPages<Row>();
    const tab = signal('a');
    const src = (s = createPagedSource(fetchPage, { pageSize: 3, key: () => tab.value }));
    let p = src.loadMore();
    last().answer.resolve({ items: [row(1), row(2), row(3)] });
    await p;
    tab.value = 'b';
    p = src.loadMore();
    last().answer.resolve({ items: [row(2)] });
    await p;
    src.update((items) => items.map((r) => (r.id === 2 ? { ...r, amount: 9 } : r)), { everywhere: true });
    expect(src.items.value.map((r: Row) => [r.id, r.amount])).to.deep.equal([[2, 9]]);
    expect(src.at('a').items.value.map((r: Row) => [r.id, r.amount])).to.deep.equal([
      [1, 0],
      [2, 9],
      [3, 0],
    ]);
    expect(calls).to.have.length(2);
  });

  it('an update made while a page is in flight is made to that page too when it lands (it was read before the change)', async () => {
    const { fetchPage, last } = controlledPages<Row>();
    const tab = signal('a');
    const src = (s = createPagedSource(fetchPage, { pageSize: 2, key: () => tab.value }));
    let p = src.loadMore();
    last().answer.resolve({ items: [row(1), row(2)] });
    await p;
    p = src.loadMore(); // page 2 asked for, then every row marked on the server, then page 2 answers from before
    const marked = (items: Row[]) => items.map((r) => ({ ...r, amount: 9 }));
    src.update(marked, { everywhere: true });
    last().answer.resolve({ items: [row(3), row(4)] });
    await p;
    expect(src.items.value.map((r: Row) => [r.id, r.amount])).to.deep.equal([
      [1, 9],
      [2, 9],
      [3, 9],
      [4, 9],
    ]);
    p = src.loadMore(); // once landed, a later page is not changed by an update it came after
    last().answer.resolve({ items: [row(5)] });
    await p;
    expect(src.items.value.map((r: Row) => r.amount)).to.deep.equal([9, 9, 9, 9, 0]);
  });

  it('a refresh in flight during an update lands with the update made to it', async () => {
    const { fetchPage, last } = controlledPages<Row>();
    const src = (s = createPagedSource(fetchPage, { pageSize: 2 }));
    const p = src.loadMore();
    last().answer.resolve({ items: [row(1), row(2)] });
    await p;
    const r = src.refresh();
    src.update((items) => items.filter((x) => x.id !== 2));
    last().answer.resolve({ items: [row(1), row(2)] });
    expect(await r).to.equal(true);
    expect(src.items.value.map((x: Row) => x.id)).to.deep.equal([1]);
  });
});

describe('createPagedSource polling', () => {
  const POLL = 45_000; // long enough never to fire by itself during a test: ticks are fired by hand
  let timers: CapturedIntervals;
  let s: PagedSource<any, any> | undefined;
  beforeEach(() => {
    timers = captureIntervals();
  });
  afterEach(() => {
    s?.dispose();
    s = undefined;
    timers.restore();
  });

  /** Two pages of key 'a' loaded; calls cleared. */
  async function twoPages(extra: { doc?: Document; key?: () => string } = {}) {
    const pages = controlledPages();
    const src = (s = createPagedSource(pages.fetchPage, { pageSize: 2, pollMs: POLL, ...extra }));
    let p = src.loadMore();
    pages.last().answer.resolve({ items: names('a', 1, 2) });
    await p;
    p = src.loadMore();
    pages.last().answer.resolve({ items: names('a', 2, 2) });
    await p;
    pages.calls.length = 0;
    return { ...pages, src };
  }

  it('a tick refetches pages 1..n and swaps them in at once, when all have answered', async () => {
    const { src, calls, asked } = await twoPages({ key: () => 'k' });
    expect(timers.live(POLL)).to.equal(1);
    timers.fire(POLL);
    expect(asked(), 'every page shown, with the key').to.deep.equal(['k:1', 'k:2']);
    expect([src.loading.value, src.refreshing.value], 'a poll shows no spinner').to.deep.equal([false, false]);
    calls[0].answer.resolve({ items: ['n1-0', 'n1-1'] });
    await flush();
    expect(src.items.value, 'nothing swapped until every page has answered').to.deep.equal([
      ...names('a', 1, 2),
      ...names('a', 2, 2),
    ]);
    calls[1].answer.resolve({ items: ['n2-0'] });
    await flush();
    expect(src.items.value).to.deep.equal(['n1-0', 'n1-1', 'n2-0']);
    expect(src.finished.value, 'a short last page: finished').to.equal(true);
    expect(src.error.value).to.equal(undefined);
  });

  it('an update made while a poll is in flight is made to what the poll brings', async () => {
    const { src, calls } = await twoPages();
    timers.fire(POLL);
    src.update((items) => items.filter((x) => x !== 'n1-1'));
    calls[0].answer.resolve({ items: ['n1-0', 'n1-1'] });
    calls[1].answer.resolve({ items: ['n2-0'] });
    await flush();
    expect(src.items.value).to.deep.equal(['n1-0', 'n2-0']);
  });

  it('a polled list pages on from where it was', async () => {
    const { src, calls, last } = await twoPages();
    timers.fire(POLL);
    calls[0].answer.resolve({ items: names('n', 1, 2) });
    calls[1].answer.resolve({ items: names('n', 2, 2) });
    await flush();
    const p = src.loadMore();
    expect(last().page).to.equal(3);
    last().answer.resolve({ items: [] });
    await p;
    expect(src.items.value).to.have.length(4);
  });

  it('a tick with nothing loaded asks nothing', () => {
    const { fetchPage, calls } = controlledPages();
    s = createPagedSource(fetchPage, { pollMs: POLL });
    timers.fire(POLL);
    expect(calls).to.have.length(0);
  });

  it('a tick while a page is in flight is skipped, and so is one while a poll is in flight', async () => {
    const { src, calls, asked } = await twoPages();
    const more = src.loadMore();
    timers.fire(POLL);
    expect(asked(), 'only the page').to.deep.equal([':3']);
    expect(calls[0].signal.aborted).to.equal(false);
    calls[0].answer.resolve({ items: names('a', 3, 2) });
    await more;
    calls.length = 0;

    timers.fire(POLL);
    expect(calls).to.have.length(3);
    timers.fire(POLL);
    expect(calls, 'no second poll on top of the first').to.have.length(3);
    calls.forEach((c, i) => c.answer.resolve({ items: names('p', i + 1, 2) }));
    await flush();
    expect(src.items.value).to.have.length(6);
    timers.fire(POLL);
    expect(calls, 'ticks resume once the poll has landed').to.have.length(6);
  });

  it('a failed poll keeps the items and sets no error; the next tick tries again', async () => {
    const { src, calls } = await twoPages();
    const before = src.items.value;
    timers.fire(POLL);
    calls[0].answer.resolve({ items: ['new'] });
    calls[1].answer.reject(new Error('offline'));
    await flush();
    expect(src.items.value).to.equal(before);
    expect(src.error.value).to.equal(undefined);
    expect([src.loading.value, src.refreshing.value]).to.deep.equal([false, false]);
    timers.fire(POLL);
    expect(calls, 'the next tick polls again').to.have.length(4);
  });

  it('polls the shown key only, with its own page count', async () => {
    const pages = controlledPages();
    const tab = signal('a');
    const src = (s = createPagedSource(pages.fetchPage, { pageSize: 2, pollMs: POLL, key: () => tab.value }));
    let p = src.loadMore();
    pages.last().answer.resolve({ items: names('a', 1, 2) });
    await p;
    p = src.loadMore();
    pages.last().answer.resolve({ items: names('a', 2, 2) });
    await p;
    tab.value = 'b';
    p = src.loadMore();
    pages.last().answer.resolve({ items: names('b', 1, 2) });
    await p;
    pages.calls.length = 0;
    timers.fire(POLL);
    expect(pages.asked()).to.deep.equal(['b:1']);
    pages.last().answer.resolve({ items: ['b-new'] });
    await flush();
    expect(src.items.value).to.deep.equal(['b-new']);
    tab.value = 'a';
    expect(src.items.value, 'the other key untouched').to.have.length(4);
  });

  it('stops while the document is hidden and polls at once when it is visible again', async () => {
    const vis = fakeDoc();
    const { src, calls, asked } = await twoPages({ doc: vis.doc });
    expect(vis.listeners.size).to.equal(1);
    vis.set('hidden');
    expect(timers.live(POLL), 'no timer while hidden').to.equal(0);
    timers.fire(POLL);
    expect(calls).to.have.length(0);

    vis.set('visible');
    expect(asked(), 'at once on coming back').to.deep.equal([':1', ':2']);
    expect(timers.live(POLL), 'and the timer again').to.equal(1);
    calls.forEach((c) => c.answer.resolve({ items: [`v${c.page}`] }));
    await flush();
    expect(src.items.value).to.deep.equal(['v1', 'v2']);
  });

  it('a source made while hidden sets no timer until visible', () => {
    const vis = fakeDoc('hidden');
    const { fetchPage } = controlledPages();
    s = createPagedSource(fetchPage, { pollMs: POLL, doc: vis.doc });
    expect(timers.live(POLL)).to.equal(0);
    vis.set('visible');
    expect(timers.live(POLL)).to.equal(1);
  });

  it('dispose stops polling, drops the listener and aborts the in-flight requests of every key', async () => {
    const vis = fakeDoc();
    const pages = controlledPages();
    const tab = signal('a');
    const src = createPagedSource(pages.fetchPage, { pageSize: 2, pollMs: POLL, doc: vis.doc, key: () => tab.value });
    const a = src.loadMore();
    tab.value = 'b';
    const b = src.loadMore();
    expect(pages.calls.map((c) => c.signal.aborted)).to.deep.equal([false, false]);
    src.dispose();
    expect(
      pages.calls.map((c) => c.signal.aborted),
      "both keys' requests",
    ).to.deep.equal([true, true]);
    expect(timers.live(POLL)).to.equal(0);
    expect(vis.listeners.size).to.equal(0);
    expect(src.loading.value).to.equal(false);
    pages.calls.forEach((c) => c.answer.resolve({ items: ['late'] }));
    await Promise.all([a, b]);
    expect(src.items.value, "b's late answer dropped").to.deep.equal([]);
    vis.set('visible');
    timers.fire(POLL);
    await src.loadMore();
    src.invalidate();
    expect(pages.calls, 'nothing after dispose').to.have.length(2);
  });

  it('dispose aborts a poll in flight and drops its answer', async () => {
    const { src, calls } = await twoPages();
    timers.fire(POLL);
    src.dispose();
    expect(calls.map((c) => c.signal.aborted)).to.deep.equal([true, true]);
    calls.forEach((c) => c.answer.resolve({ items: ['late'] }));
    await flush();
    expect(src.items.value).to.have.length(4);
  });
});
