/**
 * Counts what code leaves behind on the page: listeners on window/document, live timeouts and intervals.
 * Installed around a block of code; patched functions are restored by stop().
 */
import { createRoot } from 'react-dom/client';

export function trackLeaks() {
  // The renderer's once-per-document set-up is not a mount's leak: real React adds one `selectionchange` listener
  // to a document the first time any root is created in it, and keeps it for the page's life (a marker on the
  // document stops a second). Done here, before counting; every mount's own listeners are still counted.
  createRoot(document.createElement('div')).unmount();
  const listeners = new Map<string, number>();
  const timers = new Set<number>();
  const key = (target: EventTarget, type: string) =>
    `${target === window ? 'window' : target === document ? 'document' : 'other'}:${type}`;
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const seen = new WeakMap<object, Set<string>>();
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, fn: any, opts?: any) {
    if ((this === window || this === document) && fn) {
      const capture = typeof opts === 'boolean' ? opts : !!opts?.capture;
      const set = seen.get(fn) ?? new Set();
      const k = `${key(this, type)}:${capture}`;
      if (!set.has(k)) {
        set.add(k);
        seen.set(fn, set);
        listeners.set(key(this, type), (listeners.get(key(this, type)) ?? 0) + 1);
      }
    }
    return add.call(this, type, fn, opts);
  } as typeof add;
  EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, fn: any, opts?: any) {
    if ((this === window || this === document) && fn) {
      const capture = typeof opts === 'boolean' ? opts : !!opts?.capture;
      const k = `${key(this, type)}:${capture}`;
      const set = seen.get(fn);
      if (set?.has(k)) {
        set.delete(k);
        listeners.set(key(this, type), (listeners.get(key(this, type)) ?? 0) - 1);
      }
    }
    return remove.call(this, type, fn, opts);
  } as typeof remove;

  const st = window.setTimeout,
    ct = window.clearTimeout,
    si = window.setInterval,
    ci = window.clearInterval;
  window.setTimeout = ((fn: any, ms?: number, ...a: any[]) => {
    const id = st(() => {
      timers.delete(id);
      typeof fn === 'function' ? fn(...a) : undefined;
    }, ms);
    timers.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    ct(id);
  }) as typeof window.clearTimeout;
  window.setInterval = ((fn: any, ms?: number, ...a: any[]) => {
    const id = si(fn, ms, ...a);
    timers.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    ci(id);
  }) as typeof window.clearInterval;

  return {
    /** Listener counts still attached, by target:type, leaving out zeros. */
    listeners: () => Object.fromEntries([...listeners].filter(([, n]) => n !== 0)),
    timers: () => timers.size,
    stop() {
      EventTarget.prototype.addEventListener = add;
      EventTarget.prototype.removeEventListener = remove;
      window.setTimeout = st;
      window.clearTimeout = ct;
      window.setInterval = si;
      window.clearInterval = ci;
    },
  };
}
