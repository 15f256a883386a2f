import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { cleanup, renderUI, settle, waitFor, type Rendered } from '../../test/browser/support/render';
import { deferred } from '../../test/browser/support/deferred';
import listCss from '../ui/list/list.css';
import pullCss from '../ui/pull-refresh/pull-refresh.css';
import { createResource, type Resource } from './resource';
import { createPagedSource, type Page, type PagedSource } from './paged';
import { PagedList, ResourceView } from './views';

/** A loader whose every call records the input it read and gets its own deferred answer. */
function controlledLoader<T>(read: () => unknown = () => undefined) {
  const calls: Array<{ arg: unknown; answer: ReturnType<typeof deferred<T>> }> = [];
  const loader = () => {
    const answer = deferred<T>();
    calls.push({ arg: read(), answer });
    return answer.promise;
  };
  return { loader, calls, last: () => calls[calls.length - 1] };
}

function controlledPages<T = string>() {
  const calls: Array<{ page: number; key: string; answer: ReturnType<typeof deferred<Page<T>>> }> = [];
  const fetchPage = (page: number, _s: AbortSignal, key: string) => {
    const answer = deferred<Page<T>>();
    calls.push({ page, key, answer });
    return answer.promise;
  };
  return { fetchPage, calls, last: () => calls[calls.length - 1] };
}

/** An element as text for assertions (a failing expect must never be handed a DOM node to serialize). */
const html = (el: Element | null | undefined) => (el ? el.outerHTML.slice(0, 200) : null);

const textOf = (r: Rendered) => r.root.textContent ?? '';
const buttonNamed = (r: Rendered, name: string, within: ParentNode = r.shadow) =>
  Array.from(within.querySelectorAll('button')).find((b) => (b.textContent ?? '').trim() === name) ?? null;

