import { expect } from 'chai';
import { effect, signal } from '@preact/signals-react';
import { cleanup, renderUI, settle } from '../../test/browser/support/render';
import { trackLeaks } from '../../test/browser/support/leaks';
import { createModel, disposeModel, useModel } from './model';
import { createResource, useResource } from './resource';
import { createPagedSource } from './paged';

/** A loader that never answers and remembers its signals, so a test can see whether they were aborted. */
function hangingLoader() {
  const signals: AbortSignal[] = [];
  return {
    signals,
    loader: (s: AbortSignal) => {
      signals.push(s);
      return new Promise<never>(() => undefined);
    },
  };
}

describe('screen models', () => {
  afterEach(cleanup);

  it('useModel disposes the resources a model owns when the screen unmounts', async () => {
    const leaks = trackLeaks();
    try {
      const { signals, loader } = hangingLoader();
      const pages = hangingLoader();
      const Dashboard = createModel(() => {
        const range = signal('7d');
        const stats = createResource(loader, { refreshMs: 1000 });
        const orders = createPagedSource((_page, s) => pages.loader(s));
        return { range, stats, orders };
      });
      let model: InstanceType<typeof Dashboard> | undefined;
      function Screen() {
        const m = useModel(Dashboard);
        model = m;
        return (
          <p>
            {m.stats.loading.value ? 'loading' : 'idle'} {m.range.value}
          </p>
        );
      }
      const r = renderUI(<Screen />);
      await settle();
      expect(r.$('p')!.textContent).to.equal('loading 7d');
      void model!.orders.loadMore();
      expect(leaks.timers(), 'the refresh interval').to.equal(1);
      expect(leaks.listeners()).to.deep.equal({ 'document:visibilitychange': 1 });

      // Checked synchronously: disposal is part of the unmount, not a frame later.
      r.rerender(null);
      expect(
        signals.map((s) => s.aborted),
        'the resource request is aborted',
      ).to.deep.equal([true]);
      expect(
        pages.signals.map((s) => s.aborted),
        'the page request is aborted',
      ).to.deep.equal([true]);
      expect(leaks.listeners()).to.deep.equal({});
      expect(leaks.timers(), 'no interval left').to.equal(0);
      expect(model!.stats.loading.value).to.equal(false);
    } finally {
      leaks.stop();
    }
  });

  it("a model's actions run untracked and batched, and disposeModel tears it down outside a component", () => {
    const { signals, loader } = hangingLoader();
    const M = createModel(() => {
      const id = signal(1);
      return {
        id,
        stats: createResource((s) => (id.value, loader(s))),
        // Two writes in one action: batched, the resource sees only the last.
        jump(n: number) {
          id.value = n;
          id.value = n + 1;
        },
        current: () => id.value,
      };
    });
    const m = new M();
    expect(signals, 'the first run').to.have.length(1);
    m.jump(5);
    expect(
      signals.map((s) => s.aborted),
      'one run for the two writes of one action',
    ).to.deep.equal([true, false]);
    expect(m.id.value).to.equal(6);

    // Untracked: an effect that calls an action does not subscribe to what the action reads.
    let runs = 0;
    const stop = effect(() => {
      runs++;
      m.current();
    });
    m.id.value = 7;
    expect(runs, "the effect did not track the action's read").to.equal(1);
    stop();

    disposeModel(m);
    expect(signals.map((s) => s.aborted)).to.deep.equal([true, true, true]);
    m.id.value = 8;
    expect(signals, 'no run once disposed').to.have.length(3);
  });

  it('useResource loads once per mount and aborts on unmount', async () => {
    const { signals, loader } = hangingLoader();
    function Screen() {
      const res = useResource(loader);
      return <p>{String(res.loading.value)}</p>;
    }
    const r = renderUI(<Screen />);
    await settle();
    r.rerender(<Screen />);
    await settle();
    expect(signals, 'one request for one mount').to.have.length(1);
    expect(r.$('p')!.textContent).to.equal('true');
    r.rerender(null);
    expect(signals[0].aborted).to.equal(true);
  });

  it('a screen unmounted before its first paint still disposes its model', () => {
    const leaks = trackLeaks();
    try {
      const { signals, loader } = hangingLoader();
      const M = createModel(() => ({ stats: createResource(loader, { refreshMs: 1000 }) }));
      function Redirecting() {
        useModel(M);
        return null;
      }
      const r = renderUI(<Redirecting />);
      r.rerender(null);
      expect(signals.map((s) => s.aborted)).to.deep.equal([true]);
      expect(leaks.timers()).to.equal(0);
      expect(leaks.listeners()).to.deep.equal({});
    } finally {
      leaks.stop();
    }
  });
});
