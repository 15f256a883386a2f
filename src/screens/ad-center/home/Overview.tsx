import { useId } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { STAT_PERIODS, type PeriodFigures, type Statistics } from '../../../api/shapes/ad-center';
import { useApp } from '../../../app/context';
import type { I18n } from '../../../i18n/i18n';
import { ResourceView } from '../../../kit';
import { Button } from '../../../ui/button';
import { Empty } from '../../../ui/empty';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { changeOf, type Change } from './change';
import type { HomeModelInstance } from './model';
import { TrendChart } from './TrendChart';

type Figure = { key: keyof Statistics & string; money?: boolean; period?: keyof PeriodFigures };
/** The overview's figures, in a fixed order; `period`: a sum over the period, compared with the previous one. */
const FIGURES: Figure[] = [
  { key: 'investment_amount', money: true, period: 'investment_amount' },
  { key: 'delivery_orders', period: 'delivery_orders' },
  { key: 'consumed', money: true, period: 'consumed' },
  { key: 'to_be_consumed', money: true },
  { key: 'impressions', period: 'impressions' },
  { key: 'clicks', period: 'clicks' },
  { key: 'ad_revenue', money: true, period: 'ad_revenue' },
  { key: 'profit', money: true, period: 'profit' },
  { key: 'operated' },
];

/** A figure's change: short and signed on screen ("+12.5%"), in words for screen readers ("up 12.5%"). */
function ChangeLine({ change, i18n }: { change: Change; i18n: I18n }) {
  const t = i18n.t;
  const pct = (r: number, sign: boolean) =>
    i18n.formatNumber(r, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      signDisplay: sign ? 'always' : 'never',
    });
  if (change.kind === 'same') return <dd className="ma-home__change ma-home__change--same">{t('home.change.same')}</dd>;
  if (change.kind === 'fromZero') {
    return (
      <dd className={`ma-home__change ma-home__change--${change.dir}`}>
        {t(change.dir === 'up' ? 'home.change.fromZeroUp' : 'home.change.fromZeroDown')}
      </dd>
    );
  }
  return (
    <dd className={`ma-home__change ma-home__change--${change.dir}`} data-ratio={change.ratio}>
      <span aria-hidden="true">{pct(change.ratio, true)}</span>
      <span className="ma-sr-only">
        {t(change.dir === 'up' ? 'home.change.up' : 'home.change.down', { value: pct(change.ratio, false) })}
      </span>
    </dd>
  );
}

/** An error drawn in the theme's colours: a chart card with a broken line and a warning mark (not the empty box). */
function FailedIllustration() {
  return (
    <svg className="ma-empty__svg" viewBox="0 0 120 96" width="120" height="96" focusable="false">
      <ellipse cx="60" cy="88" rx="46" ry="6" fill="var(--ma-border)" />
      <rect
        x="16"
        y="14"
        width="80"
        height="62"
        rx="6"
        fill="var(--ma-surface)"
        stroke="var(--ma-text-3)"
        strokeWidth="2"
      />
      <path
        d="M26 60l14-14 10 8"
        fill="none"
        stroke="var(--ma-text-3)"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M62 44l8-10"
        fill="none"
        stroke="var(--ma-text-3)"
        strokeWidth="2"
        strokeLinecap="round"
        strokeDasharray="3 4"
      />
      <circle cx="92" cy="68" r="16" fill="var(--ma-danger)" />
      <path d="M92 59v11" stroke="var(--ma-surface)" strokeWidth="3" strokeLinecap="round" />
      <circle cx="92" cy="76" r="2" fill="var(--ma-surface)" />
    </svg>
  );
}

/** The overview could not load and there is nothing of this period to show: say so, with Retry. */
function OverviewFailed({ text, onRetry, retry }: { text: string; onRetry: () => void; retry: string }) {
  return (
    <div role="alert" className="ma-home__overview-failed">
      <Empty text={text} image={<FailedIllustration />}>
        <Button variant="primary" onClick={onRetry}>
          {retry}
        </Button>
      </Empty>
    </div>
  );
}

/** The data overview: a period tab, the nine figures and the trend, refreshed by the model every 30 s. */
export function Overview({ model }: { model: HomeModelInstance }) {
  useSignals();
  const app = useApp();
  const { t, formatMoney, formatNumber } = app.i18n;
  const compareId = useId();
  const period = model.period.value;
  const data = model.stats.data.value;
  // Figures of another period are no answer for this one: its failure is shown as a failure, not under them.
  const failed = model.stats.error.value !== undefined && (data === undefined || data.period !== period);
  // While another period loads, the last one's figures stay, dimmed and marked busy (the resource's stale); a
  // failed refresh keeps them with the kit's notice and Retry.
  const body = failed ? (
    <OverviewFailed
      text={t('home.overviewFailed')}
      retry={t('common.retry')}
      onRetry={() => void model.stats.reload()}
    />
  ) : (
    <ResourceView
      resource={model.stats}
      bare
      failed={t('home.overviewFailed')}
      skeleton={<Skeleton className="ma-home__figures-skeleton" grid={{ count: 9, columns: 3, height: 44 }} />}
    >
      {(stats) => {
        const previous = stats.previous;
        return (
          <div className="ma-home__figures-wrap">
            <dl className="ma-home__figures" aria-describedby={previous ? compareId : undefined}>
              {FIGURES.map(({ key, money, period: sum }) => {
                const change = previous && sum ? changeOf(Number(stats[sum]), Number(previous[sum])) : null;
                return (
                  <div key={key} className="ma-home__figure" data-key={key}>
                    <dt>{t(`home.stat.${key}`)}</dt>
                    <dd>{money ? formatMoney(stats[key] as string) : formatNumber(stats[key] as number)}</dd>
                    {change ? <ChangeLine change={change} i18n={app.i18n} /> : null}
                  </div>
                );
              })}
            </dl>
            {previous ? (
              <p id={compareId} className="ma-home__compare">
                {t(`home.change.against.${stats.period}`)}
              </p>
            ) : null}
            <TrendChart points={stats.trend} bucket={stats.bucket} i18n={app.i18n} />
          </div>
        );
      }}
    </ResourceView>
  );

  return (
    <section className="ma-card ma-home__overview" aria-labelledby="ma-home-overview">
      <h2 id="ma-home-overview" className="ma-home__section-title">
        {t('home.overview')}
      </h2>
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
