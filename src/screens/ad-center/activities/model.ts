import { signal, untracked } from '@preact/signals-react';
import { ApiError } from '../../../api/client';
import { Reason, type Activity, type Coupon, type ErrorReason } from '../../../api/contract';
import type { AppServices } from '../../../app/context';
import { createModel, createResource } from '../../../kit';
import { newRequestId } from '../../../lib/request-id';

/** A load that cannot reach the server is the screen's to show (error state, Retry); a business failure is not. */
const unreachable = (e: ApiError) => e.kind !== 'business';

/** The server's "you have this already" answers: each says so in words and means the activity is received. */
const ALREADY: Partial<Record<ErrorReason, string>> = {
  [Reason.COUPON_RECEIVED]: 'errors.couponReceived',
  [Reason.COUPON_DAILY]: 'errors.couponDaily',
};

/** Newcomer activities (`activities`) and receiving their coupons (`activityReceive`). */
export const ActivitiesModel = createModel((app: AppServices) => {
  const data = createResource((s) => untracked(() => app.request('activities', undefined, { signal: s, claims: unreachable })));
  /** Activities whose receive request is in flight. */
  const busy = signal<ReadonlySet<number>>(new Set());
  /** Received on this visit: the coupon the server handed out, or true when it said it was received before. */
  const received = signal<Readonly<Record<number, Coupon | true>>>({});

  const mark = (id: number, v: Coupon | true) => {
    received.value = { ...received.peek(), [id]: v };
  };

  return {
    data,
    busy,
    received,
    /**
     * One request per activity at a time, checked here and not only by the disabled button: two taps in one
     * frame both arrive before the button re-renders. A new request_id per tap; the server enforces the rule.
     */
    async receive(activity: Activity) {
      const { id } = activity;
      if (busy.peek().has(id) || activity.received || received.peek()[id]) return;
      busy.value = new Set(busy.peek()).add(id);
      try {
        const coupon = await app.request('activityReceive', { activity_id: id, request_id: newRequestId() }, {
          claims: (e) => !!e.data.reason && e.data.reason in ALREADY,
        });
        mark(id, coupon);
        app.overlays.toast.success(app.i18n.t('activities.receivedToast'));
      } catch (e) {
        // Claimed answers are ours to word; every other failure the error policy has already shown.
        const key = e instanceof ApiError && e.data.reason ? ALREADY[e.data.reason] : undefined;
        if (key) {
          mark(id, true);
          app.overlays.toast.fail(app.i18n.t(key));
        }
      } finally {
        const next = new Set(busy.peek());
        next.delete(id);
        busy.value = next;
      }
    },
  };
});
