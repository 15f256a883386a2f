import { expect } from 'chai';
import { useState } from 'react';
import { renderUI, cleanup, expectAxeClean, nextFrame, waitFor } from '../../../test/browser/support/render';
import { List } from './index';
import css from './list.css';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => (
    <article key={i} className="row">
      Item {i}
    </article>
  ));
const ROW_CSS = '.row { display: block; height: 60px; } .scroller { height: 400px; overflow-y: auto; }';

/**
 * Two rendered frames: the List checks its end after every render (an effect) and its IntersectionObserver reports
 * at the next frame, so by then it has asked for a page if it was going to. Frames, not milliseconds: a loaded
 * machine renders late, and a fixed wait may end before a frame has.
 */
const checked = async () => {
  await nextFrame();
  await nextFrame();
};

/** A caller the way screens use List: pages of 10 rows, `pages` of them in all. */
function Feed(p: { pages: number; failOn?: number; log: string[]; delay?: number }) {
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const [page, setPage] = useState(0);
  const load = () => {
    p.log.push(`load ${page + 1}`);
    setError(false);
    setLoading(true);
    setTimeout(() => {
      setLoading(false);
      if (p.failOn === page + 1 && !p.log.includes('failed')) {
        p.log.push('failed');
        setError(true);
        return;
      }
      setPage(page + 1);
      setCount((c) => c + 10);
    }, p.delay ?? 30);
  };
  return (
    <div className="scroller" tabIndex={0}>
      <List loading={loading} finished={page >= p.pages} error={error} onLoad={load} aria-label="Orders">
        {rows(count)}
      </List>
    </div>
  );
}

describe('List', () => {
  afterEach(cleanup);

  it('loads on mount and again after each page while the end is within range, then shows finished', async () => {
    const log: string[] = [];
    const r = renderUI(<Feed pages={2} log={log} />, [css, ROW_CSS]);
    const feed = r.$('.ma-list__feed')!;
    await waitFor(() => r.$('.ma-list__finished'), 'finished text');
    expect(feed.getAttribute('role')).to.equal('feed');
    expect(feed.getAttribute('aria-label')).to.equal('Orders');
    // 400 px viewport + 300 px offset: page 1 (600 px) leaves the end in range, page 2 (1200 px) ends it anyway.
    expect(log).to.deep.equal(['load 1', 'load 2']);
    expect(r.$('.ma-list__finished')!.textContent).to.equal('No more');
    expect(feed.getAttribute('aria-busy')).to.equal('false');
    expect(r.$$('.row')).to.have.length(20);
    await expectAxeClean(r.shadow);
  });

  it('stops when the end leaves the range and loads again on scroll', async () => {
    const log: string[] = [];
    const r = renderUI(<Feed pages={10} log={log} />, [css, ROW_CSS]);
    // Each page is 600 px; after 2 pages (1200 px) the end is 800 px below a 400 px view: out of the 300 px range.
    await waitFor(() => log.length === 2 && r.$$('.row').length === 20, 'two pages');
    await checked();
    expect(log).to.have.length(2);
    const scroller = r.$('.scroller')!;
    scroller.scrollTop = 600;
    await waitFor(() => log.length === 3, 'third page after scrolling');
    expect(log[2]).to.equal('load 3');
  });

  it('shows loading with aria-busy and never asks while loading', async () => {
    let calls = 0;
    const r = renderUI(
      <List loading finished={false} onLoad={() => calls++}>
        {rows(1)}
      </List>,
      [css, ROW_CSS],
    );
    await checked();
    expect(calls).to.equal(0);
    expect(r.$('[role="feed"]')!.getAttribute('aria-busy')).to.equal('true');
    expect(r.$('.ma-list__loading')!.textContent).to.equal('Loading…');
    await expectAxeClean(r.shadow);
    r.rerender(
      <List loading={false} finished={false} onLoad={() => calls++}>
        {rows(2)}
      </List>,
    );
    await checked();
    expect(calls).to.equal(1);
  });

  it('does not ask when finished', async () => {
    let calls = 0;
    renderUI(
      <List loading={false} finished onLoad={() => calls++}>
        {rows(1)}
      </List>,
      [css, ROW_CSS],
    );
    await checked();
    expect(calls).to.equal(0);
  });

  it('shows a reload button on error that retries through onLoad', async () => {
    const log: string[] = [];
    const r = renderUI(<Feed pages={1} failOn={1} log={log} />, [css, ROW_CSS]);
    const retry = await waitFor(() => r.$('.ma-list__error') as HTMLButtonElement | null, 'error button');
    expect(retry.tagName).to.equal('BUTTON');
    expect(retry.textContent).to.equal('Request failed, tap to reload');
    await checked();
    expect(log).to.deep.equal(['load 1', 'failed']);
    // No articles yet: not a feed (a feed must hold articles), just a container.
    expect(r.$('[role="feed"]')).to.equal(null);
    await expectAxeClean(r.shadow);
    retry.click();
    await waitFor(() => r.$('.ma-list__finished'), 'finished after retry');
    expect(log).to.deep.equal(['load 1', 'failed', 'load 1']);
    expect(r.$('.ma-list__error')).to.equal(null);
  });

  it('does not load while hidden', async () => {
    let calls = 0;
    renderUI(
      <div hidden>
        <List loading={false} finished={false} onLoad={() => calls++} />
      </div>,
      [css],
    );
    await checked();
    expect(calls).to.equal(0);
  });
});
