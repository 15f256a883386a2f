import { useSignals } from '@preact/signals-react/runtime';
import { COUPON_STATES, type Coupon, type CouponState } from '../../../api/shapes/coupon';
import { useApp, type AppServices } from '../../../app/context';
import { PagedList, ResourceView, useModel } from '../../../kit';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { CouponCard, expiresSoon, isWalletCoupon, type CouponStamp } from '../../shared/coupon';
import type { ScreenProps } from '../../types';
import { CouponsModel } from './model';

type Model = InstanceType<typeof CouponsModel>;

/**
 * The merchant's coupons (docs/product.md, "Coupons and activities"): the wallet's discount amount that wallet coupons are redeemed into, then
 * unused, used and expired, each tab with its count, each an infinite list with pull to refresh.
 */
export function Coupons(_: ScreenProps) {
  useSignals();
  const app = useApp();
  const { t, formatNumber } = app.i18n;
  const model = useModel(() => new CouponsModel(app));
  const counts = model.counts.value;
  return (
    <div className="ma-coupons">
      <WalletLine app={app} model={model} />
      <Tabs
        className="ma-coupons__tabs"
        items={COUPON_STATES.map((s) => ({
          key: s,
          title: counts
            ? t('coupons.tabCount', { state: t(`coupons.tab.${s}`), count: formatNumber(counts[s]) })
            : t(`coupons.tab.${s}`),
        }))}
        active={model.tab.value}
        onChange={(k) => {
          model.tab.value = k;
        }}
        ariaLabel={t('coupons.tabs')}
        lazy
      >
        {(state) => <CouponList app={app} model={model} state={state} />}
      </Tabs>
    </div>
  );
}

/**
 * Where a redeemed coupon's value goes: the wallet's discount amount, with the way to the wallet. At the top, so
 * the toast (centred) never covers it.
 */
function WalletLine({ app, model }: { app: AppServices; model: Model }) {
  useSignals(); // formatMoney reads the currency signal
  const { t, formatMoney } = app.i18n;
  return (
    <section className="ma-coupons__wallet" aria-label={t('coupons.discountAmount')}>
      <ResourceView
        resource={model.property}
        inline
        failed={t('coupons.discountFailed')}
        skeleton={<Skeleton className="ma-coupons__wallet-skeleton" rows={1} />}
      >
        {(p) => (
          <p className="ma-coupons__discount">
            <span className="ma-coupons__discount-label">{t('coupons.discountAmount')}</span>
            <strong className="ma-coupons__discount-value">{formatMoney(p.discount_amount)}</strong>
          </p>
        )}
      </ResourceView>
      <button type="button" className="ma-link ma-coupons__wallet-link" onClick={() => app.router.navigate('/wallet')}>
        {t('coupons.openWallet')}
      </button>
    </section>
  );
}

function CouponList({ app, model, state }: { app: AppServices; model: Model; state: CouponState }) {
  const t = app.i18n.t;
  return (
    <PagedList
      pull
      source={model.list.at(state)}
      className="ma-coupons__list"
      aria-label={t(`coupons.tab.${state}`)}
      skeleton={<Skeleton className="ma-coupons__skeleton" title rows={2} />}
      empty={{
        text: t(`coupons.empty.${state}`),
        action:
          state === 'unused' ? (
            <Button variant="primary" onClick={() => app.router.navigate('/ad-center/activities')}>
              {t('coupons.getCoupons')}
            </Button>
          ) : undefined,
      }}
      item={(c) => (
        <CouponItem
          key={c.id}
          app={app}
          coupon={c}
          busy={model.redeemAction.isBusy(c)}
          onRedeem={() => void model.redeem(c)}
        />
      )}
    />
  );
}

/**
 * One coupon, its state said once: unused with its expiry (and "Expires soon" within a day) and what to do with
 * it (Redeem a wallet coupon; a put coupon applies when a plan is put); used with a check stamp and the date, in
 * full colour; expired muted, with the date.
 */
function CouponItem({
  app,
  coupon: c,
  busy,
  onRedeem,
}: {
  app: AppServices;
  coupon: Coupon;
  busy: boolean;
  onRedeem: () => void;
}) {
  useSignals();
  const { i18n } = app;
  const t = i18n.t;
  const date = (iso: string) => i18n.formatDate(iso);
  const unused = c.state === 'unused';
  const stamp: CouponStamp | undefined =
    c.state === 'used'
      ? { text: t('coupon.usedOn', { date: date(c.used_time ?? c.receive_time) }), tone: 'done' }
      : c.state === 'expired'
        ? { text: t('coupon.expiredOn', { date: date(c.expire_time) }), tone: 'expired' }
        : undefined;
  const wallet = isWalletCoupon(c.kind);
  return (
    <CouponCard
      name={c.name}
      kind={c.kind}
      amount={c.amount}
      requirement={c.requirement}
      details={unused ? [t('coupon.expires', { date: date(c.expire_time) })] : []}
      mark={unused && expiresSoon(c.expire_time) ? t('coupon.expiresSoon') : undefined}
      muted={c.state === 'expired'}
      stamp={stamp}
      note={unused && !wallet ? t('coupon.appliesOnPut') : undefined}
      action={
        unused && wallet
          ? (nameId) => (
              <Button variant="primary" loading={busy} aria-describedby={nameId} onClick={onRedeem}>
                {t('coupons.redeem')}
              </Button>
            )
          : undefined
      }
    />
  );
}
