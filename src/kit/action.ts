import type { ReadonlySignal } from '@preact/signals-react';
import { ApiError } from '../api/client';
import type { ErrorReason } from '../api/reasons';
import { newRequestId } from '../lib/request-id';
import { createInFlight } from './in-flight';
import type { Translate } from '../i18n/i18n';
import type { ToastApi } from '../ui/toast';

/** How a refusal is worded: a message key (shown as a failure), or a key with a neutral tone ("already done"). */
export type Refusal = string | { key: string; tone: 'text' };

export interface KeyedActionOptions<A, R> {
  /** Which item a call acts on: one request in flight per key. */
  key: (arg: A) => PropertyKey;
  /** The request. Pass on `handles` to app.request: the refusals below are this action's to word, not the policy's. */
  run: (arg: A, ctx: { requestId: string; handles: (e: ApiError) => boolean }) => Promise<R>;
  /** The server's refusals this action words itself: reason → message key. Every other failure is the policy's. */
  refusals?: Partial<Record<ErrorReason, Refusal>>;
  /** Also handle every other failure except what ends the session (a preset such as loadFailures), worded by this key. */
  failed?: { handles: (e: ApiError) => boolean; key: string };
  /** The success message key, or a function of the result (its params included). */
  success?: string | ((result: R, arg: A) => string | undefined);
  /** After a success, before the toast (move the item, refresh lists). */
  onDone?: (result: R, arg: A) => void;
  /** After a worded refusal (the screen was out of date: show what is true now). */
  onRefused?: (reason: ErrorReason, arg: A) => void;
}

/** What a run came to. 'busy': the key had a request in flight, so nothing was sent. */
export type ActionOutcome<R> =
  | { status: 'done'; result: R }
  | { status: 'refused'; reason: ErrorReason }
  | { status: 'failed'; error: unknown }
  | { status: 'busy' };

export interface KeyedAction<A, R> {
  /** The keys with a request in flight (a button shows loading while its key is here). */
  busy: ReadonlySignal<ReadonlySet<PropertyKey>>;
  isBusy: (arg: A) => boolean;
  run: (arg: A) => Promise<ActionOutcome<R>>;
}

/**
 * A tap that changes something on the server (receive a coupon, sign in for the day): one request in flight per
 * item, checked here and not only by a disabled button (two taps in one frame both arrive before it re-renders);
 * a fresh request_id per tap, so a retried request is the same action and a new tap a new one; the server's
 * refusals worded by a reason → message map, success worded by a toast.
 */
export function createKeyedAction<A, R>(
  say: { t: Translate; toast: Pick<ToastApi, 'success' | 'fail' | 'text'> },
  o: KeyedActionOptions<A, R>,
): KeyedAction<A, R> {
  const flight = createInFlight();
  const refusalOf = (e: unknown) =>
    e instanceof ApiError && e.data.reason && o.refusals?.[e.data.reason] !== undefined ? e.data.reason : undefined;
  const handles = (e: ApiError) => refusalOf(e) !== undefined || !!o.failed?.handles(e);

  const attempt = async (arg: A): Promise<ActionOutcome<R>> => {
    try {
      const result = await o.run(arg, { requestId: newRequestId(), handles });
      o.onDone?.(result, arg);
      const msg = typeof o.success === 'function' ? o.success(result, arg) : o.success && say.t(o.success);
      if (msg) say.toast.success(msg);
      return { status: 'done', result };
    } catch (error) {
      const reason = refusalOf(error);
      if (reason) {
        const r = o.refusals![reason]!;
        if (typeof r === 'string') say.toast.fail(say.t(r));
        else say.toast.text(say.t(r.key));
        o.onRefused?.(reason, arg);
        return { status: 'refused', reason };
      }
      // Handled by `failed`: ours to word. Anything else the error policy has already shown.
      if (o.failed && error instanceof ApiError && o.failed.handles(error)) say.toast.fail(say.t(o.failed.key));
      return { status: 'failed', error };
    }
  };

  return {
    busy: flight.busy,
    isBusy: (arg) => flight.busy.value.has(o.key(arg)),
    run: (arg) => flight.run(o.key(arg), () => attempt(arg), { status: 'busy' } as const),
  };
}
