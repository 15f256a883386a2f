import { expect } from 'chai';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { renderUI, cleanup, nextFrame, waitFor } from '../../../test/browser/support/render';
import { List } from './index';
import css from './list.css';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => (
    <article key={i} className="row">
      Item {i}
    </article>
  ));
const ROW_CSS = '.row { display: block; height: 60px; } .scroller { height: 400px; overflow-y: auto; }';
let complete = () => {};
function Feed({ log }: { log: string[] }) {
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(false);
  const load = () => {
    log.push('load');
    setLoading(true);
    complete = () =>
      flushSync(() => {
        setLoading(false);
        setCount((c) => c + 20);
      });
  };
  return (
    <div className="scroller">
      <List loading={loading} finished={count >= 100} onLoad={load}>
        {rows(count)}
      </List>
    </div>
  );
}

describe('List: paging never stalls', () => {
  afterEach(cleanup);
  it('asks for the next page when a page lands and the end is scrolled into view before the next frame', async () => {
    // Under React the after-render check could run before the new page was painted, and the observer, which saw
    // the end in view while loading, reported no change: nothing asked again (seen as a React-run flake).
    const log: string[] = [];
    const r = renderUI(<Feed log={log} />, [css, ROW_CSS]);
    await waitFor(() => log.length === 1, 'first load');
    await nextFrame();
    await nextFrame();
    complete();
    const scroller = r.$('.scroller')!;
    scroller.scrollTop = scroller.scrollHeight;
    await waitFor(() => log.length === 2, 'the second page asked for, with no further scroll');
    expect(log).to.deep.equal(['load', 'load']);
  });
});
