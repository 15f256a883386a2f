import { useId } from 'react';
import type { TrendBucket, TrendPoint } from '../../../api/contract';
import type { I18n } from '../../../i18n/i18n';

const W = 320;
const H = 120;
const PAD = { top: 8, right: 4, bottom: 4, left: 4 };

/** Bucket starts worded for the axis and the table: an hour, a day, a month, in the merchant's language. */
export function bucketLabel(i18n: I18n, start: string, bucket: TrendBucket): string {
  const opts: Intl.DateTimeFormatOptions =
    bucket === 'hour' ? { hour: 'numeric', minute: '2-digit' } : bucket === 'day' ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short' };
  return i18n.formatDate(start, opts);
}

/** A polyline's points for one series, scaled to its own peak (impressions and clicks differ by orders). */
function line(values: number[]): string {
  const peak = Math.max(1, ...values);
  const step = values.length > 1 ? (W - PAD.left - PAD.right) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = PAD.left + (values.length > 1 ? i * step : (W - PAD.left - PAD.right) / 2);
      const y = PAD.top + (1 - v / peak) * (H - PAD.top - PAD.bottom);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

export interface TrendChartProps {
  points: TrendPoint[];
  bucket: TrendBucket;
  i18n: I18n;
}

/**
 * Impressions and clicks across the period, drawn by us as inline SVG (no chart library: a few hundred bytes).
 * Each line is scaled to its own peak, which the legend states. The drawing is an image named by its caption;
 * the figures themselves are in a table that screen readers reach and everyone else does not see.
 */
export function TrendChart({ points: all, bucket, i18n }: TrendChartProps) {
  const id = useId();
  const t = i18n.t;
  // Today's hours still to come are not zeros to draw: the line stops at the current hour.
  const now = Date.now();
  const points = all.filter((p) => Date.parse(p.start) <= now);
  if (!points.length) return <p className="ma-home__text">{t('home.chart.empty')}</p>;
  const impressions = points.map((p) => p.impressions);
  const clicks = points.map((p) => p.clicks);
  const first = bucketLabel(i18n, points[0]!.start, bucket);
  const last = bucketLabel(i18n, points[points.length - 1]!.start, bucket);
  const caption = t('home.chart.caption', { from: first, to: last });
  return (
    <figure className="ma-home__chart" aria-labelledby={`${id}-cap`}>
      <figcaption id={`${id}-cap`} className="ma-sr-only">{caption}</figcaption>
      <ul className="ma-home__legend">
        <li className="ma-home__legend--impressions">{t('home.chart.peak', { series: t('home.stat.impressions'), value: i18n.formatNumber(Math.max(...impressions)) })}</li>
        <li className="ma-home__legend--clicks">{t('home.chart.peak', { series: t('home.stat.clicks'), value: i18n.formatNumber(Math.max(...clicks)) })}</li>
      </ul>
      <svg className="ma-home__chart-svg" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        {[0.25, 0.5, 0.75].map((f) => (
          <line key={f} className="ma-home__chart-grid" x1={0} x2={W} y1={PAD.top + f * (H - PAD.top - PAD.bottom)} y2={PAD.top + f * (H - PAD.top - PAD.bottom)} />
        ))}
        <polyline className="ma-home__chart-line ma-home__chart-line--impressions" points={line(impressions)} />
        <polyline className="ma-home__chart-line ma-home__chart-line--clicks" points={line(clicks)} />
      </svg>
      <div className="ma-home__chart-axis" aria-hidden="true"><span>{first}</span><span>{last}</span></div>
      <table className="ma-sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr><th scope="col">{t('home.chart.when')}</th><th scope="col">{t('home.stat.impressions')}</th><th scope="col">{t('home.stat.clicks')}</th></tr>
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
