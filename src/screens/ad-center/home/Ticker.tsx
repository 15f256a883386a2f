import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import type { Broadcast, BroadcastUpdate } from '../../../api/shapes/ad-center';
import { useApp } from '../../../app/context';
import type { I18n } from '../../../i18n/i18n';
import { LoadFailed, type Resource } from '../../../kit';
import { prefersReducedMotion } from '../../../ui/shared/motion';
import { Skeleton } from '../../../ui/skeleton';

/** One live update in the merchant's language: "d***o put 1,200.00", or "A merchant put …" without a chosen name. */
export function updateText(i18n: I18n, u: BroadcastUpdate): string {
  const amount = u.amount === null ? '' : i18n.formatMoney(u.amount);
  // A sentence of its own per language, not "{{name}}" filled with a word: word order and politeness differ.
  return u.name === null
    ? i18n.t(`home.updateAnon.${u.action}`, { amount })
    : i18n.t(`home.update.${u.action}`, { name: u.name, amount });
}

/** Seconds per update as the line scrolls: slow enough to read a whole line on a phone. */
const SECONDS_PER_UPDATE = 5;

/**
 * The live broadcast: five figures and a scrolling line of updates. The scrolling copy is hidden from assistive
 * technology (it repeats and never stops); a polite live region says the newest update once, when it changes,
 * and not on the first load. Under prefers-reduced-motion the line stands still on the newest update. It is
 * decoration: a failed refresh keeps the last figures without a word, but a first load that failed says so, with
 * Retry, rather than stand a skeleton forever (and no toast).
 */
export function Ticker({ resource }: { resource: Resource<Broadcast> }) {
  useSignals();
  const app = useApp();
  const data = resource.data.value;
  const failed = data === undefined && resource.error.value !== undefined;
  const { t, formatMoney, formatNumber } = app.i18n;
  const newest = data?.updates[0];
  // The first newest update seen is the baseline; only a later, different one is announced.
  const seen = useRef<number | undefined>(undefined);
  const announce = useRef('');
  if (newest) {
    if (seen.current !== undefined && seen.current !== newest.id) announce.current = updateText(app.i18n, newest);
    seen.current = newest.id;
  }
  const still = prefersReducedMotion();
  const updates = data?.updates ?? [];

  return (
    <section className="ma-card ma-home__ticker" aria-labelledby="ma-home-live">
      <h2 id="ma-home-live" className="ma-home__section-title">
        <span className="ma-home__live-dot" aria-hidden="true" />
        {t('home.ticker.title')}
      </h2>
      {data ? (
        <dl className="ma-home__live-figures">
          <div>
            <dt>{t('home.ticker.online')}</dt>
            <dd>{formatNumber(data.online_users)}</dd>
          </div>
          <div>
            <dt>{t('home.ticker.demand')}</dt>
            <dd>{formatMoney(data.ad_demand)}</dd>
          </div>
          <div>
            <dt>{t('home.ticker.orders')}</dt>
            <dd>{formatNumber(data.order_count)}</dd>
          </div>
          <div>
            <dt>{t('home.ticker.earned')}</dt>
            <dd>{formatMoney(data.earned)}</dd>
          </div>
          <div>
            <dt>{t('home.ticker.withdrew')}</dt>
            <dd>{formatMoney(data.withdrew)}</dd>
          </div>
        </dl>
      ) : failed ? (
        <LoadFailed inline text={t('home.ticker.failed')} onRetry={() => void resource.reload()} />
      ) : (
        <Skeleton grid={{ count: 5, columns: 5, height: 36 }} />
      )}
      {updates.length > 0 && (
        <div className={still ? 'ma-home__marquee ma-home__marquee--still' : 'ma-home__marquee'} aria-hidden="true">
          <div
            className="ma-home__marquee-track"
            style={{ animationDuration: `${updates.length * SECONDS_PER_UPDATE}s` }}
          >
            {/* Twice over, so the loop's seam is invisible; standing still, only the newest. */}
            {(still ? updates.slice(0, 1) : [...updates, ...updates]).map((u, i) => (
              <span key={`${u.id}-${i}`} className="ma-home__marquee-item">
                {updateText(app.i18n, u)}
              </span>
            ))}
          </div>
        </div>
      )}
      <p className="ma-sr-only" aria-live="polite">
        {announce.current}
      </p>
    </section>
  );
}
