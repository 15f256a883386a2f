import { useSignals } from '@preact/signals-react/runtime';
import type { PlanDetail as Detail } from '../../../api/shapes/plan';
import { useApp, type AppServices } from '../../../app/context';
import { NotFound, ResourceView, useModel } from '../../../kit';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { Skeleton } from '../../../ui/skeleton';
import { CopyButton } from '../../shared/CopyButton';
import type { ScreenProps } from '../../types';
import { openPutDialog } from '../put/open';
import { ProductImage, Progress, PushTag, StatusTag } from '../shared/PlanBits';
import { usePlanStyles } from '../shared/styles';
import { PlanDetailModel } from './model';

/** A plan (`?id=`): one visit per id, so following a link to another plan starts afresh. */
export function PlanDetail({ location }: ScreenProps) {
  const id = Number(location.query.get('id'));
  return <DetailOf key={id} id={id} />;
}

/**
 * Everything about one plan: number, put amount and progress, product, content, rule, targeting, push
 * kind, status, the delivery so far, and the timeline of its statuses; kept up to date while it moves. A waiting
 * plan is put from here.
 */
function DetailOf({ id }: { id: number }) {
  useSignals();
  const app = useApp();
  usePlanStyles(app);
  const t = app.i18n.t;
  const model = useModel(() => new PlanDetailModel(app, id));
  return (
    <div className="ma-page ma-plan-detail">
      <ResourceView resource={model.plan} failed={t('plan.loadFailed')} skeleton={<DetailSkeleton />}>
        {(p) =>
          p ? (
            <Body app={app} plan={p} onChanged={model.changed} />
          ) : (
            <NotFound text={t('plan.notFound')} onBack={() => app.router.navigate('/plan')} />
          )
        }
      </ResourceView>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <>
      <Skeleton className="ma-card" avatar title rows={2} />
      <Skeleton className="ma-card" grid={{ count: 4, columns: 2 }} rows={0} />
      <Skeleton className="ma-card" rows={5} />
    </>
  );
}

