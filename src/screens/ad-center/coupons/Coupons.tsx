import { useSignals } from '@preact/signals-react/runtime';
import { COUPON_STATES, type Coupon, type CouponState } from '../../../api/contract';
import { useApp, type AppServices } from '../../../app/context';
import { PagedList, useModel } from '../../../kit';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { CouponCard } from '../../shared/coupon';
import type { ScreenProps } from '../../types';
import { CouponsModel } from './model';

type Model = InstanceType<typeof CouponsModel>;

/** The merchant's coupons (spec §4): unused, used and expired, each an infinite list with pull to refresh. */
export function Coupons(_: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const model = useModel(() => new CouponsModel(app));
  return (
    <div className="ma-coupons">
      <Tabs
        className="ma-coupons__tabs"
        items={COUPON_STATES.map((s) => ({ key: s, title: t(`coupons.tab.${s}`) }))}
        active={model.tab.value}
        onChange={(k) => { model.tab.value = k; }}
        ariaLabel={t('coupons.tabs')}
        lazy
      >
        {(state) => <CouponList app={app} model={model} state={state} />}
      </Tabs>
    </div>
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
        action: state === 'unused'
          ? <Button variant="primary" onClick={() => app.router.navigate('/ad-center/activities')}>{t('coupons.getCoupons')}</Button>
          : undefined,
      }}
      item={(c) => <CouponItem key={c.id} app={app} coupon={c} busy={model.receive.isBusy(c)} onReceive={() => void model.receive.run(c)} />}
    />
  );
}

function CouponItem({ app, coupon: c, busy, onReceive }: { app: AppServices; coupon: Coupon; busy: boolean; onReceive: () => void }) {
  useSignals();
  const { i18n } = app;
  const t = i18n.t;
  const date = (iso: string) => i18n.formatDate(iso);
  const details =
    c.state === 'used' ? [t('coupon.usedOn', { date: date(c.used_time ?? c.receive_time) })]
    : c.state === 'expired' ? [t('coupon.expiredOn', { date: date(c.expire_time) })]
    : [t('coupon.expires', { date: date(c.expire_time) })];
  return (
    <CouponCard
      name={c.name}
      kind={c.kind}
      amount={c.amount}
      requirement={c.requirement}
      details={details}
      muted={c.state !== 'unused'}
      stamp={c.state === 'unused' ? undefined : t(`coupons.stamp.${c.state}`)}
      action={c.state === 'unused'
        ? (nameId) => <Button variant="primary" loading={busy} aria-describedby={nameId} onClick={onReceive}>{t('coupons.receive')}</Button>
        : undefined}
    />
  );
}
