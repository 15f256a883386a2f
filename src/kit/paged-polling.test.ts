/** createPagedSource polling: ticks refetch the shown pages, pause while hidden, and stop on dispose. */
import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { createPagedSource, type PagedSource } from './paged';
import { captureIntervals, type CapturedIntervals } from '../../test/browser/support/timers';
import { controlledPages, flush, names } from './test-paged';

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
