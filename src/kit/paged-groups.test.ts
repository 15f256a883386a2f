/** createPagedSource with group: consecutive runs of items under one key, with their totals. */
import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { createPagedSource, type PagedSource } from './paged';
import { controlledPages, type Row } from './test-paged';

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
