/**
 * How a session starts, loads and ends. One way in for a token, whoever brings it: the mount option and
 * `update({token})`, the host's `setToken()` (both kept in memory unless `persistToken`), and the app's own
 * sign-in (stored). One way out: `end(reason)`.
 */
import type { UserInfo } from '../api/shapes/account';
import type { Emitter } from '../lib/emitter';
import type { Router } from '../router/router';
import type { NotificationStore } from '../stores/notifications';
import type { SessionStore } from '../stores/session';
import type { MerchantAdsEvents } from './types';

export const HOME = '/ad-center';
export const LOGIN = '/login';

export interface SessionFlowDeps {
  session: SessionStore;
  notifications: NotificationStore;
  events: Emitter<MerchantAdsEvents>;
  router: Router;
  /** The user info call, under the error policy. */
  fetchUser: () => Promise<UserInfo>;
  /** Settles once the router has its first route. */
  started: Promise<unknown>;
}

export function createSessionFlow(deps: SessionFlowDeps) {
  // Start-up, sign-in and the home screen all ask for the user at about the same time: share one request, of one
  // session: a token accepted, or the end of the session, drops it. An answer about a session that has ended
  // meanwhile is not kept.
  let userRequest: Promise<UserInfo | null> | null = null;
  const loadUser = (): Promise<UserInfo | null> => {
    const token = deps.session.token.value;
    if (!token) return Promise.resolve(null);
    return (userRequest ??= deps
      .fetchUser()
      .then((user) => {
        if (deps.session.token.peek() === token) deps.session.setUser(user);
        return user;
      })
      .finally(() => (userRequest = null)));
  };

  /** The background loads a new session starts with; their failures were shown by the policy already. */
  const warmUp = () => {
    void loadUser().catch(() => undefined);
    void deps.notifications.load().catch(() => undefined);
  };

  /** The one way out: memory and storage cleared, the host told, the login shown. */
  const end = (reason: MerchantAdsEvents['logout']['reason']) => {
    userRequest = null;
    deps.session.clear();
    deps.notifications.reset();
    deps.events.emit('logout', { reason });
    deps.router.replace(LOGIN);
  };

  deps.session.onEndAsked(end);

  return {
    loadUser,
    warmUp,
    /**
     * A token from outside the app (mount option, update, setToken). Null ends the session here as a logout does,
     * without ending it on the server: the host brought the token and may still use it.
     * Signed in from outside while on a sign-in page: the app enters; before the first route it waits for it.
     */
    accept(token: string | null, persist: boolean) {
      if (!token) {
        if (deps.session.token.value) end('user');
        return;
      }
      if (token === deps.session.token.value) return;
      deps.session.setToken(token, { persist });
      userRequest = null;
      warmUp();
      const enter = () => {
        const name = deps.router.current.peek()?.route.name;
        if (name === 'login' || name === 'register') deps.router.replace(HOME);
      };
      // A shell can answer before the first route has resolved: then the app enters once it has.
      if (deps.router.current.peek()) enter();
      else void deps.started.then(enter);
    },
    /** The app's own login or registration: stored, user loaded, then home (or `to`). */
    async signIn(token: string, to = HOME) {
      deps.session.setToken(token);
      const user = await loadUser();
      deps.events.emit('login', { user });
      void deps.notifications.load().catch(() => undefined);
      deps.router.replace(to);
    },
    end,
  };
}
export type SessionFlow = ReturnType<typeof createSessionFlow>;
