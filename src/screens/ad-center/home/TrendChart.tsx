import { useId, type CSSProperties } from 'react';
import type { TrendBucket, TrendPoint } from '../../../api/shapes/ad-center';
import type { I18n } from '../../../i18n/i18n';
import { niceAxes } from './chart-scale';

/** Bucket starts worded for the table and the caption: an hour, a day, a month, in the merchant's language. */
export function bucketLabel(i18n: I18n, start: string, bucket: TrendBucket): string {
  const opts: Intl.DateTimeFormatOptions =
    bucket === 'hour'
      ? { hour: 'numeric', minute: '2-digit' }
      : bucket === 'day'
        ? { month: 'short', day: 'numeric' }
        : { year: 'numeric', month: 'short' };
  return i18n.formatDate(start, opts);
}

/**
 * The x axis's labels: short enough that a 320 px screen holds them side by side. Today every 6 hours; the week
 * each weekday; 30 days every 7th day; months each month (every other past 6).
 */
function tickEvery(bucket: TrendBucket, n: number): number {
  if (bucket === 'hour') return 6;
  if (bucket === 'day') return n <= 7 ? 1 : 7;
  return Math.max(1, Math.ceil(n / 6));
}

function tickLabel(i18n: I18n, start: string, bucket: TrendBucket, week: boolean): string {
  if (bucket === 'hour') return i18n.formatDate(start, { hour: 'numeric' });
  if (bucket === 'day')
    return i18n.formatDate(start, week ? { weekday: 'short' } : { month: 'numeric', day: 'numeric' });
  return i18n.formatDate(start, { month: 'short' });
}

/** When a bucket ends: the next one's start, or (for the last) its start plus an hour, a day or a month. */
function bucketEnd(all: TrendPoint[], i: number, bucket: TrendBucket): number {
  const next = all[i + 1];
  if (next) return Date.parse(next.start);
  const d = new Date(all[i].start);
  if (bucket === 'hour') return d.getTime() + 3_600_000;
  if (bucket === 'day') return d.getTime() + 86_400_000;
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.getTime();
}

/** Percent of the plot's width at the middle of bucket i of n (each bucket is a slot; the point sits in its middle). */
const xAt = (i: number, n: number) => ((i + 0.5) / n) * 100;

export interface TrendChartProps {
  points: TrendPoint[];
  bucket: TrendBucket;
  i18n: I18n;
}

type Series = 'impressions' | 'clicks';
const SERIES: Series[] = ['impressions', 'clicks'];

/**
 * Impressions and clicks across the period, drawn by us as inline SVG (no chart library). Clicks are a small
 * share of impressions, so one scale would flatten them: each line has its own labelled axis (impressions on the
 * left, clicks on the right), both with the same gridlines at round values above the peak. The drawing is hidden
 * from screen readers; the caption names it and a table holds every figure.
 */
export function TrendChart({ points: all, bucket, i18n }: TrendChartProps) {
  const id = useId();
  const t = i18n.t;
  // Today's hours still to come are not zeros to draw: the line stops at the current hour (its slot stays).
  const now = Date.now();
  const points = all.filter((p) => Date.parse(p.start) <= now);
  if (!points.length) return <p className="ma-home__text">{t('home.chart.empty')}</p>;
  const n = all.length;
  // The hour, day or month still in progress is only partly counted: drawn as the line's end it would read as a
  // fall. The line runs through the finished buckets; the last stretch to the one in progress is drawn faint.
  const partial = points.length > 1 && now < bucketEnd(all, points.length - 1, bucket);
  const done = partial ? points.slice(0, -1) : points;
  const axes = niceAxes(SERIES.map((s) => Math.max(0, ...points.map((p) => p[s]))));
  const compact = (v: number) => i18n.formatNumber(v, { notation: 'compact', maximumFractionDigits: 1 });
  const caption = t('home.chart.caption', {
    from: bucketLabel(i18n, points[0].start, bucket),
    to: bucketLabel(i18n, points[points.length - 1].start, bucket),
  });
  const every = tickEvery(bucket, n);
  const dots = n <= 12;

  const yAt = (v: number, a: number) => (100 - (v / axes[a].top) * 100).toFixed(2);

  return (
    <figure className="ma-home__chart" aria-labelledby={`${id}-cap`}>
      <figcaption id={`${id}-cap`} className="ma-sr-only">
        {caption}
      </figcaption>
      <div className="ma-home__chart-visual" aria-hidden="true">
        <div className="ma-home__legend">
          {SERIES.map((s) => (
            <span key={s} className={`ma-home__legend-item ma-home__legend--${s}`}>
              {t(`home.stat.${s}`)}
            </span>
          ))}
        </div>
        <div className="ma-home__plot">
          {SERIES.map((s, a) => (
            <ol key={s} className={`ma-home__y-axis ma-home__y-axis--${a ? 'end' : 'start'}`} data-series={s}>
              {axes[a].ticks.map((v, k) => (
                <li key={v} data-value={v} style={{ '--ma-tick': k / (axes[a].ticks.length - 1) } as CSSProperties}>
                  <span>{compact(v)}</span>
                </li>
              ))}
            </ol>
          ))}
          <svg
            className="ma-home__chart-svg"
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            {axes[0].ticks.map((_, k, ticks) => {
              const y = 100 - (k / (ticks.length - 1)) * 100;
              return <line key={k} className="ma-home__chart-grid" x1={0} x2={100} y1={y} y2={y} />;
            })}
            {SERIES.map((s, a) => (
              <g key={s} className={`ma-home__chart-series ma-home__chart-series--${s}`}>
                <polyline
                  className={`ma-home__chart-line ma-home__chart-line--${s}`}
                  points={done.map((p, i) => `${xAt(i, n).toFixed(2)},${yAt(p[s], a)}`).join(' ')}
                />
                {partial && (
                  <polyline
                    className={`ma-home__chart-line ma-home__chart-partial ma-home__chart-partial--${s}`}
                    points={points
                      .slice(-2)
                      .map((p, k) => `${xAt(points.length - 2 + k, n).toFixed(2)},${yAt(p[s], a)}`)
                      .join(' ')}
                  />
                )}
                {/* Zero-length strokes with round caps: dots that stay round in a stretched viewBox. */}
                {dots &&
                  points.map((p, i) => (
                    <path
                      key={p.start}
                      className="ma-home__chart-dot"
                      d={`M${xAt(i, n).toFixed(2)} ${yAt(p[s], a)}h0`}
                    />
                  ))}
              </g>
            ))}
          </svg>
          <ol className="ma-home__x-axis">
            {all.map((p, i) =>
              i % every === 0 ? (
                <li key={p.start} style={{ '--ma-tick': xAt(i, n) / 100 } as CSSProperties}>
                  {tickLabel(i18n, p.start, bucket, n <= 7)}
                </li>
              ) : null,
            )}
          </ol>
        </div>
      </div>
      <table className="ma-sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('home.chart.when')}</th>
            <th scope="col">{t('home.stat.impressions')}</th>
            <th scope="col">{t('home.stat.clicks')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.start}>
              <th scope="row">{bucketLabel(i18n, p.start, bucket)}</th>
              <td>{i18n.formatNumber(p.impressions)}</td>
              <td>{i18n.formatNumber(p.clicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
