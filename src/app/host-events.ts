/**
 * What the host hears about and sees of the widget outside its root: route changes (and the page title when it
 * lets us manage it), the unread count, the language. Also the root's `lang`, and closing the old route's layers.
 */
import { effect, untracked } from '@preact/signals-react';
import { CONTENT_LANG, withoutSoftHyphens } from '../i18n/i18n';
import type { Location } from '../router/router';
import type { AppServices } from './context';
import type { MountOptions } from './types';

/**
 * `options()` gives the mount options as they are now; what must be undone on destroy goes onto `cleanups`. Returns
 * what shows the current route's title now.
 */
export function wireHostEvents(
  app: AppServices,
  doc: Document,
  root: HTMLElement,
  options: () => MountOptions,
  cleanups: (() => void)[],
) {
  const { router, i18n, events } = app;
  const titleOf = (loc: Location) => withoutSoftHyphens(i18n.t(loc.route.titleKey));
  const originalTitle = doc.title;
  let lastPath = '';
  let lastUnread = -1;
  let lastLang = i18n.lang.peek();
  cleanups.push(
    effect(() => {
      const loc = router.current.value;
      if (!loc) return;
      // A route change for any other reason than back takes the old route's layers with it: none floats over the
      // next screen. (Back with a layer open never gets here: it closed the layer instead.)
      if (lastPath && loc.path !== lastPath) untracked(app.overlays.closeAll);
      lastPath = loc.path;
      const title = titleOf(loc);
      if (options().manageTitle) doc.title = title;
      events.emit('route', { path: loc.path, name: loc.route.name, title, canGoBack: router.canGoBack() });
    }),
    () => {
      if (options().manageTitle) doc.title = originalTitle;
    },
    effect(() => {
      const count = app.notifications.unreadTotal.value;
      if (count !== lastUnread) {
        lastUnread = count;
        events.emit('unread', { count });
      }
    }),
    // The root declares its language (overlays render inside it, so they inherit it).
    effect(() => {
      root.lang = CONTENT_LANG[i18n.lang.value];
    }),
    // The first language arriving counts as a change too (its config is loaded in it): the effect sees every
    // write to the language as it happens, so lastLang is never behind.
    effect(() => {
      const lang = i18n.lang.value;
      if (lang === lastLang) return;
      lastLang = lang;
      events.emit('language', { lang });
      void app.config.load(lang).catch(() => undefined);
    }),
  );
  // Returned for update(): the host has just let us manage the title, so the current route's, at once.
  return () => {
    const loc = router.current.peek();
    if (loc) doc.title = titleOf(loc);
  };
}
