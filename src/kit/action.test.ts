import { expect } from 'chai';
import { effect } from '@preact/signals-react';
import { ApiError } from '../api/client';
import { Code } from '../api/envelope';
import { type ErrorReason } from '../api/reasons';
import { createKeyedAction, type KeyedActionOptions } from './action';
import { claims } from './claims';
import { deferred } from '../../test/browser/support/deferred';
import { couponReceive } from '../api/calls/ad-center';

/** A translator that shows what it was asked, and a toast that records what it was told. */
function fakeSay() {
  const toasts: Array<[tone: 'success' | 'fail' | 'text', message: string]> = [];
  const say = {
    t: (k: string, p?: Record<string, unknown>) => k + (p ? JSON.stringify(p) : ''),
    toast: {
      success: (m: string) => void toasts.push(['success', m]),
      fail: (m: string) => void toasts.push(['fail', m]),
      text: (m: string) => void toasts.push(['text', m]),
    },
  };
  return { say, toasts };
}

interface Arg {
  id: number;
}
type Ctx = { requestId: string; claims: (e: ApiError) => boolean };

/** A run whose every call is recorded (arg and context) and answered by the test. */
function controlledRun<R = string>() {
  const calls: Array<{ arg: Arg; ctx: Ctx; answer: ReturnType<typeof deferred<R>> }> = [];
  const run = (arg: Arg, ctx: Ctx) => {
    const answer = deferred<R>();
    calls.push({ arg, ctx, answer });
    return answer.promise;
  };
  return { run, calls, last: () => calls[calls.length - 1] };
}

/** A business failure as the client throws it: HTTP 200 with an error envelope. */
const refused = (reason?: ErrorReason, code: number = Code.DATA) =>
  new ApiError('business', couponReceive, code, 'refused', reason ? { reason } : {});
const network = () => new ApiError('network', couponReceive, undefined, 'network');

function setup<R = string>(o: Partial<KeyedActionOptions<Arg, R>> = {}) {
  const { say, toasts } = fakeSay();
  const r = controlledRun<R>();
  const log: string[] = [];
  const action = createKeyedAction<Arg, R>(say, {
    key: (a) => a.id,
    run: r.run,
    onDone: (res, a) => void log.push(`done ${a.id} ${String(res)}`),
    onRefused: (reason, a) => void log.push(`refused ${a.id} ${reason}`),
    ...o,
  });
  return { action, toasts, log, ...r };
}

