import { computed, signal } from '@preact/signals-react';
import type { UserInfo } from '../api/shapes/account';
import type { PrefixedStorage } from '../lib/storage';

/**
 * Token and user info, stored per API origin and cleared together on logout (docs/product.md, "Stored locally").
 *
 * Stored per API origin (`token@https://api.example`): a token is only ever sent to the API that issued it, so
 * a page mounted with another `apiBase` (a crafted link, a misconfigured host) starts signed out instead of
 * handing the stored token to a stranger.
 *
 * A token from the app's own login or registration is stored. One the host hands over (`token`, `setToken`) is
 * kept in memory unless the host asks for it to be stored (`persistToken`): the host owns it, and a token forced
 * on a page (a framing page, a link) must not replace the session the merchant keeps on this origin.
 */
/** Why a session ends: the merchant left, it expired, the password changed, or the server no longer knows it. */
export type SessionEndReason = 'user' | 'expired' | 'passwordChanged' | 'unauthorized';

export function createSessionStore(
  storage: PrefixedStorage,
  apiOrigin: string,
  injected?: { token?: string | null; persist?: boolean },
) {
  const endListeners = new Set<(reason: SessionEndReason) => void>();
  const TOKEN = `token@${apiOrigin}`;
  const USER = `userInfo@${apiOrigin}`;
  const stored = storage.get<string>(TOKEN);
  const hostToken = injected?.token || null;
  /** Whether the current session is written to storage (false for a host's token it did not ask to store). */
  let persisted = !hostToken || hostToken === stored || !!injected?.persist;
  const token = signal<string | null>(hostToken ?? stored);
  const user = signal<UserInfo | null>(!hostToken || hostToken === stored ? storage.get<UserInfo>(USER) : null);
  if (hostToken && persisted) storage.set(TOKEN, hostToken);

  /** Logout ends the session everywhere this origin's API is used from: memory and storage alike. */
  const clear = () => {
    token.value = null;
    user.value = null;
    persisted = true;
    storage.remove(TOKEN);
    storage.remove(USER);
  };

  return {
    token,
    user,
    loggedIn: computed(() => !!token.value),
    /** Only merchants who registered here may log out from the header; a partner's users leave through the partner. */
    isRegisterUser: computed(() => user.value?.entry === 'register'),
    /** `persist: false` keeps the token (and the user info loaded for it) in memory only. */
    setToken(t: string | null, { persist = true }: { persist?: boolean } = {}) {
      if (!t) return clear();
      if (t === token.value) return;
      // A different token means a different user may be behind it: the cached user info no longer applies.
      user.value = null;
      token.value = t;
      persisted = persist;
      if (!persist) return;
      storage.remove(USER);
      storage.set(TOKEN, t);
    },
    setUser(u: UserInfo | null) {
      user.value = u;
      if (!persisted) return;
      if (u) storage.set(USER, u);
      else storage.remove(USER);
    },
    clear,
    /**
     * Asks for the session to end, for `reason`: a call answered "signed out" asks, and whoever ends sessions (the
     * app's session flow) listens with onEndAsked, so neither needs the other.
     */
    askEnd(reason: SessionEndReason) {
      for (const fn of endListeners) fn(reason);
    },
    onEndAsked(fn: (reason: SessionEndReason) => void): () => void {
      endListeners.add(fn);
      return () => endListeners.delete(fn);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
