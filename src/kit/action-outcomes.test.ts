/** createKeyedAction's outcomes: what a success, a refusal and a failure say; which errors run's handles handle. */
import { expect } from 'chai';
import { ApiError } from '../api/client';
import { Code } from '../api/envelope';
import { createKeyedAction } from './action';
import { loadFailures } from './handled-failures';
import { couponReceive } from '../api/calls/ad-center';
import { type Arg, controlledRun, fakeSay, network, refused, setup } from './test-action';

describe('createKeyedAction: what an outcome says and handles', () => {
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

  it("the failed option handles and words other failures; a session failure stays the policy's", async () => {
    const { action, calls, toasts, log } = setup({
      refusals: { coupon_expired: 'coupon.expired' },
      failed: { handles: loadFailures, key: 'coupon.receiveFailed' },
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
    expect(toasts, 'not handled: no toast of ours').to.have.length(2);
    expect(log, 'no onRefused for failures').to.deep.equal([]);
  });

  it('an unhandled failure is "failed" with no toast of ours', async () => {
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

  it('the handles passed to run handle exactly the refusal reasons', () => {
    const { action, calls } = setup({
      refusals: { coupon_expired: 'coupon.expired', coupon_received: { key: 'k', tone: 'text' } },
    });
    void action.run({ id: 1 });
    const c = calls[0].ctx.handles;
    expect(c(refused('coupon_expired'))).to.equal(true);
    expect(c(refused('coupon_received'))).to.equal(true);
    expect(c(refused('coupon_daily_limit')), 'another reason').to.equal(false);
    expect(c(refused()), 'no reason').to.equal(false);
    expect(c(refused(undefined, Code.NO_AUTH))).to.equal(false);
    expect(c(network())).to.equal(false);
  });

  it('with failed, the handles passed to run also handle what failed.handles handles', () => {
    const { action, calls } = setup({
      refusals: { coupon_expired: 'coupon.expired' },
      failed: { handles: loadFailures, key: 'coupon.receiveFailed' },
    });
    void action.run({ id: 1 });
    const c = calls[0].ctx.handles;
    expect(c(refused('coupon_expired'))).to.equal(true);
    expect(c(refused('coupon_daily_limit'))).to.equal(true);
    expect(c(network())).to.equal(true);
    expect(c(new ApiError('http', couponReceive, 502, 'Bad gateway'))).to.equal(true);
    for (const code of [Code.NO_AUTH, Code.NOT_ACTIVATED, Code.NOT_ENABLED, Code.DELETED, Code.TOKEN_EXPIRED]) {
      expect(c(refused(undefined, code)), `session code ${code}`).to.equal(false);
    }
  });

  it('an empty refusals map and no failed option handle nothing', () => {
    const { action, calls } = setup();
    void action.run({ id: 1 });
    expect(calls[0].ctx.handles(refused('coupon_expired'))).to.equal(false);
    expect(calls[0].ctx.handles(network())).to.equal(false);
  });
});
