import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../app/context';
import { withoutSoftHyphens } from '../i18n/i18n';
import { OverlayHost } from '../ui/overlay/OverlayHost';
import { useServiceFile } from '../screens/service/file';
import { Header } from './Header';
import { usePrefetch } from './prefetch';
import { ScreenSlot } from './ScreenSlot';

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

  // A transparent header sits on its screen's dark hero (an element with class ma-hero) and nowhere else: once
  // the hero has scrolled out from under it, or when the screen has none, it turns solid with dark text.
  const transparent = loc?.route.header === 'transparent';
  const [overHero, setOverHero] = useState(true);
  useEffect(() => {
    const main = scroller.current;
    if (!transparent || !main) return;
    const check = () => {
      const hero = main.querySelector<HTMLElement>('.ma-hero');
      const headerHeight = main.previousElementSibling?.getBoundingClientRect().height ?? 0;
      setOverHero(!!hero && hero.getBoundingClientRect().bottom - main.getBoundingClientRect().top >= headerHeight);
    };
    check();
    // The screen renders its hero after this effect when it loads data first: look again when the DOM changes.
    const mo = new MutationObserver(check);
    mo.observe(main, { childList: true, subtree: true });
    main.addEventListener('scroll', check, { passive: true });
    return () => {
      mo.disconnect();
      main.removeEventListener('scroll', check);
    };
  }, [transparent, loc?.path]);

  usePrefetch(loc?.route.name, scroller);
  // The customer-service popup is in the service file: fetched when it first opens (or ahead, by the prefetch).
  const CustomerServicePopup = useServiceFile(
    app.customerService.value.open,
    app.closeCustomerService,
  )?.CustomerServicePopup;

  if (!loc) return null;
  const headerShown = loc.route.header !== 'hidden';
  return (
    <div className={`ma-app ma-app--${loc.route.header}`}>
      {headerShown && <Header route={loc.route} solid={transparent && !overHero} />}
      <main ref={scroller} className="ma-app__main" aria-label={withoutSoftHyphens(app.i18n.t(loc.route.titleKey))}>
        <ScreenSlot key={loc.path} location={loc} />
      </main>
      {CustomerServicePopup && <CustomerServicePopup />}
      <OverlayHost overlays={app.overlays} />
    </div>
  );
}
