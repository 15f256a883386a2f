import { useApp } from '../app/context';
import { useLazyFile } from '../lib/lazy-file';
import type { Location } from '../router/router';
import type { ScreenRoute } from '../screens/define';
import { Button } from '../ui/button';
import { Empty } from '../ui/empty';
import { Skeleton } from '../ui/skeleton';
import { coreGroup, GROUP_FILES } from './groups';
import { Header } from './Header';

/**
 * The current route's screen. Its group's file may still be on its way (the header already shows, from the
 * route's meta): a skeleton stands in, never a blank frame. A file that cannot be fetched says so, with a Retry;
 * the next navigation (a new slot: App keys it by path) tries again too. The group's CSS joins the widget's <style> before its first screen renders.
 */
export function ScreenSlot({ location }: { location: Location }) {
  const app = useApp();
  const route = location.route as ScreenRoute;
  const file = route.group === 'core' ? undefined : GROUP_FILES[route.group];
  const lazy = useLazyFile(file, true, app.assets);
  const group = file ? lazy.module : coreGroup;
  const t = app.i18n.t;

  if (group) {
    // Idempotent: the first render of a group's screen in this widget adds its CSS, before any of its effects run.
    app.addStyles(route.group, group.css);
    const Screen = group.screen(route.name);
    // The router answers unknown paths with the 404 route, and every route's group has its screen (a node test).
    if (!Screen) throw new Error(`MerchantAds: group ${route.group} has no screen for ${route.name}`);
    return <Screen location={location} />;
  }
  // A screen that draws its own header (the ad-centre home) has none until its file is in: the shared one stands
  // in, so its title and its ways out (language, customer service, log out) are there while it loads or failed.
  const header = route.header === 'hidden' && <Header route={{ ...route, header: 'default' }} />;
  if (lazy.failed) {
    return (
      <>
        {header}
        <div className="ma-page ma-center" role="alert">
          <Empty text={t('app.screenLoadFailed')}>
            <Button variant="primary" onClick={lazy.retry}>
              {t('common.retry')}
            </Button>
          </Empty>
        </div>
      </>
    );
  }
  // ma-screen-pending: the screen's file is on its way (tests wait for it to go, as a person waits for the page).
  return (
    <>
      {header}
      <div className="ma-page ma-screen-pending">
        <Skeleton title rows={4} />
      </div>
    </>
  );
}
