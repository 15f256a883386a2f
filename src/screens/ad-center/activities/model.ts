import { signal, untracked } from '@preact/signals-react';
import * as adCenterCalls from '../../../api/calls/ad-center';
import type { Activity } from '../../../api/shapes/ad-center';
import type { Coupon } from '../../../api/shapes/coupon';
import type { AppServices } from '../../../app/context';
import { createKeyedAction, createModel, createResource, loadFailures } from '../../../kit';

/** Newcomer activities (`activities`) and getting their coupons (`activityReceive`: the coupon lands unused in My coupons). */
export const ActivitiesModel = createModel((app: AppServices) => {
  const data = createResource((s) =>
    untracked(() => app.request(adCenterCalls.activities, undefined, { signal: s, handles: loadFailures })),
  );
  /** Received on this visit: the coupon the server handed out, or true when it said it was received before. */
  const received = signal<Readonly<Record<number, Coupon | true>>>({});
  const mark = (id: number, v: Coupon | true) => {
    received.value = { ...received.peek(), [id]: v };
  };

  const receive = createKeyedAction<Activity, Coupon>(
    { t: app.i18n.t, toast: app.overlays.toast },
    {
      key: (a) => a.id,
      // A received activity shows no Get button; the server enforces the rule regardless.
      run: (a, { requestId, handles }) =>
        app.request(adCenterCalls.activityReceive, { activity_id: a.id, request_id: requestId }, { handles }),
      // The server's "you have this already" answers: each says so in words and means the activity is received.
      refusals: { coupon_received: 'errors.couponReceived', coupon_daily_limit: 'activities.dailyRefused' },
      success: 'activities.receivedToast',
      onDone: (coupon, a) => mark(a.id, coupon),
      onRefused: (_, a) => mark(a.id, true),
    },
  );

  return { data, received, receive };
});
