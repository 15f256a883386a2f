/** createKeyedAction: one request in flight per key, busy while it runs, and a fresh request id for every call. */
import { expect } from 'chai';
import { effect } from '@preact/signals-react';
import { createKeyedAction } from './action';
import { type Arg, fakeSay, network, refused, setup } from './test-action';

describe('createKeyedAction: one request in flight per key', () => {
  it('one request in flight per key: a second run of the same key is busy and sends nothing; another key runs beside it', async () => {
    const { action, calls } = setup();
    const first = action.run({ id: 1 });
    expect(calls).to.have.length(1);
    expect(await action.run({ id: 1 })).to.deep.equal({ status: 'busy' });
    expect(calls, 'no second call for key 1').to.have.length(1);

    const other = action.run({ id: 2 });
    expect(
      calls.map((c) => c.arg.id),
      'key 2 runs in parallel',
    ).to.deep.equal([1, 2]);
    calls[1].answer.resolve('two');
    expect(await other).to.deep.equal({ status: 'done', result: 'two' });
    expect(await action.run({ id: 1 }), 'key 1 still in flight').to.deep.equal({ status: 'busy' });

    calls[0].answer.resolve('one');
    expect(await first).to.deep.equal({ status: 'done', result: 'one' });
    const again = action.run({ id: 1 });
    expect(calls, 'free again once settled').to.have.length(3);
    calls[2].answer.resolve('one again');
    await again;
  });

  it('two runs of one key in the same tick send one request', async () => {
    const { action, calls } = setup();
    const [a, b] = [action.run({ id: 5 }), action.run({ id: 5 })];
    expect(calls).to.have.length(1);
    calls[0].answer.resolve('x');
    expect((await a).status).to.equal('done');
    expect(await b).to.deep.equal({ status: 'busy' });
  });

  it('busy holds the keys in flight, is reactive, and is released after success, refusal and failure alike', async () => {
    const { action, calls } = setup({ refusals: { coupon_received: 'coupon.received' } });
    const seen: number[][] = [];
    const stop = effect(() => void seen.push([...action.busy.value].map(Number).sort()));
    try {
      expect([...action.busy.value]).to.deep.equal([]);
      const a = action.run({ id: 1 });
      const b = action.run({ id: 2 });
      const c = action.run({ id: 3 });
      expect([...action.busy.value].sort()).to.deep.equal([1, 2, 3]);
      expect(action.isBusy({ id: 2 })).to.equal(true);
      expect(action.isBusy({ id: 4 })).to.equal(false);

      calls[1].answer.resolve('ok');
      await b;
      expect([...action.busy.value].sort(), 'released after success').to.deep.equal([1, 3]);
      calls[0].answer.reject(refused('coupon_received'));
      expect((await a).status).to.equal('refused');
      expect([...action.busy.value], 'released after a refusal').to.deep.equal([3]);
      calls[2].answer.reject(network());
      expect((await c).status).to.equal('failed');
      expect([...action.busy.value], 'released after a failure').to.deep.equal([]);
      expect(action.isBusy({ id: 3 })).to.equal(false);
      expect(seen, 'every change seen by an effect').to.deep.equal([[], [1], [1, 2], [1, 2, 3], [1, 3], [3], []]);
    } finally {
      stop();
    }
  });

  it('a run that throws before returning a promise still frees its key', async () => {
    const { say } = fakeSay();
    let n = 0;
    const action = createKeyedAction<Arg, string>(say, {
      key: (a) => a.id,
      run: () => {
        n++;
        throw new TypeError('bad arg');
      },
    });
    const out = await action.run({ id: 1 });
    expect(out.status).to.equal('failed');
    expect((out as { error: unknown }).error).to.be.instanceOf(TypeError);
    expect(action.isBusy({ id: 1 })).to.equal(false);
    await action.run({ id: 1 });
    expect(n).to.equal(2);
  });

  it('gives every call a fresh request id', async () => {
    const { action, calls } = setup();
    const runs = [action.run({ id: 1 }), action.run({ id: 2 })];
    calls.forEach((c) => c.answer.resolve('x'));
    await Promise.all(runs);
    const again = action.run({ id: 1 }); // the same item tapped again: a new action
    calls[2].answer.resolve('x');
    await again;
    const ids = calls.map((c) => c.ctx.requestId);
    expect(new Set(ids).size, ids.join(', ')).to.equal(3);
    for (const id of ids) {
      expect(id).to.be.a('string');
      expect(id.length).to.be.at.least(8);
      expect(id.length, 'the server takes at most 64').to.be.at.most(64);
    }
  });
});
