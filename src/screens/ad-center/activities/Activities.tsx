import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { Activities as ActivitiesData, Activity } from '../../../api/shapes/ad-center';
import type { Coupon } from '../../../api/shapes/coupon';
import { useApp, type AppServices } from '../../../app/context';
import { refreshAll, ResourceView, useModel } from '../../../kit';
import { Button } from '../../../ui/button';
import { Empty } from '../../../ui/empty';
import { PullRefresh } from '../../../ui/pull-refresh';
import { RichText } from '../../../ui/rich-text';
import { Skeleton } from '../../../ui/skeleton';
import { CouponCard, dayCount } from '../../shared/coupon';
import { pickLocalized, pickRichText } from '../../shared/localized';
import type { ScreenProps } from '../../types';
import { ActivitiesModel } from './model';

/**
 * Newcomer activities (docs/product.md, "Coupons and activities"): each hands the merchant a coupon ("Get"; it lands unused in My coupons), its limit
 * said on the card before any tap; then the rules and the game description.
 */
export function Activities(_: ScreenProps) {
  const app = useApp();
  const model = useModel(() => new ActivitiesModel(app));
  return (
    <PullRefresh onRefresh={() => refreshAll(model.data)}>
      <div className="ma-page ma-activities">
        <ResourceView
          resource={model.data}
          failed={app.i18n.t('activities.loadFailed')}
          skeleton={
            <>
              <Skeleton className="ma-card" title rows={4} />
              <Skeleton className="ma-card" title rows={4} />
            </>
          }
        >
          {(data) => <Content app={app} data={data} model={model} />}
        </ResourceView>
      </div>
    </PullRefresh>
  );
}

type Model = InstanceType<typeof ActivitiesModel>;

function Content({ app, data, model }: { app: AppServices; data: ActivitiesData; model: Model }) {
  // Under React a component tracks the signals it reads only with useSignals() (a no-op on preact).
  useSignals();
  const t = app.i18n.t;
  const lang = app.i18n.lang.value;
  const rulesId = useId();
  // Headings in the rules sit under the section's h2, in the game description under the dialog's.
  const rules = pickRichText(data.rules, lang);
  const game = pickRichText(data.game_description, lang);

  const openGame = () =>
    void app.overlays.open(
      (close) => (
        <div className="ma-activities__game">
          <div lang={game.lang}>
            <RichText html={game.text} className="ma-activities__rich" />
          </div>
          <Button variant="primary" block onClick={() => close()}>
            {t('common.close')}
          </Button>
        </div>
      ),
      { title: t('activities.gameDescription'), className: 'ma-activities__dialog' },
    );

  return (
    <>
      {data.list.length ? (
        data.list.map((a) => (
          <ActivityCard
            key={a.id}
            app={app}
            activity={a}
            busy={model.receive.isBusy(a)}
            got={model.received.value[a.id]}
            onGet={() => void model.receive.run(a)}
          />
        ))
      ) : (
        <section className="ma-card">
          <Empty text={t('activities.empty')}>
            <Button variant="primary" onClick={() => app.router.navigate('/ad-center/coupons')}>
              {t('activities.viewCoupons')}
            </Button>
          </Empty>
        </section>
      )}
      {rules.text || game.text ? (
        <section className="ma-card" aria-labelledby={rulesId}>
          <h2 className="ma-activities__heading" id={rulesId}>
            {t('activities.rules')}
          </h2>
          {rules.text ? (
            <div lang={rules.lang}>
              <RichText html={rules.text} className="ma-activities__rich" />
            </div>
          ) : null}
          {game.text ? (
            <div className="ma-activities__game-open">
              <Button onClick={openGame} aria-haspopup="dialog">
                {t('activities.gameDescription')}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/**
 * One activity: its title and description, its limit (once per account, once a day) said once, before any tap,
 * and its coupon with Get; once received, a check stamp in the card's full colours (not the muted look of an
 * expired coupon) and the way to My coupons.
 */
function ActivityCard({
  app,
  activity: a,
  busy,
  got,
  onGet,
}: {
  app: AppServices;
  activity: Activity;
  busy: boolean;
  got: Coupon | true | undefined;
  onGet: () => void;
}) {
  useSignals();
  const { i18n } = app;
  const t = i18n.t;
  const lang = i18n.lang.value;
  const titleId = useId();
  const title = pickLocalized(a.title, lang);
  const description = pickLocalized(a.description, lang);
  const received = a.received || got !== undefined;
  const coupon = typeof got === 'object' ? got : undefined;
  const details = [
    coupon
      ? t('coupon.expires', { date: i18n.formatDate(coupon.expire_time) })
      : t('coupon.validFor', { duration: dayCount(i18n, a.offer.valid_days) }),
  ];
  const daily = a.once_per === 'day';
  return (
    <section className="ma-card ma-activity" aria-labelledby={titleId}>
      <h2 className="ma-activities__heading" id={titleId} lang={title.lang}>
        {title.text}
      </h2>
      {description.text ? (
        <p className="ma-activity__text" lang={description.lang}>
          {description.text}
        </p>
      ) : null}
      <p className="ma-activity__limit">{t(daily ? 'activities.oncePerDay' : 'activities.oncePerUser')}</p>
      <CouponCard
        level={3}
        name={a.offer.name}
        kind={a.offer.kind}
        amount={a.offer.amount}
        requirement={a.offer.requirement}
        details={details}
        stamp={
          received ? { text: t(daily ? 'activities.receivedToday' : 'activities.received'), tone: 'done' } : undefined
        }
        action={
          received
            ? undefined
            : (nameId) => (
                <Button variant="primary" loading={busy} aria-describedby={nameId} onClick={onGet}>
                  {t('activities.get')}
                </Button>
              )
        }
      />
      {coupon ? (
        <p className="ma-activity__next">
          <span>{t('activities.inCoupons')}</span>
          <button type="button" className="ma-link" onClick={() => app.router.navigate('/ad-center/coupons')}>
            {t('activities.viewCoupons')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
