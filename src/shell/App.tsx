import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { useApp } from '../app/context';
import { OverlayHost } from '../ui/overlay';
import { CustomerServicePopup } from './CustomerServicePopup';
import { Header } from './Header';
import { SCREEN_ROUTES } from './routes';

const SCREEN_OF = new Map(SCREEN_ROUTES.map((r) => [r.name, r.component]));

/** The shell: header, the current route's screen in a scroll container, and the overlay layer. */
export function App() {
  useSignals();
  const app = useApp();
  const loc = app.router.current.value;
  const scroller = useRef<HTMLElement>(null);

  useEffect(() => {
    app.overlays.setScrollContainer(scroller.current);
    return () => app.overlays.setScrollContainer(null);
  }, [app]);

  // A new page starts at its top, as a page load would.
  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 });
  }, [loc?.pathname]);

  if (!loc) return null;
  // The router answers unknown paths with the 404 route, so every location has its screen.
  const Screen = SCREEN_OF.get(loc.route.name)!;
  const headerShown = loc.route.header !== 'hidden';
  return (
    <div className={`ma-app ma-app--${loc.route.header}`}>
      {headerShown && <Header route={loc.route} />}
      <main ref={scroller} className="ma-app__main" aria-label={app.i18n.t(loc.route.titleKey)}>
        <Screen key={loc.path} location={loc} />
      </main>
      <CustomerServicePopup />
      <OverlayHost overlays={app.overlays} />
    </div>
  );
}
