/** A typed event emitter; one per instance. Listener errors are reported, never thrown into the widget. */
export type Listener<T> = (payload: T) => void;

export interface Emitter<M> {
  on: <K extends keyof M>(type: K, cb: Listener<M[K]>) => () => void;
  /** Tells every listener; true when anyone heard it (a listener of this type, or the catch-all). */
  emit: <K extends keyof M>(type: K, payload: M[K]) => boolean;
  clear: () => void;
}

/** `onAny` (the host's catch-all) says whether anyone took the event. */
export function createEmitter<M>(onAny?: (type: keyof M, payload: M[keyof M]) => boolean): Emitter<M> {
  // One set per event, each typed by its own key where on() and emit() take it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const map = new Map<keyof M, Set<Listener<any>>>();
  return {
    on(type, cb) {
      let set = map.get(type);
      if (!set) map.set(type, (set = new Set()));
      set.add(cb);
      return () => void set.delete(cb);
    },
    emit(type, payload) {
      const call = (fn: () => void) => {
        try {
          fn();
        } catch (e) {
          console.error('[merchant-ads] listener failed', e);
        }
      };
      const listeners = [...(map.get(type) ?? [])];
      let heard = listeners.length > 0;
      for (const cb of listeners) call(() => cb(payload));
      if (onAny) call(() => void (onAny(type, payload) && (heard = true)));
      return heard;
    },
    clear: () => map.clear(),
  };
}
