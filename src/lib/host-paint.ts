import { afterPaint } from './after-paint';

/**
 * The host page's own first paint, which a guest's work must not hold up: a request or a long task started before
 * it competes with the page's own content for the network and the main thread (and Lighthouse counts it in the
 * page's LCP). Runs `fn` once the page has painted contentful content (the `first-contentful-paint` entry), or once
 * it has loaded and two frames have passed (a page with no content of its own paints none: the widget's would be
 * its first). At once when the page has painted already. Returns the cancel.
 */
export function afterHostPaint(win: Window, fn: () => void): () => void {
  if (hasPainted(win)) {
    fn();
    return () => undefined;
  }
  const cleanups: (() => void)[] = [];
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    fn();
  };
  const cancel = () => {
    for (const clean of cleanups.splice(0)) clean();
  };

  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    const observer = new Observer((list) => {
      if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) run();
    });
    observer.observe({ type: 'paint', buffered: true });
    cleanups.push(() => observer.disconnect());
  }
  const afterTwoFrames = () => {
    let frame = win.requestAnimationFrame(() => (frame = win.requestAnimationFrame(run)));
    cleanups.push(() => win.cancelAnimationFrame(frame));
  };
  if (win.document.readyState === 'complete') afterTwoFrames();
  else {
    win.addEventListener('load', afterTwoFrames, { once: true });
    cleanups.push(() => win.removeEventListener('load', afterTwoFrames));
  }
  return () => {
    done = true;
    cancel();
  };
}

function hasPainted(win: Window): boolean {
  try {
    return win.performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint');
  } catch {
    return false;
  }
}

/** Runs `fn` when the browser is next idle (within `timeoutMs`), or once the next frame has painted where idle
 * callbacks do not exist (Safari). Returns the cancel. */
export function whenIdle(win: Window, fn: () => void, timeoutMs = 3000): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback(() => fn(), { timeout: timeoutMs });
    return () => win.cancelIdleCallback(id);
  }
  return afterPaint(win, fn);
}
