import { signal, type ReadonlySignal } from '@preact/signals-react';

/**
 * What is in flight, by key: one run per key at a time. The guard is the set itself, checked and updated at the
 * call, not a disabled button: two taps in one frame both arrive before the button re-renders.
 */
export interface InFlight {
  busy: ReadonlySignal<ReadonlySet<PropertyKey>>;
  /** Runs fn unless the key is busy; resolves to fn's value, or to `skipped` when nothing ran. */
  run: <R, S = undefined>(key: PropertyKey, fn: () => Promise<R>, skipped?: S) => Promise<R | S>;
}

export function createInFlight(): InFlight {
  const busy = signal<ReadonlySet<PropertyKey>>(new Set());
  const set = (key: PropertyKey, on: boolean) => {
    const next = new Set(busy.peek());
    if (on) next.add(key);
    else next.delete(key);
    busy.value = next;
  };
  return {
    busy,
    async run(key, fn, skipped) {
      if (busy.peek().has(key)) return skipped as never;
      set(key, true);
      try {
        return await fn();
      } finally {
        set(key, false);
      }
    },
  };
}
