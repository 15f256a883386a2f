/**
 * What Back means. The topmost open layer (sheet, dialog, picker, prompt) closes first and the route stays; then
 * docs/product.md's "Back" order: a screen's own handler, close on no-previous routes, the back route, history back.
 */
import type { Emitter } from '../lib/emitter';
import type { Router } from '../router/router';
import type { AppServices } from './context';
import type { SessionStore } from '../stores/session';
import type { Overlays } from '../ui/overlay/overlays';
import { startRoute } from './auth-guard';
import type { MerchantAdsEvents } from './types';

export function createBackPolicy(
  overlays: Overlays,
  router: Router,
  events: Emitter<MerchantAdsEvents>,
  session: SessionStore,
): Pick<AppServices, 'back' | 'setBackHandler'> {
  let backHandler: (() => void) | null = null;
  return {
    back() {
      if (overlays.closeTop()) return;
      if (backHandler) return backHandler();
      const route = router.current.value?.route;
      if (route?.noPrevious) return events.emit('close', { reason: 'back' });
      if (route?.backRoute) {
        if (!router.back()) router.replace(route.backRoute);
        return;
      }
      if (!router.back()) router.replace(startRoute(session));
    },
    setBackHandler(fn) {
      backHandler = fn;
      return () => {
        if (backHandler === fn) backHandler = null;
      };
    },
  };
}
