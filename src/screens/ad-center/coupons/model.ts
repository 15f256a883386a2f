import { signal } from '@preact/signals-react';
import { Reason, type Coupon, type CouponState } from '../../../api/contract';
import type { AppServices } from '../../../app/context';
import { claims, createKeyedAction, createModel, createPagedSource } from '../../../kit';

export const COUPON_PAGE_SIZE = 10;

/** The merchant's coupons by state (`couponList`), one paged source keyed by the tab, and receiving one (`couponReceive`). */
export const CouponsModel = createModel((app: AppServices) => {
  const tab = signal<CouponState>('unused');
  const list = createPagedSource<Coupon>(
    (page, signal, state) =>
      app.request('couponList', { state: state as CouponState, page, page_size: COUPON_PAGE_SIZE }, { signal, claims: claims.load })
        .then((p) => ({ items: p.list, total: p.total })),
    { pageSize: COUPON_PAGE_SIZE, key: () => tab.value, id: (c) => c.id },
  );

  const receive = createKeyedAction<Coupon, Coupon>({ t: app.i18n.t, toast: app.overlays.toast }, {
    key: (c) => c.id,
    run: (c, { requestId, claims }) => app.request('couponReceive', { coupon_id: c.id, request_id: requestId }, { claims }),
    // Why a coupon cannot be received, in the spec's words; the screen was out of date, so the lists are too.
    refusals: {
      [Reason.COUPON_USED]: 'errors.couponUsed',
      [Reason.COUPON_EXPIRED]: 'errors.couponExpired',
      [Reason.COUPON_DAILY]: 'errors.couponDaily',
    },
    success: 'coupons.receivedToast',
    onDone: (_, c) => {
      // Off the unused list at once, before its refresh comes back; the used list shows it when next opened.
      list.update((items) => items.filter((it) => it.id !== c.id));
      list.invalidate();
    },
    onRefused: () => list.invalidate(),
  });

  return { tab, list, receive };
});
