import { useApp } from '../app/context';
import type { RouteMeta } from '../router/routes';
import { HeaderActions } from '../screens/shared/HeaderActions';
import { NavBar } from '../ui/nav-bar';

/**
 * The shared header (docs/product.md, "Header"): route title, back arrow, and the icons each route turns on. `solid`: a
 * transparent header that is not over its screen's hero any more draws the normal bar.
 */
export function Header({ route, solid }: { route: RouteMeta; solid?: boolean }) {
  const app = useApp();
  const t = app.i18n.t;
  return (
    <NavBar
      title={t(route.titleKey)}
      showBack={!route.noBackButton}
      onBack={() => app.back()}
      backLabel={t('header.back')}
      transparent={route.header === 'transparent' && !solid}
      white={route.white && !solid}
      tinted={route.header === 'transparent' && route.tinted && !solid}
      right={<HeaderActions icons={route.icons} />}
    />
  );
}