describe('ResourceView', () => {
  let res: Resource<string> | undefined;
  afterEach(() => {
    cleanup();
    res?.dispose();
    res = undefined;
  });

  function view(r: Resource<string>) {
    return (
      <ResourceView resource={r} skeleton={<p className="skel">skeleton</p>} failed="Could not load the stats">
        {(d) => <p className="data">{d}</p>}
      </ResourceView>
    );
  }

  it('shows the skeleton on the first load, then the data', async () => {
    const l = controlledLoader<string>();
    res = createResource(l.loader);
    const r = renderUI(view(res));
    expect(html(r.$('.skel'))).to.not.equal(null);
    expect(html(r.$('.data'))).to.equal(null);
    expect(html(r.$('[role="alert"]'))).to.equal(null);
    l.last().answer.resolve('42 orders');
    await waitFor(() => r.$('.data'), 'data');
    expect(r.$('.data')!.textContent).to.equal('42 orders');
    expect(html(r.$('.skel')), 'the skeleton is gone').to.equal(null);
    expect(html(r.$('.ma-stale'))).to.equal(null);
  });

  it('a failed first load shows the failure with Retry (role=alert); Retry reloads and shows the data', async () => {
    const l = controlledLoader<string>();
    res = createResource(l.loader);
    const r = renderUI(view(res));
    l.last().answer.reject(new Error('offline'));
    const alert = await waitFor(() => r.$('[role="alert"]'), 'the failure');
    expect(alert.textContent).to.contain('Could not load the stats');
    expect(html(r.$('.skel'))).to.equal(null);
    expect(html(r.$('.data'))).to.equal(null);
    const retry = buttonNamed(r, 'Retry', alert);
    expect(html(retry), 'Retry inside the alert').to.not.equal(null);
    retry!.click();
    expect(l.calls, 'Retry reloads').to.have.length(2);
    l.last().answer.resolve('back');
    await waitFor(() => r.$('.data'), 'data after retry');
    expect(r.$('.data')!.textContent).to.equal('back');
    expect(html(r.$('[role="alert"]'))).to.equal(null);
  });

  it('the bare failure has no card of its own', async () => {
    const l = controlledLoader<string>();
    res = createResource(l.loader);
    const r = renderUI(
      <ResourceView resource={res} skeleton={null} failed="Nope" bare>
        {(d) => <p>{d}</p>}
      </ResourceView>,
    );
    l.last().answer.reject(new Error('offline'));
    const alert = await waitFor(() => r.$('[role="alert"]'), 'the failure');
    expect(alert.classList.contains('ma-card')).to.equal(false);
    expect(html(r.$('.ma-card'))).to.equal(null);
    expect(alert.textContent).to.contain('Nope');
  });

  it('a failed refresh keeps the data and shows the refresh-failed notice with Retry', async () => {
    const l = controlledLoader<string>();
    res = createResource(l.loader);
    const r = renderUI(view(res));
    l.last().answer.resolve('first');
    await waitFor(() => r.$('.data'), 'data');
    const reloaded = res.reload();
    l.last().answer.reject(new Error('offline'));
    await reloaded;
    const notice = await waitFor(() => r.$('[role="alert"]'), 'the notice');
    expect(notice.textContent).to.contain('Could not refresh; showing earlier data.');
    expect(r.$('.data')!.textContent, 'the data stays').to.equal('first');
    expect(textOf(r)).to.not.contain('Could not load the stats');
    buttonNamed(r, 'Retry', notice)!.click();
    expect(l.calls).to.have.length(3);
    l.last().answer.resolve('second');
    await waitFor(() => r.$('.data')?.textContent === 'second' && !r.$('[role="alert"]'), 'fresh data, no notice');
  });

  it('wraps stale data in .ma-stale with aria-busy=true until the answer for the new input lands', async () => {
    const tab = signal('7d');
    const l = controlledLoader<string>(() => tab.value);
    res = createResource(l.loader);
    const r = renderUI(view(res));
    l.last().answer.resolve('week');
    await waitFor(() => r.$('.data'), 'data');
    expect(html(r.$('.ma-stale'))).to.equal(null);

    tab.value = '30d';
    const stale = await waitFor(() => r.$('.ma-stale'), 'stale wrapper');
    expect(stale.getAttribute('aria-busy')).to.equal('true');
    expect(stale.querySelector('.data')!.textContent, 'the old data inside').to.equal('week');

    l.last().answer.resolve('month');
    await waitFor(() => r.$('.data')?.textContent === 'month', 'new data');
    expect(html(r.$('.ma-stale'))).to.equal(null);
    expect(html(r.$('[aria-busy="true"]'))).to.equal(null);
  });

  it('when the run for a new input fails, the data shows the notice and is not left busy', async () => {
    const tab = signal('7d');
    const l = controlledLoader<string>(() => tab.value);
    res = createResource(l.loader);
    const r = renderUI(view(res));
    l.last().answer.resolve('week');
    await waitFor(() => r.$('.data'), 'data');
    tab.value = '30d';
    await waitFor(() => r.$('.ma-stale'), 'stale wrapper');
    l.last().answer.reject(new Error('offline'));
    await waitFor(() => r.$('[role="alert"]'), 'the notice');
    expect(res.loading.value).to.equal(false);
    expect(r.$('.data')!.textContent).to.equal('week');
    // Nothing is loading: a screen reader must not be told the region is still busy.
    expect(html(r.$('[aria-busy="true"]')), 'aria-busy with nothing in flight').to.equal(null);
  });

  it('a plain reload does not dim the data', async () => {
    const l = controlledLoader<string>();
    res = createResource(l.loader);
    const r = renderUI(view(res));
    l.last().answer.resolve('one');
    await waitFor(() => r.$('.data'), 'data');
    void res.reload();
    await settle();
    expect(res.loading.value).to.equal(true);
    expect(html(r.$('.ma-stale'))).to.equal(null);
    l.last().answer.resolve('two');
    await waitFor(() => r.$('.data')?.textContent === 'two', 'two');
  });
});

