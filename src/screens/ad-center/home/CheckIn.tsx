import { useSignals } from '@preact/signals-react/runtime';
import type { CheckInDay, CheckInStatus } from '../../../api/shapes/ad-center';
import { useApp } from '../../../app/context';
import type { Translate } from '../../../i18n/i18n';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { HomeIcon } from './icons';
import type { HomeModelInstance } from './model';

/**
 * The daily check-in on the profile card (docs/product.md, "Check-in"): the streak, a 7-day strip of the cycle with each
 * day's reward, and the button, which is there only while today is open. Once checked in, the done state is words
 * with a check mark, not a button: nothing invites a tap that could only say "already". Everything it shows is the
 * server's (the overview's check_in, or a check-in's answer), as last known: a failed refresh keeps it, and until
 * something is known it shows a skeleton, never a button that might check in twice.
 */
export function CheckIn({ model }: { model: HomeModelInstance }) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const status = model.checkIn.value;
  if (!status) {
    // Nothing known yet. Loading: a skeleton. Failed before the first answer: the profile card says so once, for
    // its figures and this together (one call brings both), with one Retry; never an active Check in meanwhile.
    if (model.stats.error.value !== undefined && !model.stats.loading.value) return null;
    // The skeleton has the strip's own shape (head row, seven discs, the reward line), so nothing moves when it lands.
    return (
      <div className="ma-checkin ma-checkin--pending" aria-busy="true">
        <div className="ma-checkin__head">
          <span className="ma-checkin__icon">
            <HomeIcon name="calendar" />
          </span>
          <div className="ma-checkin__text">
            <strong className="ma-checkin__title">{t('home.checkIn.title')}</strong>
            <span className="ma-checkin__bar" />
          </div>
        </div>
        <ol className="ma-checkin__strip" aria-hidden="true">
          {SEVEN.map((d) => (
            <li key={d} className="ma-checkin__item">
              <span className="ma-checkin__mark" />
              <span className="ma-checkin__day">{app.i18n.formatNumber(d)}</span>
            </li>
          ))}
        </ol>
        <p className="ma-checkin__reward">
          <span className="ma-checkin__bar" />
        </p>
      </div>
    );
  }
  const days = t('home.checkIn.streak', { days: app.i18n.formatNumber(status.streak) });
  return (
    <div className="ma-checkin">
      <div className="ma-checkin__head">
        <span className="ma-checkin__icon">
          <HomeIcon name="calendar" />
        </span>
        <div className="ma-checkin__text">
          <strong className="ma-checkin__title">{t('home.checkIn.title')}</strong>
          <span className="ma-checkin__streak">{days}</span>
        </div>
        {status.done_today ? (
          <span className="ma-checkin__done">
            <CheckMark />
            <span>{t('home.checkIn.doneToday')}</span>
          </span>
        ) : (
          <Button
            className="ma-checkin__button"
            variant="primary"
            loading={model.signIn.busy.value.size > 0}
            onClick={() => void model.signIn.run()}
          >
            {t('home.checkIn.action')}
          </Button>
        )}
      </div>
      <ol className="ma-checkin__strip" aria-label={t('home.checkIn.cycle')}>
        {status.days.map((d) => (
          <li key={d.day} className={dayClass(d)} aria-current={d.today ? 'date' : undefined}>
            <span className="ma-checkin__mark" aria-hidden="true">
              {d.done ? <CheckMark /> : `+${app.i18n.formatNumber(d.reward)}`}
            </span>
            <span className="ma-checkin__day" aria-hidden="true">
              {app.i18n.formatNumber(d.day)}
            </span>
            <span className="ma-sr-only">{dayText(t, d, app.i18n.formatNumber)}</span>
          </li>
        ))}
      </ol>
      <p className="ma-checkin__reward">{rewardText(t, status, app.i18n.formatNumber)}</p>
    </div>
  );
}

const SEVEN = [1, 2, 3, 4, 5, 6, 7];

const dayClass = (d: CheckInDay) =>
  `ma-checkin__item${d.done ? ' ma-checkin__item--done' : ''}${d.today ? ' ma-checkin__item--today' : ''}`;

/** A day in words, for screen readers: its number, whether it is today, done or to come, and its reward. */
function dayText(t: Translate, d: CheckInDay, num: (n: number) => string): string {
  const p = { day: num(d.day), credit: num(d.reward) };
  if (d.today) return t(d.done ? 'home.checkIn.dayTodayDone' : 'home.checkIn.dayToday', p);
  return t(d.done ? 'home.checkIn.dayDone' : 'home.checkIn.dayToCome', p);
}

const rewardText = (t: Translate, s: CheckInStatus, num: (n: number) => string) =>
  t(s.done_today ? 'home.checkIn.rewardEarned' : 'home.checkIn.rewardToCome', { credit: num(s.today_reward) });

function CheckMark() {
  return <Icon d="M5 12.5l4.5 4.5L19 7.5" size={16} stroke={2.6} className="ma-checkin__check" />;
}
