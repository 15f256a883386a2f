/** Test support for createKeyedAction's tests, imported by them only: a fake t and toast, a run the test answers. */
import { ApiError } from '../api/client';
import { Code } from '../api/envelope';
import { type ErrorReason } from '../api/reasons';
import { createKeyedAction, type KeyedActionOptions } from './action';
import { deferred } from '../../test/browser/support/deferred';
import { couponReceive } from '../api/calls/ad-center';

/** A translator that shows what it was asked, and a toast that records what it was told. */
export function fakeSay() {
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

export interface Arg {
  id: number;
}
type Ctx = { requestId: string; handles: (e: ApiError) => boolean };

/** A run whose every call is recorded (arg and context) and answered by the test. */
export function controlledRun<R = string>() {
  const calls: Array<{ arg: Arg; ctx: Ctx; answer: ReturnType<typeof deferred<R>> }> = [];
  const run = (arg: Arg, ctx: Ctx) => {
    const answer = deferred<R>();
    calls.push({ arg, ctx, answer });
    return answer.promise;
  };
  return { run, calls, last: () => calls[calls.length - 1] };
}

/** A business failure as the client throws it: HTTP 200 with an error envelope. */
export const refused = (reason?: ErrorReason, code: number = Code.DATA) =>
  new ApiError('business', couponReceive, code, 'refused', reason ? { reason } : {});
/** A request that got no answer. */
export const network = () => new ApiError('network', couponReceive, undefined, 'network');

/** A keyed action keyed by the arg's id, whose run the test answers and whose onDone and onRefused are logged. */
export function setup<R = string>(options: Partial<KeyedActionOptions<Arg, R>> = {}) {
  const { say, toasts } = fakeSay();
  const r = controlledRun<R>();
  const log: string[] = [];
  const action = createKeyedAction<Arg, R>(say, {
    key: (a) => a.id,
    run: r.run,
    onDone: (res, a) => void log.push(`done ${a.id} ${String(res)}`),
    onRefused: (reason, a) => void log.push(`refused ${a.id} ${reason}`),
    ...options,
  });
  return { action, toasts, log, ...r };
}
