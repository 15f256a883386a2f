/**
 * Measuring what the design system paints, without depending on installed fonts: sizes of boxes (never of text
 * runs), computed colours and their contrast. Used by the issue 10 tests (app/design*.test.ts).
 */
import type { Mounted } from './app';
import { settleAnimations } from './render';

/** Gives the widget's host element a size in px and waits for layout, the resize observers and their renders. */
export async function resize(m: Mounted, width: number, height = 800): Promise<void> {
  m.host.style.width = `${width}px`;
  m.host.style.height = `${height}px`;
  for (let i = 0; i < 3; i++) await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
  await settleAnimations(m.shadow);
}

export type Rgba = [r: number, g: number, b: number, a: number];

let probe: CanvasRenderingContext2D | null = null;

/** Any computed CSS colour as sRGB 0-255 and alpha 0-1 (rgb()/rgba() exactly; anything else through a canvas). */
export function parseColor(css: string): Rgba {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(css.trim());
  if (m) {
    const a = m[4] === undefined ? 1 : Number(m[4]) / (m[5] ? 100 : 1);
    return [Number(m[1]), Number(m[2]), Number(m[3]), a];
  }
  if (css.trim() === 'transparent') return [0, 0, 0, 0];
  probe ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = '#000';
  probe.fillStyle = css;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!, a! / 255];
}

/** `top` painted over the opaque `under`. */
export const blend = (top: Rgba, under: Rgba): Rgba => {
  const a = top[3];
  return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
};

/** WCAG 2 relative luminance of an opaque colour. */
export function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two opaque colours. */
export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const css = (c: Rgba) => `rgba(${c.slice(0, 3).map((x) => Math.round(x)).join(', ')}, ${+c[3].toFixed(3)})`;

/** The parent in the flat tree as far as painting goes: across the shadow boundary to the host. */
export function parentOf(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/**
 * The opaque colour painted behind `from` and its ancestors' content: the backgrounds from `from` up to the first
 * opaque one (white, the page's canvas, if none is), composited top-down.
 */
export function backdrop(from: Element | null): Rgba {
  const layers: Rgba[] = [];
  for (let el = from; el; el = parentOf(el)) {
    const bg = parseColor(getComputedStyle(el).backgroundColor);
    if (bg[3] > 0) layers.push(bg);
    if (bg[3] >= 1) break;
  }
  let out: Rgba = [255, 255, 255, 1];
  for (const layer of layers.reverse()) out = blend(layer, out);
  return out;
}

/** One layer of a computed box-shadow: Chromium writes the colour first, then x y blur spread, then `inset`. */
export interface Shadow { color: Rgba; x: number; y: number; blur: number; spread: number; inset: boolean; text: string }

export function parseBoxShadow(value: string): Shadow[] {
  if (!value || value === 'none') return [];
  const layers: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of value) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      layers.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  layers.push(cur.trim());
  return layers.map((text) => {
    const inset = /\binset\b/.test(text);
    const rest = text.replace(/\binset\b/, '').trim();
    const colorMatch = /^([a-z-]+\([^)]*\)|#[0-9a-f]+|[a-z]+)\s+/i.exec(rest) ?? /\s+([a-z-]+\([^)]*\)|#[0-9a-f]+|[a-z]+)$/i.exec(rest);
    const color = colorMatch ? parseColor(colorMatch[1]!) : parseColor('currentcolor');
    const lengths = (colorMatch ? rest.replace(colorMatch[0], ' ') : rest).trim().split(/\s+/).map((x) => parseFloat(x) || 0);
    const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
    return { color, x, y, blur, spread, inset, text };
  });
}

/** What a person sees of an element: a label for failure messages. */
export function nameOf(el: Element): string {
  const label = el.getAttribute('aria-label') ?? ((el as HTMLInputElement).placeholder || (el.textContent ?? '').trim() || el.getAttribute('name') || '');
  const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
  const role = el.getAttribute('role');
  return `<${el.tagName.toLowerCase()}${cls}${role ? ` role=${role}` : ''}> "${label.replace(/\s+/g, ' ').slice(0, 40)}"`;
}
