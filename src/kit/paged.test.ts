import { expect } from 'chai';
import { createPagedSource, listProps, type Page } from './paged';
import { signal } from '@preact/signals-react';
import { deferred } from '../../test/browser/support/deferred';
import { waitFor } from '../../test/browser/support/render';

/** fetchPage whose every call is recorded and answered by the test. */
function controlledPages() {
  const calls: Array<{ page: number; signal: AbortSignal; answer: ReturnType<typeof deferred<Page<string>>> }> = [];
  const fetchPage = (page: number, signal: AbortSignal) => {
    const answer = deferred<Page<string>>();
    calls.push({ page, signal, answer });
    return answer.promise;
  };
  return { fetchPage, calls, last: () => calls[calls.length - 1] };
}

const items = (page: number, n: number) => Array.from({ length: n }, (_, i) => `p${page}-${i}`);

describe('createPagedSource', () => {
  it('appends pages, ignores loadMore while loading, finishes on a short page', async () => {
    const { fetchPage, calls, last } = controlledPages();
    const s = createPagedSource(fetchPage, { pageSize: 2 });
    expect(calls, 'nothing before the list asks').to.have.length(0);
    const first = s.loadMore();
    void s.loadMore();
    expect(calls.map((c) => c.page)).to.deep.equal([1]);
    expect(s.loading.value).to.equal(true);
    last().answer.resolve({ items: items(1, 2) });
    await first;
    expect(s.items.value).to.deep.equal(['p1-0', 'p1-1']);
    expect(s.loading.value).to.equal(false);
    expect(s.finished.value).to.equal(false);

    const second = s.loadMore();
    last().answer.resolve({ items: items(2, 1) });
    await second;
    expect(s.items.value).to.have.length(3);
    expect(s.finished.value, 'a short page is the last').to.equal(true);
    await s.loadMore();
    expect(calls, 'finished: no more requests').to.have.length(2);
    s.dispose();
  });

  it("honours the server's finished and total", async () => {
    const { fetchPage, last } = controlledPages();
    const a = createPagedSource(fetchPage);
    let p = a.loadMore();
    last().answer.resolve({ items: items(1, 3), finished: true });
    await p;
    expect(a.finished.value).to.equal(true);
    const b = createPagedSource(fetchPage);
    p = b.loadMore();
    last().answer.resolve({ items: items(1, 3), total: 5 });
    await p;
    expect([b.finished.value, b.total.value]).to.deep.equal([false, 5]);
    p = b.loadMore();
    last().answer.resolve({ items: items(2, 2), total: 5 });
    await p;
    expect(b.finished.value).to.equal(true);
  });

  it('an error stops paging until loadMore retries the same page', async () => {
    const { fetchPage, calls, last } = controlledPages();
    const s = createPagedSource(fetchPage, { pageSize: 2 });
    let p = s.loadMore();
    last().answer.resolve({ items: items(1, 2) });
    await p;
    p = s.loadMore();
    last().answer.reject(new Error('offline'));
    await p;
    expect((s.error.value as Error).message).to.equal('offline');
    expect(listProps(s)).to.include({ error: true, loading: false, finished: false });
    expect(s.items.value, 'items kept').to.have.length(2);

    // The List's "tap to reload" calls onLoad: the failed page again.
    listProps(s).onLoad();
    expect(calls.map((c) => c.page)).to.deep.equal([1, 2, 2]);
    expect(listProps(s), 'retrying: the spinner, not the error').to.include({ error: false, loading: true });
    last().answer.resolve({ items: items(2, 2) });
    await new Promise((ok) => setTimeout(ok, 0));
    expect(s.error.value).to.equal(undefined);
    expect(s.items.value).to.have.length(4);
  });

  it('refresh aborts the page in flight and replaces items only when page 1 arrives', async () => {
    const { fetchPage, calls, last } = controlledPages();
    const s = createPagedSource(fetchPage, { pageSize: 2 });
    let p = s.loadMore();
    last().answer.resolve({ items: items(1, 2) });
    await p;
    void s.loadMore();
    const pageTwo = last();
    const refreshed = s.refresh();
    expect(pageTwo.signal.aborted).to.equal(true);
    expect([s.loading.value, s.refreshing.value]).to.deep.equal([false, true]);
    await s.loadMore();
    expect(
      calls.map((c) => c.page),
      'loadMore ignored while refreshing',
    ).to.deep.equal([1, 2, 1]);
    expect(s.items.value, 'old items stay until page 1 arrives').to.deep.equal(['p1-0', 'p1-1']);
    pageTwo.answer.resolve({ items: ['stale'] });
    last().answer.resolve({ items: ['new-0', 'new-1'] });
    expect(await refreshed).to.equal(true);
    expect(s.items.value).to.deep.equal(['new-0', 'new-1']);
    expect(s.refreshing.value).to.equal(false);
    p = s.loadMore();
    expect(last().page, 'paging goes on from page 2').to.equal(2);
    last().answer.resolve({ items: [] });
    await p;
    expect(s.finished.value).to.equal(true);
  });

  it('a failed refresh keeps the items and is retried as page 1 by loadMore', async () => {
    const { fetchPage, calls, last } = controlledPages();
    const s = createPagedSource(fetchPage, { pageSize: 2 });
    let p = s.loadMore();
    last().answer.resolve({ items: items(1, 2) });
    await p;
    const refreshed = s.refresh();
    last().answer.reject(new Error('offline'));
    expect(await refreshed).to.equal(false);
    expect(s.items.value).to.have.length(2);
    p = s.loadMore();
    expect(last().page).to.equal(1);
    last().answer.resolve({ items: ['fresh'] });
    await p;
    expect(s.items.value).to.deep.equal(['fresh']);
    expect(calls).to.have.length(3);
  });

  it('dispose aborts the page in flight and drops its answer', async () => {
    const { fetchPage, calls, last } = controlledPages();
    const s = createPagedSource(fetchPage);
    const p = s.loadMore();
    s.dispose();
    expect(last().signal.aborted).to.equal(true);
    last().answer.resolve({ items: ['late'] });
    await p;
    expect(s.items.value).to.deep.equal([]);
    await s.loadMore();
    expect(calls).to.have.length(1);
  });

  it('a change notice while the first page is on its way fetches the list again once it is in', async () => {
    const { fetchPage, calls, last } = controlledPages();
    const listeners: (() => void)[] = [];
    const changes = { live: signal(true), subscribe: (fn: () => void) => (listeners.push(fn), () => undefined) };
    const s = createPagedSource(fetchPage, { pageSize: 2, pollMs: 60_000, changes });
    const first = s.loadMore();
    for (const fn of listeners) fn(); // the change, told while page 1 is still being answered (from before it)
    last().answer.resolve({ items: items(1, 2) });
    await first;
    await waitFor(() => calls.length === 2, 'page 1 asked for again');
    expect(calls.map((c) => c.page)).to.deep.equal([1, 1]);
    last().answer.resolve({ items: ['new', ...items(1, 1)] });
    await waitFor(() => s.items.value[0] === 'new', 'the changed list shown');
    s.dispose();
  });
});
