import { computed, signal } from '@preact/signals-react';
import type { UserInfo } from '../api/contract';
import type { PrefixedStorage } from '../lib/storage';

const TOKEN = 'token';
const USER = 'userInfo';

/** Token and user info (spec §3/§4): stored under the instance prefix, cleared together on logout. */
export function createSessionStore(storage: PrefixedStorage, injectedToken?: string | null) {
  const token = signal<string | null>(injectedToken ?? storage.get<string>(TOKEN));
  const user = signal<UserInfo | null>(storage.get<UserInfo>(USER));
  if (injectedToken) storage.set(TOKEN, injectedToken);

  return {
    token,
    user,
    loggedIn: computed(() => !!token.value),
    /** Only merchants who registered here may log out from the header (spec §2). */
    isRegisterUser: computed(() => user.value?.entry === 'register'),
    setToken(t: string | null) {
      if (t === token.value) return;
      // A different token means a different user may be behind it: the cached user info no longer applies.
      if (token.value) {
        user.value = null;
        storage.remove(USER);
      }
      token.value = t;
      if (t) storage.set(TOKEN, t);
      else storage.remove(TOKEN);
    },
    setUser(u: UserInfo | null) {
      user.value = u;
      if (u) storage.set(USER, u);
      else storage.remove(USER);
    },
    clear() {
      token.value = null;
      user.value = null;
      storage.remove(TOKEN);
      storage.remove(USER);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
