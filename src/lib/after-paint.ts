/**
 * Runs `fn` once the next frame has painted (a frame, then a task), or after `fallbackMs` if no frame comes (a
 * hidden page has none). Returns the cancel.
 */
export function afterPaint(win: Window, fn: () => void, fallbackMs = 500): () => void {
  let timer = 0;
  const frame = win.requestAnimationFrame(() => (timer = win.setTimeout(run, 0)));
  const fallback = win.setTimeout(run, fallbackMs);
  const cancel = () => {
    win.cancelAnimationFrame(frame);
    win.clearTimeout(timer);
    win.clearTimeout(fallback);
  };
  function run() {
    cancel();
    fn();
  }
  return cancel;
}

/** Resolves in a task of its own, after whatever the current one still does (input, a frame) has had its turn. */
export const nextTask = (win: Window): Promise<void> => new Promise((ok) => win.setTimeout(ok, 0));
