/** createPagedSource with id: an item a later page or a refresh repeats is shown once. */
import { expect } from 'chai';
import { createPagedSource, type PagedSource } from './paged';
import { controlledPages, type Row } from './test-paged';

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
