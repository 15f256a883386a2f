import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { createResource, type Resource } from './resource';
import { trackLeaks } from '../../test/browser/support/leaks';
import { deferred } from '../../test/browser/support/deferred';
import { captureIntervals } from '../../test/browser/support/timers';

/** A loader whose every call is recorded with its signal and its own deferred answer. */
function controlledLoader<T>(read: () => unknown = () => undefined) {
  const calls: Array<{ signal: AbortSignal; arg: unknown; answer: ReturnType<typeof deferred<T>> }> = [];
  const loader = (s: AbortSignal) => {
    const answer = deferred<T>();
    calls.push({ signal: s, arg: read(), answer });
    return answer.promise;
  };
  return { loader, calls };
}

const tick = () => new Promise<void>((ok) => setTimeout(ok, 0));
/** A refresh period no real tick reaches within a test: the tests fire their ticks through captured intervals. */
const REFRESH = 60_000;

/**
 * A headless page is always visible, so the test stubs what the browser would report: visibilityState as an
 * own property of the real document (shadowing Document.prototype's getter) and a real visibilitychange event
 * dispatched on that document, which is where the resource listens.
 */
function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('createResource', () => {
  let r: Resource<unknown> | undefined;
  afterEach(() => {
    r?.dispose();
    r = undefined;
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  it('loads at once, keeps data while reloading and sets error on failure, not on abort', async () => {
    const { loader, calls } = controlledLoader<string>();
    const res = (r = createResource(loader));
    expect(calls).to.have.length(1);
    expect(res.loading.value).to.equal(true);
    calls[0].answer.resolve('one');
    await tick();
    expect(res.data.value).to.equal('one');
    expect(res.loading.value).to.equal(false);

    const reloaded = res.reload();
    expect(calls).to.have.length(2);
    expect(res.loading.value).to.equal(true);
    expect(res.data.value, 'no flash while reloading').to.equal('one');
    calls[1].answer.reject(new Error('boom'));
    await reloaded;
    expect((res.error.value as Error).message).to.equal('boom');
    expect(res.data.value, 'data kept after a failure').to.equal('one');

    void res.reload();
    calls[2].answer.reject(new DOMException('gave up', 'AbortError'));
    await tick();
    expect(res.error.value, 'a run that aborts itself is no error: the last one stays').to.be.an('error');
    expect(res.loading.value).to.equal(false);
    void res.reload();
    calls[3].answer.resolve('two');
    await tick();
    expect(res.error.value).to.equal(undefined);
    expect(res.data.value).to.equal('two');
  });

  it('re-runs when a signal read before the first await changes, dropping the stale answer', async () => {
    const id = signal(1);
    const { loader, calls } = controlledLoader<string>(() => id.value);
    const res = (r = createResource(loader));
    id.value = 2;
    expect(calls.map((c) => c.arg)).to.deep.equal([1, 2]);
    expect(calls[0].signal.aborted, 'the old run is aborted').to.equal(true);
    calls[1].answer.resolve('for 2');
    await tick();
    // The old request ignores its signal and answers late: it must not overwrite the newer answer.
    calls[0].answer.resolve('for 1');
    await tick();
    expect(res.data.value).to.equal('for 2');
    expect(res.loading.value).to.equal(false);
  });

  it('dispose aborts the request in flight and ignores its answer', async () => {
    const { loader, calls } = controlledLoader<string>();
    const res = createResource(loader);
    res.dispose();
    expect(calls[0].signal.aborted).to.equal(true);
    expect(res.loading.value).to.equal(false);
    calls[0].answer.resolve('late');
    await tick();
    expect(res.data.value).to.equal(undefined);
    await res.reload();
    expect(calls, 'no run after dispose').to.have.length(1);
  });

  it('refreshes on its interval, pauses while hidden and refreshes at once when visible again', async () => {
    const timers = captureIntervals();
    try {
      const { loader, calls } = controlledLoader<number>();
      const answerAll = () => calls.forEach((c, i) => c.answer.resolve(i));
      // A period no real tick reaches during the test: every tick here is one the test fires.
      r = createResource(loader, { refreshMs: REFRESH });
      answerAll();
      await tick();
      expect(timers.live(REFRESH), 'one refresh interval').to.equal(1);
      timers.fire(REFRESH);
      expect(calls.length, 'one tick, one run').to.equal(2);
      answerAll();
      await tick();

      setVisibility('hidden');
      expect(timers.live(REFRESH), 'no interval while hidden').to.equal(0);
      expect(calls.length, 'nothing while hidden').to.equal(2);

      setVisibility('visible');
      expect(calls.length, 'refreshed at once').to.equal(3);
      expect(timers.live(REFRESH), 'the interval is back').to.equal(1);
      answerAll();
      await tick();
      timers.fire(REFRESH);
      expect(calls.length, 'the timer runs again').to.equal(4);
      answerAll();
    } finally {
      timers.restore();
    }
  });

  it('refreshWhile: a tick reloads only while the data shown says it may still change', async () => {
    const timers = captureIntervals();
    try {
      const { loader, calls } = controlledLoader<string>();
      r = createResource(loader, { refreshMs: REFRESH, refreshWhile: (d) => d !== 'settled' });
      calls[0].answer.resolve('moving');
      await tick();
      timers.fire(REFRESH);
      expect(calls.length, 'moving: the tick reloads').to.equal(2);
      calls[1].answer.resolve('settled');
      await tick();
      timers.fire(REFRESH);
      timers.fire(REFRESH);
      expect(calls.length, 'settled: ticks ask nothing').to.equal(2);
      const again = r.reload();
      expect(calls.length, 'a reload by hand still runs').to.equal(3);
      calls[2].answer.resolve('settled');
      await again;
    } finally {
      timers.restore();
    }
  });

  it('a tick while a run is in flight is skipped, not stacked: a slow answer still lands', async () => {
    const timers = captureIntervals();
    try {
      const { loader, calls } = controlledLoader<string>();
      r = createResource(loader, { refreshMs: REFRESH });
      for (let i = 0; i < 4; i++) timers.fire(REFRESH); // four ticks, all while the first run is still waiting
      expect(calls.length, 'one run in flight, no tick started another').to.equal(1);
      expect(calls[0].signal.aborted, 'not aborted by a tick').to.equal(false);
      setVisibility('hidden');
      setVisibility('visible');
      expect(calls.length, 'coming back does not stack one either').to.equal(1);
      calls[0].answer.resolve('slow');
      await tick();
      expect(r.data.value).to.equal('slow');
      timers.fire(REFRESH);
      expect(calls.length, 'ticks resume once it has landed').to.equal(2);
      calls.forEach((c) => c.answer.resolve('x'));
    } finally {
      timers.restore();
    }
  });

  it('dispose stops the timer and removes the visibility listener', async () => {
    const leaks = trackLeaks();
    try {
      const { loader, calls } = controlledLoader<number>();
      const res = createResource(loader, { refreshMs: 30 });
      expect(leaks.listeners()).to.deep.equal({ 'document:visibilitychange': 1 });
      expect(leaks.timers()).to.equal(1);
      res.dispose();
      expect(leaks.listeners()).to.deep.equal({});
      expect(leaks.timers()).to.equal(0);
      // No timer is left to tick (counted above); coming back to the page starts nothing either.
      const n = calls.length;
      setVisibility('visible');
      expect(calls.length).to.equal(n);
    } finally {
      leaks.stop();
    }
  });
});
