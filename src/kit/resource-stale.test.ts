import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { createResource, refreshAll, type Resource } from './resource';
import { deferred } from '../../test/browser/support/deferred';
import { captureIntervals } from '../../test/browser/support/timers';

/** A loader whose every call records the input it read (before any await) and gets its own deferred answer. */
function controlledLoader<T>(read: () => unknown = () => undefined) {
  const calls: Array<{ signal: AbortSignal; arg: unknown; answer: ReturnType<typeof deferred<T>> }> = [];
  const loader = (s: AbortSignal) => {
    const answer = deferred<T>();
    calls.push({ signal: s, arg: read(), answer });
    return answer.promise;
  };
  return { loader, calls, last: () => calls[calls.length - 1] };
}

const tick = () => new Promise<void>((ok) => setTimeout(ok, 0));

describe('resource.stale', () => {
  const made: Resource<unknown>[] = [];
  const track = <T>(r: Resource<T>) => (made.push(r), r);
  afterEach(() => {
    for (const r of made.splice(0)) r.dispose();
  });

  it('is false on the very first load, even when the input changes before it lands', async () => {
    const tab = signal('a');
    const { loader, calls, last } = controlledLoader<string>(() => tab.value);
    const r = track(createResource(loader));
    expect([r.loading.value, r.stale.value]).to.deep.equal([true, false]);
    tab.value = 'b';
    expect(calls.map((c) => c.arg)).to.deep.equal(['a', 'b']);
    expect(r.stale.value, 'nothing is shown, so nothing shown is stale').to.equal(false);
    last().answer.resolve('for b');
    await tick();
    expect([r.data.value, r.loading.value, r.stale.value]).to.deep.equal(['for b', false, false]);
  });

  it('is true while a run for a changed input is in flight over the old data, false once the answer lands', async () => {
    const tab = signal('7d');
    const { loader, calls, last } = controlledLoader<string>(() => tab.value);
    const r = track(createResource(loader));
    last().answer.resolve('week');
    await tick();
    expect(r.stale.value).to.equal(false);

    tab.value = '30d';
    expect(calls).to.have.length(2);
    expect(r.stale.value).to.equal(true);
    expect(r.data.value, 'the old data is still shown').to.equal('week');
    expect(r.loading.value).to.equal(true);

    tab.value = '90d';
    expect(r.stale.value, 'still answering an earlier input').to.equal(true);
    calls[1].answer.resolve('month (superseded)');
    await tick();
    expect(r.stale.value, 'a superseded answer lands nothing').to.equal(true);
    expect(r.data.value).to.equal('week');

    last().answer.resolve('quarter');
    await tick();
    expect([r.data.value, r.loading.value, r.stale.value]).to.deep.equal(['quarter', false, false]);
  });

  it('is false for reload() of the same input, before and after it lands', async () => {
    const { loader, last } = controlledLoader<number>();
    const r = track(createResource(loader));
    last().answer.resolve(1);
    await tick();
    const reloaded = r.reload();
    expect(r.loading.value).to.equal(true);
    expect(r.stale.value).to.equal(false);
    last().answer.resolve(2);
    await reloaded;
    expect([r.data.value, r.stale.value]).to.deep.equal([2, false]);
  });

  it('is false for a refresh tick', async () => {
    const timers = captureIntervals();
    try {
      const { loader, calls, last } = controlledLoader<number>();
      const r = track(createResource(loader, { refreshMs: 41_000 }));
      last().answer.resolve(1);
      await tick();
      timers.fire(41_000);
      expect(calls).to.have.length(2);
      expect([r.loading.value, r.stale.value]).to.deep.equal([true, false]);
      last().answer.resolve(2);
      await tick();
      expect(r.data.value).to.equal(2);
    } finally {
      timers.restore();
    }
  });

  it('stays true once the run for the changed input has failed: the data still answers the old input (error says why)', async () => {
    const tab = signal('a');
    const { loader, last } = controlledLoader<string>(() => tab.value);
    const r = track(createResource(loader));
    last().answer.resolve('for a');
    await tick();
    tab.value = 'b';
    expect(r.stale.value).to.equal(true);
    last().answer.reject(new Error('offline'));
    await tick();
    expect(r.loading.value).to.equal(false);
    expect((r.error.value as Error).message).to.equal('offline');
    // Stale means "answers an earlier input", true until an answer for the new one lands; `loading` says nothing is
    // in flight, so the view marks it busy no longer (views-resource.test.tsx).
    expect(r.stale.value, "still the old input's data").to.equal(true);
    void r.reload();
    last().answer.resolve('for b');
    await tick();
    expect(r.stale.value, 'an answer for the new input landed').to.equal(false);
  });

  it("stays true when reload() is asked while a changed input's run is in flight (the data shown still answers the old input)", async () => {
    const tab = signal('a');
    const { loader, last } = controlledLoader<string>(() => tab.value);
    const r = track(createResource(loader));
    last().answer.resolve('for a');
    await tick();
    tab.value = 'b';
    expect(r.stale.value).to.equal(true);
    void r.reload(); // a pull to refresh on the new tab before its first answer
    expect(r.data.value).to.equal('for a');
    expect(r.stale.value, 'what is shown still answers "a"').to.equal(true);
    last().answer.resolve('for b');
    await tick();
    expect([r.data.value, r.stale.value]).to.deep.equal(['for b', false]);
  });
});

describe('refreshAll', () => {
  const made: Resource<unknown>[] = [];
  afterEach(() => {
    for (const r of made.splice(0)) r.dispose();
  });

  async function loaded(n: number) {
    const ls = Array.from({ length: n }, () => controlledLoader<string>());
    const rs = ls.map((l) => createResource(l.loader));
    made.push(...rs);
    ls.forEach((l, i) => l.last().answer.resolve(`first ${i}`));
    await tick();
    return { ls, rs };
  }

  it('resolves once every resource has reloaded successfully', async () => {
    const { ls, rs } = await loaded(2);
    let settled = false;
    const all = refreshAll(...rs).then(() => (settled = true));
    expect(
      ls.map((l) => l.calls.length),
      'each reloaded',
    ).to.deep.equal([2, 2]);
    ls[0].last().answer.resolve('second 0');
    await tick();
    expect(settled, 'not before the last one').to.equal(false);
    ls[1].last().answer.resolve('second 1');
    await all;
    expect(rs.map((r) => r.data.value)).to.deep.equal(['second 0', 'second 1']);
  });

  it('rejects with the failure when one failed, while the others still land', async () => {
    const { ls, rs } = await loaded(3);
    const all = refreshAll(...rs);
    const boom = new Error('boom');
    ls[0].last().answer.resolve('ok 0');
    ls[1].last().answer.reject(boom);
    ls[2].last().answer.resolve('ok 2');
    let caught: unknown;
    await all.catch((e) => (caught = e));
    expect(caught).to.equal(boom);
    expect(rs.map((r) => r.data.value)).to.deep.equal(['ok 0', 'first 1', 'ok 2']);
  });

  it('resolves when a resource that had failed before succeeds this time', async () => {
    const { ls, rs } = await loaded(2);
    const failing = rs[1].reload();
    ls[1].last().answer.reject(new Error('earlier'));
    await failing;
    expect(rs[1].error.value).to.be.an('error');
    const all = refreshAll(...rs);
    ls.forEach((l) => l.last().answer.resolve('fine'));
    await all;
    expect(rs.map((r) => r.error.value)).to.deep.equal([undefined, undefined]);
  });
});
