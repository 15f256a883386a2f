// The stylesheets of the UI primitives and the screen kit, injected once into each mount's shadow root. Each
// registers its own when its module is part of the bundle, so a primitive no screen uses (yet) costs the script tag
// nothing. The cascade keeps one fixed order, whatever order the modules happen to load in: by layer, then by name.
import tokens from './styles/tokens.css';

/** The cascade's layers, in order: the tokens, the palette of what loads on demand, the primitives, the screen kit. */
const LAYERS = ['tokens', 'palette', 'ui', 'kit'] as const;
export type StyleLayer = (typeof LAYERS)[number];

const sheets = new Map<string, string>([['tokens/', tokens]]);
const listeners = new Set<() => void>();
const order = (key: string) => LAYERS.indexOf(key.slice(0, key.indexOf('/')) as StyleLayer);

/** Called once by each module with a stylesheet: its CSS, its layer and its name there (its folder's). */
export function addStyles(css: string, layer: StyleLayer, name = ''): void {
  const key = `${layer}/${name}`;
  if (sheets.get(key) === css) return;
  sheets.set(key, css);
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

/** Every registered stylesheet, in the cascade's order. */
export const uiCss = (): string =>
  [...sheets.entries()]
    .sort(([a], [b]) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([, css]) => css)
    .join('\n');
