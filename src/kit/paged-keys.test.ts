/** createPagedSource with a key: each key keeps its own items, place, errors and requests in flight. */
import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { createPagedSource, type PagedSource } from './paged';
import { controlledPages, names } from './test-paged';

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
