/**
 * When a mounted widget starts its work: the `loading` option. Whatever the option, the host page paints its own
 * content first (lib/host-paint.ts); then
 * - `eager`: right away (in a task of its own);
 * - `visible`: once the element comes within a screen's height of the viewport (a widget further down the page costs
 *   the page nothing until the reader scrolls towards it);
 * - `idle`: once the page has loaded and the browser is idle (within a few seconds even on a busy page).
 */
import { afterHostPaint, whenIdle } from '../lib/host-paint';
import type { Loading } from './types';

export const LOADING_MODES: readonly Loading[] = ['eager', 'visible', 'idle'];

/** An attribute's or an option's value as a mode: anything else is `eager`, as HTML reads its own `loading`. */
export const loadingMode = (value: unknown): Loading =>
  LOADING_MODES.includes(value as Loading) ? (value as Loading) : 'eager';

/** How long `idle` waits for an idle moment on a page that never has one. */
const IDLE_TIMEOUT_MS = 3000;

/** Calls `start` once, when `loading` says; returns the cancel. */
export function startGate(element: HTMLElement, loading: Loading, start: () => void): () => void {
  const win = element.ownerDocument.defaultView ?? window;
  let cancelStep: () => void = () => undefined;
  let cancelled = false;
  const step = (next: () => () => void) => {
    if (!cancelled) cancelStep = next();
  };

  const whenNear = () => {
    if (typeof win.IntersectionObserver !== 'function') {
      start();
      return () => undefined;
    }
    const observer = new win.IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  };

  const whenLoadedAndIdle = () => {
    if (win.document.readyState === 'complete') return whenIdle(win, start, IDLE_TIMEOUT_MS);
    const afterLoad = () => step(() => whenIdle(win, start, IDLE_TIMEOUT_MS));
    win.addEventListener('load', afterLoad, { once: true });
    return () => win.removeEventListener('load', afterLoad);
  };

  // Eager: in a task of its own, so the task that mounted (the host's script, the element's upgrade) is not
  // lengthened by the app's set-up as well.
  const soon = () => {
    const timer = win.setTimeout(start, 0);
    return () => win.clearTimeout(timer);
  };
  const cancelPaint = afterHostPaint(win, () =>
    step(loading === 'visible' ? whenNear : loading === 'idle' ? whenLoadedAndIdle : soon),
  );
  return () => {
    cancelled = true;
    cancelPaint();
    cancelStep();
  };
}
