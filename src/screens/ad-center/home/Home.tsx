import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../../app/context';
import { useModel } from '../../../kit';
import { Button } from '../../../ui/button';
import { Empty } from '../../../ui/empty';
import { Skeleton } from '../../../ui/skeleton';
import { HeaderActions } from '../../shared/HeaderActions';
import { HomeModel } from './model';
import type { ScreenProps } from '../../types';

const SHORTCUTS = [
  { path: '/plan', key: 'routes.plan' },
  { path: '/wallet', key: 'routes.wallet' },
  { path: '/ad-center/coupons', key: 'routes.ad-center-coupons' },
  { path: '/ad-center/activities', key: 'routes.ad-center-activities' },
  { path: '/ad-center/level', key: 'routes.ad-center-level' },
  { path: '/ad-center/operated', key: 'routes.ad-center-operated' },
  { path: '/ad-center/feedback', key: 'routes.ad-center-feedback' },
  // Only merchants who registered here have a login password; partner users came through a signed link.
  { path: '/ad-center/edit-login-password', key: 'home.changeLoginPassword', registeredOnly: true },
] as const;

/** The ad-centre home: no shared header (spec §2), so it carries its own top bar with the same icons. */
export function Home({ location }: ScreenProps) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const user = app.session.user.value;
  const route = location.route;

  const model = useModel(() => new HomeModel(app));
  const failed = model.user.error.value !== undefined;
  const registered = user?.entry === 'register';
  // Partner users' usernames are the partner's raw ids: they are greeted by nickname, or not by name at all.
  const name = user?.nickname || (registered ? user?.username : '') || '';
  // Until the user is known, registered is false: the tiles every merchant has.
  const shortcuts = SHORTCUTS.filter((s) => !('registeredOnly' in s) || registered);
  return (
    <div className="ma-home">
      <header className="ma-home__top">
        <h1 className="ma-home__greeting">{name ? t('home.greeting', { name }) : t('home.greetingNeutral')}</h1>
        <HeaderActions icons={route.icons} />
      </header>
      <div className="ma-page">
        {user && failed && (
          <div className="ma-notice" role="alert">
            <span>{t('home.refreshFailed')}</span>
            <button type="button" className="ma-link" onClick={() => void model.user.reload()}>{t('common.retry')}</button>
          </div>
        )}
        {user ? (
          <section className="ma-card ma-home__stats" aria-label={t('home.level')}>
            <div><span className="ma-home__label">{t('home.creditScore')}</span><strong>{app.i18n.formatNumber(user.credit_score)}</strong></div>
            <div><span className="ma-home__label">{t('home.level')}</span><strong>{t('home.levelValue', { level: user.level })}</strong></div>
          </section>
        ) : failed ? (
          <section className="ma-card" role="alert">
            <Empty text={t('home.loadFailed')}>
              <Button variant="primary" onClick={() => void model.user.reload()}>{t('common.retry')}</Button>
            </Empty>
          </section>
        ) : (
          <Skeleton className="ma-card" grid={{ count: 2, columns: 2, height: 48 }} />
        )}
        {user && !user.store_opened && (
          <section className="ma-card">
            <p>{t('home.storeNotOpened')}</p>
            <button type="button" className="ma-link" onClick={() => app.router.navigate('/ad-welcome')}>{t('auth.openAccount')}</button>
          </section>
        )}
        <nav className="ma-card" aria-label={t('home.shortcuts')}>
          <ul className="ma-home__grid">
            {shortcuts.map((s) => (
              <li key={s.path}>
                <button type="button" className="ma-home__shortcut" onClick={() => app.router.navigate(s.path)}>{t(s.key)}</button>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
