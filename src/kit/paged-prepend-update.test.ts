/** createPagedSource.prepend and update: changes made in place, asking nothing, and to pages still in flight. */
import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { createPagedSource, type PagedSource } from './paged';
import { controlledPages, type Row } from './test-paged';

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