describe('PagedList', () => {
  let src: PagedSource<any, any> | undefined;
  afterEach(() => {
    cleanup();
    src?.dispose();
    src = undefined;
  });

  const article = (x: string) => (
    <article key={x} className="item">
      {x}
    </article>
  );

  it('shows the skeleton until the first page, then the items', async () => {
    const p = controlledPages();
    src = createPagedSource(p.fetchPage, { pageSize: 2 });
    const r = renderUI(
      <PagedList
        source={src}
        item={article}
        empty={{ text: 'No orders yet' }}
        skeleton={<p className="skel">…</p>}
        aria-label="Orders"
      />,
      [listCss],
    );
    await waitFor(() => p.calls.length === 1, 'the first page asked for');
    expect(html(r.$('.skel'))).to.not.equal(null);
    expect(r.$$('.item')).to.have.length(0);
    p.last().answer.resolve({ items: ['a', 'b'], total: 2 });
    await waitFor(() => r.$$('.item').length === 2, 'items');
    expect(r.$$('.item').map((e) => e.textContent)).to.deep.equal(['a', 'b']);
    expect(html(r.$('.skel'))).to.equal(null);
    expect(textOf(r)).to.not.contain('No orders yet');
    expect(r.$('.ma-list__finished')!.textContent).to.equal('No more');
    expect(r.$('[role="feed"]')!.getAttribute('aria-label')).to.equal('Orders');
    expect(p.calls, 'finished: nothing more asked').to.have.length(1);
  });

  it('the default skeleton stands in when none is given', async () => {
    const p = controlledPages();
    src = createPagedSource(p.fetchPage);
    const r = renderUI(<PagedList source={src} item={article} empty={{ text: 'None' }} />, [listCss]);
    expect(html(r.$('.ma-skeleton'))).to.not.equal(null);
    await waitFor(() => p.calls.length === 1, 'first page');
    p.last().answer.resolve({ items: ['x'], finished: true });
    await waitFor(() => r.$('.item'), 'item');
    expect(html(r.$('.ma-skeleton'))).to.equal(null);
  });

  it('a list finished empty shows the empty text and its action, and no "No more"', async () => {
    const p = controlledPages();
    src = createPagedSource(p.fetchPage, { pageSize: 10 });
    const r = renderUI(
      <PagedList
        source={src}
        item={article}
        empty={{
          text: 'No orders yet',
          action: (
            <button type="button" className="go">
              Create an order
            </button>
          ),
        }}
        skeleton={<p className="skel">…</p>}
      />,
      [listCss],
    );
    await waitFor(() => p.calls.length === 1, 'first page');
    p.last().answer.resolve({ items: [] });
    await waitFor(() => textOf(r).includes('No orders yet'), 'empty text');
    expect(r.$('.go')!.textContent).to.equal('Create an order');
    expect(r.$('.ma-empty')!.contains(r.$('.go'))).to.equal(true);
    expect(textOf(r)).to.not.contain('No more');
    expect(html(r.$('.skel'))).to.equal(null);
    expect(r.$$('.item')).to.have.length(0);
  });

  it('a failed page shows "tap to reload" (no empty state); tapping retries it', async () => {
    const p = controlledPages();
    src = createPagedSource(p.fetchPage, { pageSize: 2 });
    const r = renderUI(
      <PagedList source={src} item={article} empty={{ text: 'No orders yet' }} skeleton={<p className="skel">…</p>} />,
      [listCss],
    );
    await waitFor(() => p.calls.length === 1, 'first page');
    p.last().answer.reject(new Error('offline'));
    const reload = await waitFor(() => buttonNamed(r, 'Request failed, tap to reload'), 'tap to reload');
    expect(textOf(r)).to.not.contain('No orders yet');
    expect(html(r.$('.skel')), 'no skeleton over a failure').to.equal(null);
    expect(p.calls, 'paging stops on the failure').to.have.length(1);
    reload.click();
    await waitFor(() => p.calls.length === 2, 'the retry');
    expect(p.last().page).to.equal(1);
    p.last().answer.resolve({ items: ['a'], finished: true });
    await waitFor(() => r.$$('.item').length === 1, 'items after retry');
    expect(html(buttonNamed(r, 'Request failed, tap to reload'))).to.equal(null);
  });

  it('a failed later page keeps the items and offers the retry', async () => {
    const p = controlledPages();
    src = createPagedSource(p.fetchPage, { pageSize: 2 });
    const r = renderUI(<PagedList source={src} item={article} empty={{ text: 'None' }} />, [listCss]);
    await waitFor(() => p.calls.length === 1, 'first page');
    p.last().answer.resolve({ items: ['a', 'b'] });
    await waitFor(() => p.calls.length === 2, 'the list asks for page 2 (its end is in view)');
    p.last().answer.reject(new Error('offline'));
    const reload = await waitFor(() => buttonNamed(r, 'Request failed, tap to reload'), 'tap to reload');
    expect(r.$$('.item').map((e) => e.textContent)).to.deep.equal(['a', 'b']);
    reload.click();
    await waitFor(() => p.calls.length === 3, 'the retry');
    expect(p.last().page).to.equal(2);
    p.last().answer.resolve({ items: ['c'] });
    await waitFor(() => r.$$('.item').length === 3, 'page 2');
  });

  it("follows the source's key: a new key shows its skeleton and loads its first page; switching back shows the old items at once", async () => {
    const p = controlledPages();
    const tab = signal('all');
    src = createPagedSource(p.fetchPage, { pageSize: 10, key: () => tab.value });
    const r = renderUI(
      <PagedList source={src} item={article} empty={{ text: 'Nothing here' }} skeleton={<p className="skel">…</p>} />,
      [listCss],
    );
    await waitFor(() => p.calls.length === 1, 'first page');
    p.last().answer.resolve({ items: ['a1', 'a2'] });
    await waitFor(() => r.$$('.item').length === 2, "all's items");
    tab.value = 'unread';
    await waitFor(() => p.calls.length === 2, "unread's first page");
    expect([p.last().key, p.last().page]).to.deep.equal(['unread', 1]);
    await waitFor(() => r.$('.skel') && r.$$('.item').length === 0, 'the skeleton for the new key');
    p.last().answer.resolve({ items: [] });
    await waitFor(() => textOf(r).includes('Nothing here'), 'unread empty');
    tab.value = 'all';
    await waitFor(() => r.$$('.item').length === 2, "all's items again");
    expect(textOf(r)).to.not.contain('Nothing here');
    await settle();
    expect(p.calls, 'no request for coming back').to.have.length(2);
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

  describe('with pull', () => {
    /** Records every text the pull head and its live region have shown. */
    function watchHead(r: Rendered) {
      const seen = new Set<string>();
      const head = r.$('.ma-pull-refresh__head')!;
      const status = r.$('.ma-pull-refresh [role="status"]')!;
      const note = () => {
        seen.add(head.textContent ?? '');
        seen.add(status.textContent ?? '');
      };
      const mo = new MutationObserver(note);
      mo.observe(r.$('.ma-pull-refresh')!, { subtree: true, childList: true, characterData: true });
      return { seen, stop: () => mo.disconnect(), head, status };
    }
    const refreshButton = (r: Rendered) => r.$('.ma-pull-refresh__a11y') as HTMLButtonElement;

    async function loadedList() {
      const p = controlledPages();
      src = createPagedSource(p.fetchPage, { pageSize: 2 });
      const r = renderUI(<PagedList source={src} item={article} empty={{ text: 'None' }} pull />, [listCss, pullCss]);
      await waitFor(() => p.calls.length === 1, 'first page');
      p.last().answer.resolve({ items: ['a', 'b'], finished: true });
      await waitFor(() => r.$$('.item').length === 2, 'items');
      return { p, r };
    }

    it('a successful refresh says "Refreshed" (the control for the next test)', async () => {
      const { p, r } = await loadedList();
      const w = watchHead(r);
      refreshButton(r).click();
      await waitFor(() => p.calls.length === 2, 'the refresh');
      expect(p.last().page).to.equal(1);
      p.last().answer.resolve({ items: ['new'], finished: true });
      await waitFor(() => w.seen.has('Refreshed'), '"Refreshed"');
      await waitFor(() => r.$$('.item').length === 1, 'replaced');
      w.stop();
    });

    it('a failed refresh does not say "Refreshed"; the items stay', async () => {
      const { p, r } = await loadedList();
      const w = watchHead(r);
      refreshButton(r).click();
      await waitFor(() => p.calls.length === 2, 'the refresh');
      await waitFor(() => w.head.textContent === 'Loading…', 'the head loading');
      p.last().answer.reject(new Error('offline'));
      // The head has closed and takes a refresh again.
      await waitFor(
        () => !refreshButton(r).hasAttribute('aria-disabled') && w.head.textContent === '',
        'the head closed',
      );
      await settle();
      w.stop();
      expect([...w.seen], 'never "Refreshed"').to.not.include('Refreshed');
      expect(r.$$('.item').map((e) => e.textContent)).to.deep.equal(['a', 'b']);
      expect(html(buttonNamed(r, 'Request failed, tap to reload')), 'the failure is shown by the list').to.not.equal(
        null,
      );
    });
  });
});
