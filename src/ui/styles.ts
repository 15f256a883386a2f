// The stylesheets of the UI primitives, injected once into each mount's shadow root. Each primitive registers
// its own when its module is part of the bundle, so a primitive no screen uses (yet) costs the script tag
// nothing, neither its code nor its CSS. The rank keeps the cascade in one fixed order, whatever order the
// modules happen to load in.
import tokens from './styles/tokens.css';

const sheets = new Map<number, string>([[0, tokens]]);
const listeners = new Set<() => void>();

/** Called once by each primitive's module: its CSS and its place in the cascade (tokens are 0). */
export function addStyles(css: string, rank: number): void {
  if (sheets.get(rank) === css) return;
  sheets.set(rank, css);
  for (const fn of listeners) fn();
}

/**
 * Called when a primitive's stylesheet arrives after a widget mounted (a file loaded on demand brought it, such as
 * the popup with the dialogs' file), so each widget puts it into its <style>. Returns the unsubscribe.
 */
export function onStylesAdded(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Every registered stylesheet, in rank order. */
export const uiCss = (): string =>
  [...sheets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, css]) => css)
    .join('\n');
