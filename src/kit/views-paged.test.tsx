/** PagedList: the skeleton, the items, the empty and failed states, a new key, and pull to refresh. */
import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { cleanup, renderUI, settle, waitFor, type Rendered } from '../../test/browser/support/render';
import listCss from '../ui/list/list.css';
import pullCss from '../ui/pull-refresh/pull-refresh.css';
import { createPagedSource, type PagedSource } from './paged';
import { PagedList } from './views';
import { buttonNamed, html, textOf } from './test-dom';
import { controlledPages } from './test-paged';

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
