/** PagedList with groups: each group's header before its items, and no headers without groupHeader. */
import { expect } from 'chai';
import { cleanup, renderUI, waitFor } from '../../test/browser/support/render';
import listCss from '../ui/list/list.css';
import { createPagedSource, type PagedSource } from './paged';
import { PagedList } from './views';
import { controlledPages } from './test-paged';

describe('PagedList with groups', () => {
  let src: PagedSource<any, any> | undefined;
  afterEach(() => {
    cleanup();
    src?.dispose();
    src = undefined;
  });

  it("renders each group's header before its items", async () => {
    interface Row {
      id: string;
      month: string;
      amount: number;
    }
    const p = controlledPages<Row>();
    const s = createPagedSource<Row, number>(p.fetchPage, {
      group: { key: (x) => x.month, totals: (xs) => xs.reduce((a, x) => a + x.amount, 0) },
    });
    src = s;
    const r = renderUI(
      <PagedList
        source={s}
        item={(x: Row) => (
          <article key={x.id} className="item">
            {x.id}
          </article>
        )}
        groupHeader={(g) => (
          <h3 key={`h-${g.key}-${g.items[0].id}`} className="head">
            {g.key} {g.totals}
          </h3>
        )}
        empty={{ text: 'None' }}
      />,
      [listCss],
    );
    await waitFor(() => p.calls.length === 1, 'first page');
    p.last().answer.resolve({
      items: [
        { id: 'a', month: 'March', amount: 1 },
        { id: 'b', month: 'March', amount: 2 },
        { id: 'c', month: 'February', amount: 5 },
      ],
      finished: true,
    });
    await waitFor(() => r.$$('.item').length === 3, 'items');
    const order = r.$$('.head, .item').map((e) => e.textContent);
    expect(order).to.deep.equal(['March 3', 'a', 'b', 'February 5', 'c']);
    s.update((xs) => xs.filter((x) => x.id !== 'c'));
    await waitFor(() => r.$$('.item').length === 2, 'after update');
    expect(r.$$('.head, .item').map((e) => e.textContent)).to.deep.equal(['March 3', 'a', 'b']);
  });

  it('without groupHeader there are no headers, even with groups', async () => {
    interface Row {
      id: string;
      month: string;
    }
    const p = controlledPages<Row>();
    const s = createPagedSource<Row>(p.fetchPage, { group: { key: (x) => x.month } });
    src = s;
    const r = renderUI(
      <PagedList
        source={s}
        item={(x: Row) => (
          <article key={x.id} className="item">
            {x.id}
          </article>
        )}
        empty={{ text: 'None' }}
      />,
      [listCss],
    );
    await waitFor(() => p.calls.length === 1, 'first page');
    p.last().answer.resolve({
      items: [
        { id: 'a', month: 'M' },
        { id: 'b', month: 'N' },
      ],
      finished: true,
    });
    await waitFor(() => r.$$('.item').length === 2, 'items');
    expect(r.$$('[role="feed"] > *').map((e) => e.tagName)).to.deep.equal(['ARTICLE', 'ARTICLE']);
  });
});
