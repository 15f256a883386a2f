import { useSignals } from '@preact/signals-react/runtime';
import { STAT_PERIODS, type Statistics } from '../../../api/contract';
import { useApp } from '../../../app/context';
import { ResourceView } from '../../../kit';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import type { HomeModelInstance } from './model';
import { TrendChart } from './TrendChart';

type Figure = { key: keyof Statistics; money?: boolean };
/** Spec §3's overview figures, in its order. */
const FIGURES: Figure[] = [
  { key: 'investment_amount', money: true },
  { key: 'delivery_orders' },
  { key: 'consumed', money: true },
  { key: 'to_be_consumed', money: true },
  { key: 'impressions' },
  { key: 'clicks' },
  { key: 'ad_revenue', money: true },
  { key: 'profit', money: true },
  { key: 'operated' },
];

/** The data overview: a period tab, the nine figures and the trend, refreshed by the model every 30 s. */
export function Overview({ model }: { model: HomeModelInstance }) {
  useSignals();
  const app = useApp();
  const { t, formatMoney, formatNumber } = app.i18n;
  const period = model.period.value;
  // While another period loads, the last one's figures stay, dimmed and marked busy (the resource's stale).
  const body = (
    <ResourceView resource={model.stats} bare failed={t('home.overviewFailed')} skeleton={<Skeleton grid={{ count: 9, columns: 3, height: 44 }} />}>
      {(stats) => (
        <div className="ma-home__figures-wrap">
          <dl className="ma-home__figures">
            {FIGURES.map(({ key, money }) => (
              <div key={key} className="ma-home__figure">
                <dt>{t(`home.stat.${key}`)}</dt>
                <dd>{money ? formatMoney(stats[key] as string) : formatNumber(stats[key] as number)}</dd>
              </div>
            ))}
          </dl>
          <TrendChart points={stats.trend} bucket={stats.bucket} i18n={app.i18n} />
        </div>
      )}
    </ResourceView>
  );

  return (
    <section className="ma-card ma-home__overview" aria-labelledby="ma-home-overview">
      <h2 id="ma-home-overview" className="ma-home__section-title">{t('home.overview')}</h2>
      <Tabs
        ariaLabel={t('home.overview')}
        items={STAT_PERIODS.map((p) => ({ key: p, title: t(`home.period.${p}`) }))}
        active={period}
        onChange={(k) => model.choosePeriod(k)}
      >
        {(key) => (key === period ? body : null)}
      </Tabs>
    </section>
  );
}
