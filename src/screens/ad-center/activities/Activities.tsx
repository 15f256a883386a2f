import { useId } from 'react';
import type { Activities as ActivitiesData, Activity, Coupon } from '../../../api/contract';
import { useApp, type AppServices } from '../../../app/context';
import { useModel } from '../../../kit';
import { Button } from '../../../ui/button';
import { Empty } from '../../../ui/empty';
import { PullRefresh } from '../../../ui/pull-refresh';
import { RichText } from '../../../ui/rich-text';
import { Skeleton } from '../../../ui/skeleton';
import { CouponCard, dayCount, localized } from '../../shared/coupon';
import type { ScreenProps } from '../../types';
import { ActivitiesModel } from './model';

/** Newcomer activities (spec §2): each one's coupon with a Receive button, the rules and the game description. */
export function Activities(_: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const model = useModel(() => new ActivitiesModel(app));
  const data = model.data.data.value;
  const failed = model.data.error.value !== undefined;
  const refresh = () => model.data.reload().then(() => {
    if (model.data.error.peek() !== undefined) throw model.data.error.peek();
  });

  return (
    <PullRefresh onRefresh={refresh}>
      <div className="ma-page ma-activities">
        {data && failed && (
          <div className="ma-notice" role="alert">
            <span>{t('activities.refreshFailed')}</span>
            <button type="button" className="ma-link" onClick={() => void model.data.reload()}>{t('common.retry')}</button>
          </div>
        )}
        {data ? (
          <Content app={app} data={data} model={model} />
        ) : failed ? (
          <section className="ma-card" role="alert">
            <Empty text={t('activities.loadFailed')}>
              <Button variant="primary" onClick={() => void model.data.reload()}>{t('common.retry')}</Button>
            </Empty>
          </section>
        ) : (
          <>
            <Skeleton className="ma-card" title rows={4} />
            <Skeleton className="ma-card" title rows={4} />
          </>
        )}
      </div>
    </PullRefresh>
  );
}

type Model = InstanceType<typeof ActivitiesModel>;

function Content({ app, data, model }: { app: AppServices; data: ActivitiesData; model: Model }) {
  const t = app.i18n.t;
  const lang = app.i18n.lang.value;
  const rulesId = useId();
  const rules = localized(data.rules, lang);
  const game = localized(data.game_description, lang);

  const openGame = () =>
    void app.overlays.open((close) => (
      <div className="ma-activities__game">
        <RichText html={game} className="ma-activities__rich" />
        <Button variant="primary" block onClick={() => close()}>{t('common.close')}</Button>
      </div>
    ), { title: t('activities.gameDescription'), className: 'ma-activities__dialog' });

  return (
    <>
      {data.list.length ? (
        data.list.map((a) => (
          <ActivityCard key={a.id} app={app} activity={a} busy={model.busy.value.has(a.id)} got={model.received.value[a.id]} onReceive={() => void model.receive(a)} />
        ))
      ) : (
        <section className="ma-card">
          <Empty text={t('activities.empty')}>
            <Button onClick={() => app.router.navigate('/ad-center/coupons')}>{t('activities.viewCoupons')}</Button>
          </Empty>
        </section>
      )}
      {rules || game ? (
        <section className="ma-card" aria-labelledby={rulesId}>
          <h2 className="ma-activities__heading" id={rulesId}>{t('activities.rules')}</h2>
          {rules ? <RichText html={rules} className="ma-activities__rich" /> : null}
          {game ? (
            <div className="ma-activities__game-open">
              <Button onClick={openGame} aria-haspopup="dialog">{t('activities.gameDescription')}</Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

function ActivityCard({ app, activity: a, busy, got, onReceive }: {
  app: AppServices; activity: Activity; busy: boolean; got: Coupon | true | undefined; onReceive: () => void;
}) {
  const { i18n } = app;
  const t = i18n.t;
  const lang = i18n.lang.value;
  const titleId = useId();
  const received = a.received || got !== undefined;
  const coupon = typeof got === 'object' ? got : undefined;
  const details = [
    coupon
      ? t('coupon.expires', { date: i18n.formatDate(coupon.expire_time) })
      : t('coupon.validFor', { duration: dayCount(i18n, a.offer.valid_days) }),
  ];
  return (
    <section className="ma-card ma-activity" aria-labelledby={titleId}>
      <h2 className="ma-activities__heading" id={titleId}>{localized(a.title, lang)}</h2>
      {localized(a.description, lang) ? <p className="ma-activity__text">{localized(a.description, lang)}</p> : null}
      <p className="ma-activity__once">{t(a.once_per === 'user' ? 'activities.oncePerUser' : 'activities.oncePerDay')}</p>
      <CouponCard
        level={3}
        name={a.offer.name}
        kind={a.offer.kind}
        amount={a.offer.amount}
        requirement={a.offer.requirement}
        details={details}
        muted={received}
        action={(nameId) =>
          received ? (
            <Button disabled aria-describedby={nameId}>{t('activities.received')}</Button>
          ) : (
            <Button variant="primary" loading={busy} aria-describedby={nameId} onClick={onReceive}>{t('activities.receive')}</Button>
          )
        }
      />
      {coupon ? (
        <p className="ma-activity__next">
          <span>{t('activities.inCoupons')}</span>
          <button type="button" className="ma-link" onClick={() => app.router.navigate('/ad-center/coupons')}>{t('activities.viewCoupons')}</button>
        </p>
      ) : null}
    </section>
  );
}