describe('createKeyedAction', () => {
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

  it('a success calls onDone and toasts the success key, translated', async () => {
    const { action, calls, toasts, log } = setup({ success: 'coupon.receiveSuccess' });
    const p = action.run({ id: 7 });
    expect(log).to.deep.equal([]);
    calls[0].answer.resolve('coupon');
    expect(await p).to.deep.equal({ status: 'done', result: 'coupon' });
    expect(log).to.deep.equal(['done 7 coupon']);
    expect(toasts).to.deep.equal([['success', 'coupon.receiveSuccess']]);
  });

  it('a success message function gets the result and the arg; undefined says nothing; onDone runs before the toast', async () => {
    const order: string[] = [];
    const { say, toasts } = fakeSay();
    const r = controlledRun<{ points: number }>();
    const action = createKeyedAction<Arg, { points: number }>(
      {
        t: say.t,
        toast: {
          ...say.toast,
          success: (m) => {
            order.push('toast');
            say.toast.success(m);
          },
        },
      },
      {
        key: (a) => a.id,
        run: r.run,
        success: (res, a) => (res.points ? say.t('signIn.points', { n: res.points, id: a.id }) : undefined),
        onDone: () => void order.push('onDone'),
      },
    );
    let p = action.run({ id: 1 });
    r.last().answer.resolve({ points: 5 });
    await p;
    expect(toasts).to.deep.equal([['success', 'signIn.points{"n":5,"id":1}']]);
    expect(order).to.deep.equal(['onDone', 'toast']);
    p = action.run({ id: 1 });
    r.last().answer.resolve({ points: 0 });
    expect((await p).status).to.equal('done');
    expect(toasts, 'no toast for undefined').to.have.length(1);
  });

  it('without a success option a success says nothing', async () => {
    const { action, calls, toasts } = setup();
    const p = action.run({ id: 1 });
    calls[0].answer.resolve('x');
    await p;
    expect(toasts).to.deep.equal([]);
  });

  it('words a refusal as a failure by default, or in a neutral tone, and calls onRefused', async () => {
    const { action, calls, toasts, log } = setup({
      refusals: {
        coupon_expired: 'coupon.expired',
        coupon_received: { key: 'coupon.alreadyReceived', tone: 'text' },
      },
      success: 'coupon.receiveSuccess',
    });
    let p = action.run({ id: 1 });
    calls[0].answer.reject(refused('coupon_expired'));
    expect(await p).to.deep.equal({ status: 'refused', reason: 'coupon_expired' });
    expect(toasts).to.deep.equal([['fail', 'coupon.expired']]);
    expect(log).to.deep.equal(['refused 1 coupon_expired']);

    p = action.run({ id: 2 });
    calls[1].answer.reject(refused('coupon_received'));
    expect(await p).to.deep.equal({ status: 'refused', reason: 'coupon_received' });
    expect(toasts[1]).to.deep.equal(['text', 'coupon.alreadyReceived']);
    expect(log).to.deep.equal(['refused 1 coupon_expired', 'refused 2 coupon_received']);
    expect(toasts, 'no success toast, no second toast').to.have.length(2);
  });

  it("the failed option claims and words other failures; a session failure stays the policy's", async () => {
    const { action, calls, toasts, log } = setup({
      refusals: { coupon_expired: 'coupon.expired' },
      failed: { claims: claims.load, key: 'coupon.receiveFailed' },
    });
    let p = action.run({ id: 1 });
    const offline = network();
    calls[0].answer.reject(offline);
    expect(await p).to.deep.equal({ status: 'failed', error: offline });
    expect(toasts).to.deep.equal([['fail', 'coupon.receiveFailed']]);

    p = action.run({ id: 1 });
    calls[1].answer.reject(refused('coupon_daily_limit'));
    expect((await p).status, 'a reason not in refusals is a failure').to.equal('failed');
    expect(toasts[1]).to.deep.equal(['fail', 'coupon.receiveFailed']);

    p = action.run({ id: 1 });
    const signedOut = refused(undefined, Code.NO_AUTH);
    calls[2].answer.reject(signedOut);
    expect(await p).to.deep.equal({ status: 'failed', error: signedOut });
    expect(toasts, 'not claimed: no toast of ours').to.have.length(2);
    expect(log, 'no onRefused for failures').to.deep.equal([]);
  });

  it('an unclaimed failure is "failed" with no toast of ours', async () => {
    const { action, calls, toasts, log } = setup({ refusals: { coupon_expired: 'coupon.expired' }, success: 'x' });
    const cases = [refused('coupon_daily_limit'), refused(), network(), new Error('not an ApiError')];
    for (const e of cases) {
      const p = action.run({ id: 1 });
      calls[calls.length - 1].answer.reject(e);
      expect(await p).to.deep.equal({ status: 'failed', error: e });
    }
    expect(toasts).to.deep.equal([]);
    expect(log).to.deep.equal([]);
  });

  it('the claims passed to run claim exactly the refusal reasons', () => {
    const { action, calls } = setup({
      refusals: { coupon_expired: 'coupon.expired', coupon_received: { key: 'k', tone: 'text' } },
    });
    void action.run({ id: 1 });
    const c = calls[0].ctx.claims;
    expect(c(refused('coupon_expired'))).to.equal(true);
    expect(c(refused('coupon_received'))).to.equal(true);
    expect(c(refused('coupon_daily_limit')), 'another reason').to.equal(false);
    expect(c(refused()), 'no reason').to.equal(false);
    expect(c(refused(undefined, Code.NO_AUTH))).to.equal(false);
    expect(c(network())).to.equal(false);
  });

  it('with failed, the claims passed to run also claim what failed.claims claims', () => {
    const { action, calls } = setup({
      refusals: { coupon_expired: 'coupon.expired' },
      failed: { claims: claims.load, key: 'coupon.receiveFailed' },
    });
    void action.run({ id: 1 });
    const c = calls[0].ctx.claims;
    expect(c(refused('coupon_expired'))).to.equal(true);
    expect(c(refused('coupon_daily_limit'))).to.equal(true);
    expect(c(network())).to.equal(true);
    expect(c(new ApiError('http', couponReceive, 502, 'Bad gateway'))).to.equal(true);
    for (const code of [Code.NO_AUTH, Code.NOT_ACTIVATED, Code.NOT_ENABLED, Code.DELETED, Code.TOKEN_EXPIRED]) {
      expect(c(refused(undefined, code)), `session code ${code}`).to.equal(false);
    }
  });

  it('an empty refusals map and no failed option claim nothing', () => {
    const { action, calls } = setup();
    void action.run({ id: 1 });
    expect(calls[0].ctx.claims(refused('coupon_expired'))).to.equal(false);
    expect(calls[0].ctx.claims(network())).to.equal(false);
  });
});
