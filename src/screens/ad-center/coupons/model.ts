import { signal } from '@preact/signals-react';
import { ApiError } from '../../../api/client';
import { Reason, type Coupon, type CouponState, type ErrorReason } from '../../../api/contract';
import type { AppServices } from '../../../app/context';
import { createModel, createPagedSource, type PagedSource } from '../../../kit';
import { newRequestId } from '../../../lib/request-id';

export const COUPON_PAGE_SIZE = 10;

/** A page that cannot reach the server is the list's to show (tap to reload); a business failure is not. */
const unreachable = (e: ApiError) => e.kind !== 'business';

/** Why a coupon cannot be received, in the spec's words; after any of them the lists are reloaded. */
const REFUSED: Partial<Record<ErrorReason, string>> = {
  [Reason.COUPON_USED]: 'errors.couponUsed',
  [Reason.COUPON_EXPIRED]: 'errors.couponExpired',
  [Reason.COUPON_DAILY]: 'errors.couponDaily',
};

/** A list has been asked for at least once (its tab was shown), so it holds something to bring up to date. */
const started = (s: PagedSource<Coupon>) => s.items.peek().length > 0 || s.finished.peek() || s.loading.peek() || s.error.peek() !== undefined;

/** The merchant's coupons by state (`couponList`), each tab a paged list, and receiving one (`couponReceive`). */
export const CouponsModel = createModel((app: AppServices) => {
  const list = (state: CouponState) =>
    createPagedSource<Coupon>(
      (page, s) =>
        app.request('couponList', { state, page, page_size: COUPON_PAGE_SIZE }, { signal: s, claims: unreachable })
          .then((p) => ({ items: p.list, total: p.total })),
      { pageSize: COUPON_PAGE_SIZE },
    );
  const lists = { unused: list('unused'), used: list('used'), expired: list('expired') };
  const tab = signal<CouponState>('unused');
  /** Coupons in flight. */
  const busy = signal<ReadonlySet<number>>(new Set());
  /** Received here: off the unused list at once, before its reload comes back. */
  const gone = signal<ReadonlySet<number>>(new Set());

  const resync = () => {
    for (const s of Object.values(lists)) if (started(s)) void s.refresh();
  };

  return {
    lists,
    tab,
    busy,
    gone,
    /** One request per coupon at a time (two taps in one frame both arrive before the button re-renders). */
    async receive(coupon: Coupon) {
      const { id } = coupon;
      if (busy.peek().has(id) || gone.peek().has(id)) return;
      busy.value = new Set(busy.peek()).add(id);
      try {
        await app.request('couponReceive', { coupon_id: id, request_id: newRequestId() }, {
          claims: (e) => !!e.data.reason && e.data.reason in REFUSED,
        });
        gone.value = new Set(gone.peek()).add(id);
        app.overlays.toast.success(app.i18n.t('coupons.receivedToast'));
        resync();
      } catch (e) {
        const key = e instanceof ApiError && e.data.reason ? REFUSED[e.data.reason] : undefined;
        if (key) {
          app.overlays.toast.fail(app.i18n.t(key));
          // What the screen showed was out of date: show what is true now.
          resync();
        }
      } finally {
        const next = new Set(busy.peek());
        next.delete(id);
        busy.value = next;
      }
    },
  };
});
