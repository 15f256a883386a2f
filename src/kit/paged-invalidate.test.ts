/** createPagedSource.invalidate: which keys refresh now, which when next shown, and which ask nothing. */
import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { createPagedSource, type PagedSource } from './paged';
import { controlledPages, flush, names } from './test-paged';

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
