/**
 * Key-value storage under the instance's prefix. Falls back to memory when localStorage is unavailable
 * (Safari private mode, sandboxed iframes, SSR), so the widget still works, just without persistence.
 */
export interface PrefixedStorage {
  get: <T>(key: string) => T | null;
  set: (key: string, value: unknown) => void;
  remove: (key: string) => void;
}

/** localStorage if it takes a write; the probe key carries our prefix, since the host's keys are not ours to touch. */
function backing(prefix: string): Storage | null {
  try {
    const s = globalThis.localStorage;
    const probe = `${prefix}__probe__`;
    s.setItem(probe, probe);
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

export function createStorage(prefix: string): PrefixedStorage {
  const store = backing(prefix);
  // Without storage, everything; with it, only what it refused (quota): newer than what it holds.
  const memory = new Map<string, string>();
  const read = (k: string) => memory.get(prefix + k) ?? store?.getItem(prefix + k) ?? null;
  return {
    get<T>(key: string): T | null {
      const raw = read(key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    set(key, value) {
      const raw = JSON.stringify(value);
      try {
        if (store) {
          store.setItem(prefix + key, raw);
          memory.delete(prefix + key);
        } else memory.set(prefix + key, raw);
      } catch {
        memory.set(prefix + key, raw); // quota exceeded: keep it for this session at least
      }
    },
    remove(key) {
      try {
        store?.removeItem(prefix + key);
      } catch {
        /* storage turned unavailable: nothing to remove */
      }
      memory.delete(prefix + key);
    },
  };
}
