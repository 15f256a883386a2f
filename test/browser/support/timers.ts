/**
 * Fake-ish timers for refresh tests: while installed, every setInterval is recorded (and still runs for real), so a
 * test can fire a 30 s refresh now instead of waiting, and can see which intervals are still alive (a screen that
 * was left or a widget that was unmounted must have cleared its own).
 */
export interface CapturedIntervals {
  /** Intervals of this period that are still set. */
  live: (ms: number) => number;
  /** Runs the callbacks of every live interval of this period once, now. */
  fire: (ms: number) => void;
  restore: () => void;
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

/**
 * Captured timeouts: while installed, every setTimeout with a function is recorded (and still runs for real, unless
 * fired first, or its delay is one of `hold`: those run only when fired), so a test can run a toast's 2 s timer now
 * instead of sleeping through it, and can see which delays are pending. Only timeouts set after installing are seen
 * (the test runner's own are never touched).
 */
export interface CapturedTimeouts {
  /** Timeouts of this delay (of any, without one) that are set and have neither run nor been cleared. */
  pending: (ms?: number) => number;
  /** Runs every pending timeout of this delay (of any, without one) once, now, and cancels its real one. */
  fire: (ms?: number) => void;
  restore: () => void;
}

export function captureTimeouts(opts: { hold?: number[] } = {}): CapturedTimeouts {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  const realSet = window.setTimeout;
  const realClear = window.clearTimeout;
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    if (typeof fn !== 'function') return realSet(fn, ms, ...args);
    const run = () => {
      pending.delete(id);
      (fn as (...a: unknown[]) => void)(...args);
    };
    // A held delay never runs by itself: only fire() runs it (a real timer is still made, for its id, and cleared).
    const held = opts.hold?.includes(ms ?? 0);
    const id = held ? realSet(() => undefined, 2 ** 31 - 1) : realSet(run, ms);
    pending.set(id, { fn: run, ms: ms ?? 0 });
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) pending.delete(id);
    realClear(id);
  }) as typeof window.clearTimeout;
  return {
    pending: (ms) => [...pending.values()].filter((t) => ms === undefined || t.ms === ms).length,
    fire(ms) {
      for (const [id, t] of [...pending]) {
        if (ms !== undefined && t.ms !== ms) continue;
        realClear(id);
        t.fn();
      }
    },
    restore() {
      window.setTimeout = realSet;
      window.clearTimeout = realClear;
    },
  };
}

/**
 * A clock the test moves on: Date.now() is the real time plus whatever advance() has added, so code that measures
 * a span with it (a drag held still for 300 ms) sees the span at once, without the test sleeping through it.
 */
export function shiftableNow(): { advance: (ms: number) => void; restore: () => void } {
  const real = Date.now;
  let offset = 0;
  Date.now = () => real.call(Date) + offset;
  return {
    advance(ms) {
      offset += ms;
    },
    restore() {
      Date.now = real;
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
