import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../../app/context';
import { LoadFailed, RefreshFailed, useModel } from '../../../kit';
import { PullRefresh } from '../../../ui/pull-refresh';
import { Skeleton } from '../../../ui/skeleton';
import { CopyButton } from '../../shared/CopyButton';
import { HeaderActions } from '../../shared/HeaderActions';
import { pickLocalized } from '../../shared/localized';
import { levelName } from '../level/wording';
import { Banners } from './Banners';
import { CheckIn } from './CheckIn';
import { HomeContentModel } from './content';
import { Avatar, Chevron, OperatingRules, Pending } from './home-parts';
import { HomeIcon, type HomeIconName } from './icons';
import { HomeModel } from './model';
import { Overview } from './Overview';
import { Ticker } from './Ticker';
import type { ScreenProps } from '../../types';

interface Entry {
  path: string;
  key: string;
  icon: HomeIconName;
  badge?: boolean;
}
/**
 * The ad centre's doors (the screens it links to), each a tile of the icon grid: eight, so two full rows of four (and at
 * 320 px, three columns, no tile alone on a row). The login password is account settings, a cell below the grid.
 */
const ENTRIES: Entry[] = [
  { path: '/plan', key: 'routes.plan', icon: 'plan' },
  { path: '/wallet', key: 'routes.wallet', icon: 'wallet' },
  { path: '/ad-center/coupons', key: 'routes.ad-center-coupons', icon: 'coupon' },
  { path: '/ad-center/activities', key: 'routes.ad-center-activities', icon: 'gift' },
  { path: '/ad-center/level', key: 'routes.ad-center-level', icon: 'level' },
  { path: '/ad-center/operated', key: 'home.entry.follow', icon: 'follow' },
  { path: '/ad-center/feedback', key: 'routes.ad-center-feedback', icon: 'feedback' },
  { path: '/notification', key: 'routes.notification', icon: 'bell', badge: true },
];