function Body({ app, plan: p, onChanged }: { app: AppServices; plan: Detail; onChanged: () => void }) {
  useSignals(); // formatMoney reads the currency signal
  const { t, formatMoney, formatDate, formatNumber } = app.i18n;
  const waiting = p.status === 'waitPut';
  const put = async () => {
    if (await openPutDialog(app, p, { onStale: onChanged })) onChanged();
  };
  const figures: [string, string, boolean?][] = [
    [t('plan.figures.impressions'), formatNumber(p.figures.impressions)],
    [t('plan.figures.clicks'), formatNumber(p.figures.clicks)],
    [t('plan.figures.consumed'), formatMoney(p.figures.consumed)],
    [t('plan.figures.revenue'), formatMoney(p.figures.revenue)],
    [t('plan.figures.profit'), formatMoney(p.figures.profit), p.figures.profit.startsWith('-')],
  ];
  const facts: [string, string | undefined][] = [
    [t('plan.content'), p.content],
    [t('plan.rule'), p.rule],
    [t('plan.targeting'), p.user_targeting],
    [
      t('plan.range'),
      t('put.rangeValue', { min: formatMoney(p.lowest_put_amount), max: formatMoney(p.highest_put_amount) }),
    ],
    [t('plan.paid'), p.paid === null ? undefined : formatMoney(p.paid)],
    [t('plan.couponDiscount'), p.coupon_discount === null ? undefined : formatMoney(p.coupon_discount)],
    [t('plan.created'), formatDate(p.create_time)],
  ];
  return (
    <>
      <section className="ma-card ma-plan-detail__head" aria-labelledby="ma-plan-detail-no">
        <button
          type="button"
          className="ma-plan-detail__product"
          onClick={() => app.router.navigate(`/plan/goods-detail?id=${p.id}`)}
        >
          <ProductImage product={p.product} className="ma-plan-detail__image" />
          <span className="ma-plan-detail__product-text">
            <span className="ma-plan-detail__product-name">{p.product.name}</span>
            <span className="ma-plan-detail__product-link">{t('plan.viewProduct')}</span>
          </span>
          <Icon name="chevron" size={16} />
        </button>
        <div className="ma-plan-detail__no-row">
          <h2 id="ma-plan-detail-no" className="ma-plan-detail__no">
            {t('plan.no', { no: p.plan_no })}
          </h2>
          <CopyButton text={p.plan_no} />
        </div>
        <p className="ma-plan-card__tags">
          <StatusTag status={p.status} />
          <PushTag official={p.official} />
        </p>
        <div className="ma-plan-detail__amount">
          <span className="ma-plan-card__label">{t('plan.putAmount')}</span>
          <strong className="ma-plan-detail__amount-value">
            {waiting ? t('plan.notPut') : formatMoney(p.put_amount)}
          </strong>
        </div>
        {!waiting && <Progress value={p.put_progress} label={t('plan.progress')} />}
        {waiting && (
          <Button variant="primary" size="large" block onClick={() => void put()}>
            {t('plan.put')}
          </Button>
        )}
      </section>

      {p.status === 'putFailed' && p.paid !== null && <Refund app={app} plan={p} paid={p.paid} />}

      <section className="ma-card" aria-labelledby="ma-plan-detail-figures">
        <h2 id="ma-plan-detail-figures" className="ma-plan-detail__title">
          {t('plan.figures.title')}
        </h2>
        <dl className="ma-plan-detail__figures">
          {figures.map(([label, value, negative]) => (
            <div key={label} className="ma-plan-detail__figure">
              <dt>{label}</dt>
              <dd className={negative ? 'ma-plan-detail__figure--negative' : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="ma-card" aria-labelledby="ma-plan-detail-about">
        <h2 id="ma-plan-detail-about" className="ma-plan-detail__title">
          {t('plan.about')}
        </h2>
        <dl className="ma-plan-detail__facts">
          {facts
            .filter(([, v]) => v !== undefined && v !== '')
            .map(([label, value]) => (
              <div key={label} className="ma-plan-detail__fact">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>

      <section className="ma-card" aria-labelledby="ma-plan-detail-timeline">
        <h2 id="ma-plan-detail-timeline" className="ma-plan-detail__title">
          {t('plan.timeline')}
        </h2>
        <ol className="ma-plan-detail__timeline">
          {p.timeline.map((e, i) => (
            <li
              key={i}
              className={`ma-plan-detail__event${i === p.timeline.length - 1 ? ' ma-plan-detail__event--now' : ''}`}
            >
              <span className="ma-plan-detail__event-status">{t(`plan.status.${e.status}`)}</span>
              <time dateTime={e.time}>{formatDate(e.time)}</time>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/**
 * A failed put gave its money back: how much, when and into what (the available balance), where its row is (the
 * wallet's funding details, under the plan's number), the coupon too if one was used; and where to go next.
 */
function Refund({ app, plan: p, paid }: { app: AppServices; plan: Detail; paid: string }) {
  useSignals(); // formatMoney reads the currency signal
  const { t, formatMoney, formatDate } = app.i18n;
  const failedAt = p.timeline.filter((e) => e.status === 'putFailed').at(-1)?.time ?? p.timeline.at(-1)!.time;
  return (
    <section className="ma-card ma-plan-detail__refund" aria-labelledby="ma-plan-detail-refund">
      <h2 id="ma-plan-detail-refund" className="ma-plan-detail__title">
        {t('plan.refund.title')}
      </h2>
      <p>{t('plan.refund.text', { amount: formatMoney(paid), date: formatDate(failedAt) })}</p>
      {p.coupon_discount !== null && <p>{t('plan.refund.coupon')}</p>}
      <p>{t('plan.refund.ledger', { no: p.plan_no })}</p>
      <div className="ma-plan-detail__actions">
        <Button onClick={() => app.router.navigate('/wallet')}>{t('plan.refund.wallet')}</Button>
        <Button variant="primary" onClick={() => app.router.navigate('/plan')}>
          {t('plan.refund.plans')}
        </Button>
      </div>
    </section>
  );
}
