import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../../app/context';
import { useModel } from '../../../kit';
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
  { path: '/ad-center/edit-login-password', key: 'home.changeLoginPassword' },
] as const;

/** The ad-centre home: no shared header (spec §2), so it carries its own top bar with the same icons. */
export function Home({ location }: ScreenProps) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const user = app.session.user.value;
  const route = location.route;

  useModel(() => new HomeModel(app));

  const name = user?.nickname || user?.username || '';
  return (
    <div className="ma-home">
      <header className="ma-home__top">
        <h1 className="ma-home__greeting">{name ? t('home.greeting', { name }) : t('routes.ad-center')}</h1>
        <HeaderActions icons={route.icons} />
      </header>
      <div className="ma-page">
        {user && (
          <section className="ma-card ma-home__stats" aria-label={t('home.level')}>
            <div><span className="ma-home__label">{t('home.creditScore')}</span><strong>{app.i18n.formatNumber(user.credit_score)}</strong></div>
            <div><span className="ma-home__label">{t('home.level')}</span><strong>{t('home.levelValue', { level: user.level })}</strong></div>
          </section>
        )}
        {user && !user.store_opened && (
          <section className="ma-card">
            <p>{t('home.storeNotOpened')}</p>
            <button type="button" className="ma-link" onClick={() => app.router.navigate('/ad-welcome')}>{t('auth.openAccount')}</button>
          </section>
        )}
        <nav className="ma-card" aria-label={t('home.shortcuts')}>
          <ul className="ma-home__grid">
            {SHORTCUTS.map((s) => (
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