/** The ad-centre home: no shared header (its route hides it), so it carries its own top bar with the same icons. */
export function Home({ location }: ScreenProps) {
  useSignals();
  const app = useApp();
  const { t, formatMoney, formatNumber } = app.i18n;
  const lang = app.i18n.lang.value;
  const user = app.session.user.value;
  const config = app.config.config.value;
  const model = useModel(() => new HomeModel(app));
  const content = useModel(() => new HomeContentModel(app));
  const configFailed = content.config.error.value !== undefined;
  const stats = model.stats.data.value;
  const statsFailed = !stats && model.stats.error.value !== undefined;
  const registered = user?.entry === 'register';
  // Partner users' usernames are the partner's raw ids: they are greeted by nickname, or not by name at all.
  const name = user?.nickname || (registered ? user?.username : '') || '';
  const userFailed = model.user.error.value !== undefined;
  const retryUser = () => void model.user.reload();
  const unread = app.notifications.unreadTotal.value;
  const greeting = name ? t('home.greeting', { name }) : t('home.greetingNeutral');

  return (
    <div className="ma-home">
      <header className="ma-home__top">
        <Avatar user={user} name={name} />
        <h1 className="ma-home__greeting">{greeting}</h1>
        <HeaderActions icons={location.route.icons} />
      </header>
      <PullRefresh onRefresh={() => model.refreshAll()} refreshLabel={t('home.refresh')}>
        <div className="ma-page ma-home__page">
          {user && userFailed && <RefreshFailed onRetry={retryUser} />}
          {user || !userFailed ? (
            // The card keeps its shape while the account loads (grey bars where its values go), so nothing moves.
            <section
              className="ma-card ma-home__profile"
              aria-label={t('home.account')}
              aria-busy={user ? undefined : 'true'}
            >
              {statsFailed ? (
                <LoadFailed inline text={t('home.figuresFailed')} onRetry={() => void model.stats.reload()} />
              ) : (
                <div className="ma-home__profile-figures" aria-busy={stats ? undefined : 'true'}>
                  <button
                    type="button"
                    className="ma-home__level"
                    onClick={() => app.router.navigate('/ad-center/level')}
                  >
                    <span className="ma-home__label">{t('home.level')}</span>
                    {stats ? <strong>{levelName(app.i18n, stats.level_name)}</strong> : <Pending />}
                  </button>
                  <div>
                    <span className="ma-home__label">{t('home.creditScore')}</span>
                    {stats || user ? (
                      <strong>{formatNumber(stats?.credit_score ?? user!.credit_score)}</strong>
                    ) : (
                      <Pending />
                    )}
                  </div>
                  <div>
                    <span className="ma-home__label">{t('home.deposit')}</span>
                    {stats ? <strong>{formatMoney(stats.deposit)}</strong> : <Pending />}
                  </div>
                  <div>
                    <span className="ma-home__label">{t('home.balance')}</span>
                    {stats ? <strong>{formatMoney(stats.balance)}</strong> : <Pending />}
                  </div>
                </div>
              )}
              <div className="ma-home__proxy">
                <span className="ma-home__label">{t('home.proxyId')}</span>
                {user ? (
                  <>
                    <span className="ma-home__proxy-id">{user.proxy_id}</span>
                    <CopyButton iconOnly className="ma-home__copy" text={user.proxy_id} label={t('home.copyProxyId')} />
                  </>
                ) : (
                  <Pending />
                )}
              </div>
              <CheckIn model={model} />
            </section>
          ) : (
            <LoadFailed text={t('home.loadFailed')} onRetry={retryUser} />
          )}
          {user && !user.store_opened && (
            <section className="ma-card">
              <p>{t('home.storeNotOpened')}</p>
              <button type="button" className="ma-link" onClick={() => app.router.navigate('/ad-welcome')}>
                {t('auth.openAccount')}
              </button>
            </section>
          )}

          <Banners banners={config.banner_config} failed={configFailed} />

          <nav className="ma-card ma-home__entries" aria-label={t('home.shortcuts')}>
            <ul className="ma-home__grid">
              {ENTRIES.map((e) => (
                <li key={e.path}>
                  <button type="button" className="ma-home__shortcut" onClick={() => app.router.navigate(e.path)}>
                    <span className="ma-home__tile" aria-hidden="true">
                      <HomeIcon name={e.icon} />
                      {e.badge && unread > 0 && <span className="ma-home__tile-dot" />}
                    </span>
                    <span className="ma-home__shortcut-label">{t(e.key)}</span>
                    {e.badge && unread > 0 && <span className="ma-sr-only">{t('home.unread', { count: unread })}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </nav>

          {/* Only merchants who registered here have a login password; partner users came through a signed link. */}
          {registered && (
            <nav className="ma-card ma-home__settings" aria-label={t('home.settings')}>
              <button
                type="button"
                className="ma-home__cell"
                onClick={() => app.router.navigate('/ad-center/edit-login-password')}
              >
                <span className="ma-home__cell-icon" aria-hidden="true">
                  <HomeIcon name="lock" size={20} />
                </span>
                <span className="ma-home__cell-label">{t('home.changeLoginPassword')}</span>
                <Chevron />
              </button>
            </nav>
          )}

          <Overview model={model} />
          <Ticker resource={model.broadcast} />

          <section className="ma-card" aria-labelledby="ma-home-learning">
            <h2 id="ma-home-learning" className="ma-home__section-title">
              {t('home.learning.title')}
            </h2>
            <p className="ma-home__text">{t('home.learning.text')}</p>
          </section>

          <section className="ma-card ma-home__faqs" aria-labelledby="ma-home-faq">
            <h2 id="ma-home-faq" className="ma-home__section-title">
              {t('home.faq')}
            </h2>
            {config.faq_config ? (
              <ul className="ma-home__faq-list">
                {config.faq_config.slice(0, 5).map((f) => {
                  const q = pickLocalized(f.question, lang);
                  return (
                    <li key={f.id}>
                      <button
                        type="button"
                        className="ma-home__faq"
                        lang={q.lang}
                        onClick={() => app.router.navigate(`/ad-center/ques-detail?id=${f.id}`)}
                      >
                        <span>{q.text}</span>
                        <Chevron />
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : configFailed ? (
              <LoadFailed inline text={t('home.faqFailed')} onRetry={() => void content.config.reload()} />
            ) : (
              <Skeleton rows={5} />
            )}
          </section>

          <OperatingRules app={app} />
        </div>
      </PullRefresh>
    </div>
  );
}
