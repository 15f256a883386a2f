import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { PLAN_STATUSES, type Plan } from '../../../api/shapes/plan';
import { useApp, type AppServices } from '../../../app/context';
import { LoadFailed, PagedList, useModel } from '../../../kit';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import type { ScreenProps } from '../../types';
import { openPutDialog } from '../put/open';
import { ProductImage, Progress, PushTag, StatusTag } from '../shared/PlanBits';
import { usePlanStyles } from '../shared/styles';
import { PlanListModel, type PlanTab } from './model';

type Model = InstanceType<typeof PlanListModel>;

const TABS: readonly PlanTab[] = ['all', ...PLAN_STATUSES];
/** A tab's word: a status's tab says what its plans' tags say (one key per status). */
const tabWord = (t: AppServices['i18n']['t'], k: PlanTab) => t(k === 'all' ? 'plan.tab.all' : `plan.status.${k}`);

/**
 * The merchant's plans (docs/product.md, "Plans"): a tab per status with its count, each an infinite list with pull to
 * refresh, kept up to date while shown (a put plan moves by itself). A waiting plan is put from its card.
 */
export function PlanList(_: ScreenProps) {
  useSignals();
  const app = useApp();
  usePlanStyles(app);
  const { t, formatNumber } = app.i18n;
  const model = useModel(() => new PlanListModel(app));
  const counts = model.counts.value;
  const awaiting = model.awaiting.data.value?.count;
  return (
    <div className="ma-plans">
      <Tabs
        className="ma-plans__tabs"
        items={TABS.map((k) => ({
          key: k,
          title:
            counts && k !== 'waitPut'
              ? t('plan.tabCount', { status: tabWord(t, k), count: formatNumber(counts[k]) })
              : tabWord(t, k),
          // The plans that wait for the merchant: the server's await-put count, as a badge that asks for action.
          badge: k === 'waitPut' ? awaiting : undefined,
        }))}
        active={model.tab.value}
        onChange={(k) => {
          model.tab.value = k;
        }}
        ariaLabel={t('plan.tabs')}
        lazy
      >
        {(tab) => <Plans app={app} model={model} tab={tab} />}
      </Tabs>
    </div>
  );
}

function Plans({ app, model, tab }: { app: AppServices; model: Model; tab: PlanTab }) {
  useSignals();
  const t = app.i18n.t;
  const source = model.list.at(tab);
  // Nothing to show and the first page failed (offline): the failure with Retry, as every screen's failed load.
  if (!source.items.value.length && source.error.value !== undefined) {
    return (
      <div className="ma-page">
        <LoadFailed text={t('plan.listFailed')} onRetry={() => void source.loadMore()} />
      </div>
    );
  }
  return (
    <PagedList
      pull
      source={source}
      className="ma-plans__list"
      aria-label={tabWord(t, tab)}
      skeleton={
        <div className="ma-plans__skeleton">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="ma-plan-card" avatar title rows={2} />
          ))}
        </div>
      }
      empty={{
        text: tab === 'all' ? t('plan.empty.all') : t('plan.empty.status', { status: tabWord(t, tab) }),
        action:
          tab === 'all' ? (
            <Button variant="primary" onClick={() => app.router.navigate('/ad-center')}>
              {t('plan.backHome')}
            </Button>
          ) : (
            <Button
              variant="primary"
              onClick={() => {
                model.tab.value = 'all';
              }}
            >
              {t('plan.showAll')}
            </Button>
          ),
      }}
      item={(p) => <PlanCard key={p.id} app={app} model={model} plan={p} />}
    />
  );
}

/**
 * One plan: its product, number, status and push kind, put amount and progress, created time. The card opens the
 * detail; a waiting plan also has its Put button (a button of its own, not inside the link).
 */
function PlanCard({ app, model, plan: p }: { app: AppServices; model: Model; plan: Plan }) {
  useSignals();
  const { t, formatMoney, formatDate } = app.i18n;
  const nameId = useId();
  const open = () => app.router.navigate(`/plan/detail?id=${p.id}`);
  const put = async () => {
    const r = await openPutDialog(app, p, { onStale: model.onStale });
    if (r) model.onPut(r);
  };
  return (
    <article className="ma-plan-card" aria-labelledby={nameId}>
      <button type="button" className="ma-plan-card__open" onClick={open} aria-describedby={`${nameId}-no`}>
        <span className="ma-plan-card__top">
          <ProductImage product={p.product} className="ma-plan-card__image" />
          <span className="ma-plan-card__title">
            <span id={nameId} className="ma-plan-card__name">
              {p.product.name}
            </span>
            <span id={`${nameId}-no`} className="ma-plan-card__no">
              {t('plan.no', { no: p.plan_no })}
            </span>
          </span>
          <Icon name="chevron" size={16} className="ma-plan-card__chevron" />
        </span>
        <span className="ma-plan-card__tags">
          <StatusTag status={p.status} />
          <PushTag official={p.official} />
        </span>
        <span className="ma-plan-card__figures">
          <span className="ma-plan-card__figure">
            <span className="ma-plan-card__label">{t('plan.putAmount')}</span>
            <strong className="ma-plan-card__amount">
              {p.status === 'waitPut' ? t('plan.notPut') : formatMoney(p.put_amount)}
            </strong>
          </span>
          <span className="ma-plan-card__figure ma-plan-card__figure--end">
            <span className="ma-plan-card__label">{t('plan.created')}</span>
            <time dateTime={p.create_time}>{formatDate(p.create_time)}</time>
          </span>
        </span>
        {p.status !== 'waitPut' && <Progress value={p.put_progress} label={t('plan.progress')} />}
      </button>
      {p.status === 'waitPut' && (
        <div className="ma-plan-card__actions">
          <span className="ma-plan-card__range">
            <span className="ma-plan-card__label">{t('plan.range')}</span>
            <span>
              {t('put.rangeValue', { min: formatMoney(p.lowest_put_amount), max: formatMoney(p.highest_put_amount) })}
            </span>
          </span>
          <Button variant="primary" size="small" aria-describedby={nameId} onClick={() => void put()}>
            {t('plan.put')}
          </Button>
        </div>
      )}
    </article>
  );
}
