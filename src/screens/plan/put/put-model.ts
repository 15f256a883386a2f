import { untracked } from '@preact/signals-react';
import * as adCenterCalls from '../../../api/calls/ad-center';
import * as walletCalls from '../../../api/calls/wallet';
import { ApiError } from '../../../api/client';
import { obj } from '../../../api/schema/object';
import { str } from '../../../api/schema/text';
import { COUPON_USE, putReductionCents, type Coupon } from '../../../api/shapes/coupon';
import type { AppServices } from '../../../app/context';
import { anyFailure, createModel, createResource, loadFailures } from '../../../kit';
import { toCents } from '../../../lib/money';

/** The wallet's available balance and the merchant's unused put coupons: what the dialog checks the put against. */
export const PutModel = createModel((app: AppServices) => ({
  property: createResource((s) =>
    untracked(() => app.request(walletCalls.property, undefined, { signal: s, handles: loadFailures })),
  ),
  coupons: createResource((s) =>
    untracked(() =>
      app.request(adCenterCalls.couponList, { state: 'unused', page_size: 50 }, { signal: s, handles: anyFailure }),
    ).then((p) => p.list.filter((c) => COUPON_USE[c.kind] === 'put')),
  ),
}));

/**
 * The form's own field: the amount as typed, in the merchant's own format (German `10.600,27`), which
 * parseTypedAmount reads; the put call's money field is the decimal sent on the wire. Its checks are worded below
 * (a valid amount, within the plan's range, covered by the balance), and the server checks the put again.
 */
export const amountForm = obj({ amount: str({ max: 15 }) });

/** What a coupon takes off a put of `cents`, as the server reckons it; and whether `cents` meets its requirement. */
export const couponOff = (c: Coupon, cents: number) => putReductionCents(c.kind, toCents(c.amount), cents);
export const meets = (c: Coupon, cents: number) => cents >= toCents(c.requirement);

/** The plan was put meanwhile (another tab or device): nothing was taken. */
export const stale = (e: unknown) => e instanceof ApiError && e.data.reason === 'plan_not_waiting';
