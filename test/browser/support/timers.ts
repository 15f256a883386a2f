/**
 * Fake-ish timers for refresh tests: while installed, every setInterval is recorded (and still runs for real), so a
 * test can fire a 30 s refresh now instead of waiting, and can see which intervals are still alive (a screen that
 * was left or a widget that was unmounted must have cleared its own).
 */
export interface CapturedIntervals {
  /** Intervals of this period that are still set. */
  live(ms: number): number;
  /** Runs the callbacks of every live interval of this period once, now. */
  fire(ms: number): void;
  restore(): void;
}

export function captureIntervals(): CapturedIntervals {
  const live = new Map<number, { fn: () => void; ms: number }>();
  const realSet = window.setInterval;
  const realClear = window.clearInterval;
  window.setInterval = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = realSet(fn, ms, ...args);
    if (typeof fn === 'function') live.set(id, { fn: () => (fn as (...a: unknown[]) => void)(...args), ms: ms ?? 0 });
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) live.delete(id);
    realClear(id);
  }) as typeof window.clearInterval;
  return {
    live: (ms) => [...live.values()].filter((t) => t.ms === ms).length,
    fire(ms) {
      for (const t of [...live.values()]) if (t.ms === ms) t.fn();
    },
    restore() {
      window.setInterval = realSet;
      window.clearInterval = realClear;
    },
  };
}

/** What the browser would report for a hidden or shown page (a headless page is always visible). */
export function setVisibility(state: 'hidden' | 'visible' | null): void {
  if (state === null) {
    delete (document as { visibilityState?: unknown }).visibilityState;
    return;
  }
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Requests to an API path that have completed since the last clearRequests() (the page's resource timing). */
export function requestsTo(path: string): number {
  return performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === `/api${path}`).length;
}

export function clearRequests(): void {
  performance.setResourceTimingBufferSize(2000);
  performance.clearResourceTimings();
}
