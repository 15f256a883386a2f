import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { LevelDef, LevelOverview } from '../../../api/shapes/ad-center';
import { useApp } from '../../../app/context';
import type { I18n } from '../../../i18n/i18n';
import { refreshAll, ResourceView, useModel } from '../../../kit';
import { PullRefresh } from '../../../ui/pull-refresh';
import { Skeleton } from '../../../ui/skeleton';
import type { ScreenProps } from '../../types';
import { LevelModel } from './model';
import { share, standing } from './progress';
import { benefitText, levelName } from './wording';

/** The shop level (docs/product.md, "Levels"): where the merchant stands, how far the next level is, and what every level gives. */
export function Level(_: ScreenProps) {
  const app = useApp();
  const model = useModel(() => new LevelModel(app));
  return (
    <PullRefresh onRefresh={() => refreshAll(model.overview)}>
      <div className="ma-page ma-level">
        <ResourceView
          resource={model.overview}
          failed={app.i18n.t('level.loadFailed')}
          skeleton={
            <>
              <Skeleton className="ma-card" title rows={2} />
              <Skeleton className="ma-card" rows={4} />
            </>
          }
        >
          {(overview) => <Standing overview={overview} i18n={app.i18n} />}
        </ResourceView>
      </div>
    </PullRefresh>
  );
}

function Standing({ overview: o, i18n }: { overview: LevelOverview; i18n: I18n }) {
  // Under React a component tracks the signals it reads only with useSignals() (a no-op on preact).
  useSignals();
  const t = i18n.t;
  const { current, next } = standing(o);
  const ids = { summary: useId(), next: useId(), table: useId() };
  const credit = o.credit_score;
  const invested = Number(o.total_investment);
  return (
    <>
      <section className="ma-card ma-level__summary" aria-labelledby={ids.summary}>
        <Medal vip={current?.name.kind === 'vip'} />
        <p className="ma-level__eyebrow">{t('level.current')}</p>
        <h2 className="ma-level__name" id={ids.summary}>
          {current ? levelName(i18n, current.name) : t('level.none')}
        </h2>
        <dl className="ma-level__figures">
          <div>
            <dt>{t('level.creditScore')}</dt>
            <dd>{i18n.formatNumber(credit)}</dd>
          </div>
          <div>
            <dt>{t('level.totalInvestment')}</dt>
            <dd>{i18n.formatMoney(o.total_investment)}</dd>
          </div>
        </dl>
      </section>

      <section className="ma-card" aria-labelledby={ids.next}>
        {next ? (
          <>
            <h2 className="ma-level__heading" id={ids.next}>
              {t('level.next', { name: levelName(i18n, next.name) })}
            </h2>
            <p className="ma-level__hint">{t('level.either')}</p>
            <Progress
              label={t('level.creditScore')}
              value={credit}
              target={next.min_credit_score}
              text={t('level.progress', {
                value: i18n.formatNumber(credit),
                target: i18n.formatNumber(next.min_credit_score),
              })}
              reached={t('level.reached')}
            />
            <Progress
              label={t('level.totalInvestment')}
              value={invested}
              target={Number(next.min_investment)}
              text={t('level.progress', {
                value: i18n.formatMoney(o.total_investment),
                target: i18n.formatMoney(next.min_investment),
              })}
              reached={t('level.reached')}
            />
          </>
        ) : (
          <>
            <h2 className="ma-level__heading" id={ids.next}>
              {t('level.topTitle')}
            </h2>
            <p className="ma-level__hint">{t('level.top')}</p>
          </>
        )}
      </section>

      <section aria-labelledby={ids.table}>
        <h2 className="ma-level__heading ma-level__table-title" id={ids.table}>
          {t('level.table')}
        </h2>
        <ol className="ma-level__list">
          {o.levels.map((l) => (
            <LevelRow key={l.level} def={l} current={l.level === o.level} i18n={i18n} />
          ))}
        </ol>
      </section>
    </>
  );
}

/** One threshold as a labelled progress bar; its text says the figures, so the bar's colour is never the only cue. */
function Progress({
  label,
  value,
  target,
  text,
  reached,
}: {
  label: string;
  value: number;
  target: number;
  text: string;
  reached: string;
}) {
  const id = useId();
  const done = value >= target;
  const valueText = done ? `${text} · ${reached}` : text;
  return (
    <div className="ma-level__progress">
      <div className="ma-level__progress-head">
        <span id={id}>{label}</span>
        <span className="ma-level__progress-text">{valueText}</span>
      </div>
      <div
        className="ma-level__bar"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={Math.min(value, target)}
        aria-valuetext={valueText}
      >
        <span className="ma-level__fill" style={{ width: `${Math.round(share(value, target) * 100)}%` }} />
      </div>
    </div>
  );
}

function LevelRow({ def, current, i18n }: { def: LevelDef; current: boolean; i18n: I18n }) {
  useSignals(); // formatMoney reads the currency signal
  const t = i18n.t;
  const free = def.min_credit_score === 0 && Number(def.min_investment) === 0;
  return (
    <li
      className={`ma-level__item${current ? ' ma-level__item--current' : ''}`}
      aria-current={current ? 'true' : undefined}
    >
      <div className="ma-level__item-head">
        <h3 className="ma-level__item-name">{levelName(i18n, def.name)}</h3>
        {current && <span className="ma-level__badge">{t('level.currentBadge')}</span>}
      </div>
      <p className="ma-level__threshold">
        {free
          ? t('level.thresholdNone')
          : t('level.threshold', {
              credit: i18n.formatNumber(def.min_credit_score),
              investment: i18n.formatMoney(def.min_investment),
            })}
      </p>
      {def.benefits.length ? (
        <ul className="ma-level__benefits" aria-label={t('level.benefits')}>
          {def.benefits.map((b) => (
            <li key={b.code}>{benefitText(i18n, b)}</li>
          ))}
        </ul>
      ) : (
        <p className="ma-level__threshold">{t('level.noBenefits')}</p>
      )}
    </li>
  );
}

/** A star for star levels, a crown for VIP: our own drawing, decorative. */
function Medal({ vip }: { vip: boolean }) {
  return (
    <svg className="ma-level__medal" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="var(--ma-gold-light)" stroke="var(--ma-gold)" strokeWidth="2" />
      {vip ? (
        <path
          d="M12 32l-2-15 8 7 6-10 6 10 8-7-2 15z"
          fill="var(--ma-gold)"
          stroke="var(--ma-gold-dark)"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      ) : (
        <path
          d="M24 10l4.1 8.6 9.4 1.2-6.9 6.5 1.8 9.3L24 31l-8.4 4.6 1.8-9.3-6.9-6.5 9.4-1.2z"
          fill="var(--ma-gold)"
          stroke="var(--ma-gold-dark)"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}
