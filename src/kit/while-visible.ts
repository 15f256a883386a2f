import type { ReadonlySignal } from '@preact/signals-react';

/**
 * Runs `tick` every `ms` while the document is visible: a hidden tab (or a host app in the background) asks
 * nothing, and coming back runs it at once, then on the interval again. While `resting` is true (change notices are
 * live: kit/changes.ts) the ticks are skipped. Returns the stop. Without `ms`, nothing.
 * Shared by a resource's refresh and a paged source's polling, so both pause the same way.
 */
export function whileVisible(
  doc: Document,
  ms: number | undefined,
  tick: () => void,
  resting?: ReadonlySignal<boolean>,
): () => void {
  if (!ms) return () => undefined;
  const timed = resting ? () => (resting.peek() ? undefined : tick()) : tick;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const start = () => {
    stop();
    if (doc.visibilityState !== 'hidden') timer = setInterval(timed, ms);
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') return stop();
    timed();
    start();
  };
  start();
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    stop();
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
