import { useSignals } from '@preact/signals-react/runtime';
import { COUPON_STATES, type Coupon, type CouponState } from '../../../api/contract';
import { useApp, type AppServices } from '../../../app/context';
import { listProps, pullRefreshProps, useModel } from '../../../kit';
import { Button } from '../../../ui/button';
import { Empty } from '../../../ui/empty';
import { List } from '../../../ui/list';
import { PullRefresh } from '../../../ui/pull-refresh';
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
        onChange={(k) => { model.tab.value = k as CouponState; }}
        ariaLabel={t('coupons.tabs')}
        lazy
      >
        {(key) => <CouponList app={app} model={model} state={key as CouponState} />}
      </Tabs>
    </div>
  );
}

function CouponList({ app, model, state }: { app: AppServices; model: Model; state: CouponState }) {
  // Under React a component tracks the signals it reads only with useSignals() (a no-op on preact).
  useSignals();
  const t = app.i18n.t;
  const source = model.lists[state];
  const gone = model.gone.value;
  const items = source.items.value.filter((c) => state !== 'unused' || !gone.has(c.id));
  const props = listProps(source);
  const empty = props.finished && !props.error && items.length === 0;
  return (
    <PullRefresh {...pullRefreshProps(source)}>
      <div className="ma-coupons__list">
        {items.length === 0 && props.loading ? <Skeleton className="ma-coupons__skeleton" title rows={2} /> : null}
        {empty ? (
          <Empty text={t(`coupons.empty.${state}`)}>
            {state === 'unused' ? (
              <Button variant="primary" onClick={() => app.router.navigate('/ad-center/activities')}>{t('coupons.getCoupons')}</Button>
            ) : null}
          </Empty>
        ) : null}
        <List {...props} finishedText={empty ? '' : undefined} aria-label={t(`coupons.tab.${state}`)}>
          {items.map((c) => (
            <CouponItem key={c.id} app={app} coupon={c} busy={model.busy.value.has(c.id)} onReceive={() => void model.receive(c)} />
          ))}
        </List>
      </div>
    </PullRefresh>
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
