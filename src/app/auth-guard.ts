/**
 * Who may see which route: a signed-out visitor sees only the routes open without a session (the host is asked for
 * a token on the way to the sign-in form); a signed-in merchant has nothing to do on the sign-in forms.
 */
import type { Emitter } from '../lib/emitter';
import type { Location } from '../router/router';
import type { SessionStore } from '../stores/session';
import { HOME, LOGIN } from './session-flow';
import type { MerchantAdsEvents } from './types';

/** Where "the start" is: home while signed in, the sign-in form otherwise. */
export const startRoute = (session: SessionStore): string => (session.token.value ? HOME : LOGIN);

export const createAuthGuard =
  (session: SessionStore, events: Emitter<MerchantAdsEvents>) =>
  (loc: Location): string | null => {
    // Home instead of the sign-in forms (a redirect, so it replaces).
    if (session.token.value) return loc.route.name === 'login' || loc.route.name === 'register' ? HOME : null;
    if (loc.route.noAuth) return null;
    events.emit('tokenRequest', { reason: 'missing' });
    return LOGIN;
  };
