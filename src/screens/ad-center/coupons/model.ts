import { signal, untracked } from '@preact/signals-react';
import * as adCenterCalls from '../../../api/calls/ad-center';
import * as walletCalls from '../../../api/calls/wallet';
import type { Coupon, CouponState } from '../../../api/shapes/coupon';
import type { AppServices } from '../../../app/context';
import {
  createKeyedAction,
  createModel,
  createPagedSource,
  createResource,
  loadFailures,
  type ActionOutcome,
} from '../../../kit';
import { confirmSheet } from '../../../kit/prompts';

export const COUPON_PAGE_SIZE = 10;

/**
 * The merchant's coupons by state (`couponList`: one paged source keyed by the tab, each page carrying every
 * state's count), the wallet's discount amount they are redeemed into (`property`), and redeeming a wallet coupon
 * (`couponReceive`, the wire's name for the call) after a confirm sheet.
 */
export const CouponsModel = createModel((app: AppServices) => {
  const { t, formatMoney } = app.i18n;
  const tab = signal<CouponState>('unused');
  /** How many coupons each tab holds, from the last page that arrived (any tab's). */
  const counts = signal<Readonly<Record<CouponState, number>> | undefined>(undefined);
  const list = createPagedSource<Coupon>(
    (page, signal, state) =>
      app
        .request(
          adCenterCalls.couponList,
          { state: state as CouponState, page, page_size: COUPON_PAGE_SIZE },
          { signal, handles: loadFailures },
        )
        .then((p) => {
          counts.value = p.counts;
          return { items: p.list, total: p.total };
        }),
    { pageSize: COUPON_PAGE_SIZE, key: () => tab.value, id: (c) => c.id },
  );
  const property = createResource((s) =>
    untracked(() => app.request(walletCalls.property, undefined, { signal: s, handles: loadFailures })),
  );

  const redeemAction = createKeyedAction<Coupon, Coupon>(
    { t, toast: app.overlays.toast },
    {
      key: (c) => c.id,
      run: (c, { requestId, handles }) =>
        app.request(adCenterCalls.couponReceive, { coupon_id: c.id, request_id: requestId }, { handles }),
      // Why a coupon cannot be redeemed, in the product's words; the screen was out of date, so the lists are too.
      refusals: {
        coupon_used: 'errors.couponUsed',
        coupon_expired: 'errors.couponExpired',
        coupon_daily_limit: 'coupons.dailyRefused',
        coupon_put_only: 'coupons.putOnlyRefused',
      },
      // Says where the value went; the discount amount above the tabs shows it once the wallet answers.
      success: (_, c) => t('coupons.redeemedToast', { amount: formatMoney(c.amount) }),
      onDone: (_, c) => {
        // Off the unused list at once, before its refresh comes back; the used list shows it when next opened.
        list.update((items) => items.filter((it) => it.id !== c.id));
        const n = counts.peek();
        if (n) counts.value = { ...n, unused: Math.max(0, n.unused - 1), used: n.used + 1 };
        list.invalidate();
        void property.reload();
      },
      onRefused: () => list.invalidate(),
    },
  );

  /**
   * Asks first, in the kit's confirm sheet: what the coupon adds and where. Nothing is sent unless the merchant
   * confirms; Cancel, Escape and the overlay send nothing. A tap while this coupon's request is in flight is
   * ignored, as the action would.
   */
  const redeem = async (c: Coupon): Promise<ActionOutcome<Coupon> | { status: 'cancelled' }> => {
    if (redeemAction.isBusy(c)) return { status: 'busy' };
    const ok = await confirmSheet(app.overlays, t, {
      title: t('coupons.redeemTitle'),
      message: t('coupons.redeemMessage', { amount: formatMoney(c.amount) }),
      confirm: t('coupons.redeem'),
    });
    return ok ? redeemAction.run(c) : { status: 'cancelled' };
  };

  return { tab, counts, list, property, redeemAction, redeem };
});
