/**
 * The widget's one stylesheet: the UI primitives' CSS, then the shell's, then each route group's as its file loads.
 * The whole sheet is rebuilt on each addition, so a primitive's CSS always ranks before the shell's.
 */
import { onStylesAdded, uiCss } from '../ui/styles';
import type { HostDom } from './dom';

/** The sheet before any route group has loaded. */
export const baseCss = (shellCss: string): string => uiCss() + shellCss;

/** Returns addStyles: a route group's CSS, once per key. Stops listening when the widget's life ends. */
export function createStyles(dom: HostDom, shellCss: string, life: AbortSignal, cleanups: (() => void)[]) {
  const groupCss = new Map<string, string>();
  const restyle = () => dom.setCss(baseCss(shellCss) + [...groupCss.values()].join(''));
  // A file registers its primitives one by one as it runs (src/ui/styles.ts): one rebuild for all of them, before
  // anything renders.
  let restyling = false;
  cleanups.push(
    onStylesAdded(() => {
      if (restyling) return;
      restyling = true;
      queueMicrotask(() => {
        restyling = false;
        if (!life.aborted) restyle();
      });
    }),
  );
  return (key: string, css: string) => {
    if (groupCss.has(key)) return;
    groupCss.set(key, css);
    restyle();
  };
}
