/**
 * Measuring what the design system paints, without depending on installed fonts: sizes of boxes (never of text
 * runs), computed colours and their contrast. Used by the design tests (app/design*.test.ts).
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
  return [r, g, b, a / 255];
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

export const css = (c: Rgba) =>
  `rgba(${c
    .slice(0, 3)
    .map((x) => Math.round(x))
    .join(', ')}, ${+c[3].toFixed(3)})`;

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
export interface Shadow {
  color: Rgba;
  x: number;
  y: number;
  blur: number;
  spread: number;
  inset: boolean;
  text: string;
}

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
    const colorMatch =
      /^([a-z-]+\([^)]*\)|#[0-9a-f]+|[a-z]+)\s+/i.exec(rest) ?? /\s+([a-z-]+\([^)]*\)|#[0-9a-f]+|[a-z]+)$/i.exec(rest);
    const color = colorMatch ? parseColor(colorMatch[1]) : parseColor('currentcolor');
    const lengths = (colorMatch ? rest.replace(colorMatch[0], ' ') : rest)
      .trim()
      .split(/\s+/)
      .map((x) => parseFloat(x) || 0);
    const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
    return { color, x, y, blur, spread, inset, text };
  });
}

/** What a person sees of an element: a label for failure messages. */
export function nameOf(el: Element): string {
  const label =
    el.getAttribute('aria-label') ??
    ((el as HTMLInputElement).placeholder || (el.textContent ?? '').trim() || el.getAttribute('name') || '');
  const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
  const role = el.getAttribute('role');
  return `<${el.tagName.toLowerCase()}${cls}${role ? ` role=${role}` : ''}> "${label.replace(/\s+/g, ' ').slice(0, 40)}"`;
}

/** Characters after which a line may break inside a word and still show that it did: a soft hyphen, a hyphen. */
const HYPHENS = new Set(['\u00ad', '-', '\u2010', '\u2012', '\u2013', '\u2014']);

/**
 * One character's box: its last rect. A soft hyphen not at a line end has an empty one; after a soft hyphen that
 * ended a line, Chromium gives the next character two, the drawn hyphen's at the end of the line and its own.
 */
function charBox(node: Text, i: number, range: Range): DOMRect | null {
  range.setStart(node, i);
  range.setEnd(node, i + 1);
  const rects = Array.from(range.getClientRects()).filter((r) => r.height > 0);
  return rects.at(-1) ?? null;
}

/** The text nodes under `root`, in document order (not into <style>). */
function textNodes(root: ParentNode): Text[] {
  const texts: Text[] = [];
  const walk = (n: Node) => {
    for (const c of Array.from(n.childNodes)) {
      if (c.nodeType === Node.TEXT_NODE) texts.push(c as Text);
      else if (c.nodeType === Node.ELEMENT_NODE && !['STYLE', 'SCRIPT', 'TEMPLATE'].includes(c.nodeName)) walk(c);
    }
  };
  walk(root);
  return texts;
}

/** Whether the text node is drawn: an element box, not display:none, not visibility:hidden. */
function drawn(node: Text): boolean {
  const el = node.parentElement;
  if (!el || !el.getClientRects().length) return false;
  return getComputedStyle(el).visibility !== 'hidden';
}

/**
 * Every word of the visible text under `root` that the browser broke across two lines without a hyphen:
 * "Werbeeinnahme|n" as the line boxes show it. Words are `Intl.Segmenter`'s for `lang` (so Thai words
 * are dictionary words, as the line breaker sees them); each character's box comes from a Range, and a character
 * that starts lower than the one before it starts a new line. A break is fine right after a soft hyphen (U+00AD,
 * which the browser then draws as a hyphen) or a hyphen. Languages that break between any two characters (Chinese,
 * Japanese) are not for this check.
 */
export function brokenWords(root: ParentNode, lang: string): string[] {
  const found: string[] = [];
  const segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
  const range = document.createRange();
  for (const node of textNodes(root)) {
    const s = node.data;
    if (!/\S{2}/.test(s) || !drawn(node)) continue;
    for (const seg of segmenter.segment(s)) {
      if (!seg.isWordLike || seg.segment.length < 2) continue;
      let prev: { i: number; box: DOMRect } | null = null;
      for (let i = seg.index; i < seg.index + seg.segment.length; i++) {
        const box = charBox(node, i, range);
        if (!box || box.width === 0) continue;
        if (prev && box.top >= prev.box.top + prev.box.height / 2) {
          const between = s.slice(prev.i, i);
          if (![...between].some((ch) => HYPHENS.has(ch))) {
            const at = i - seg.index;
            const word = seg.segment.replace(/\u00ad/g, '');
            const shown = `${seg.segment.slice(0, at)}|${seg.segment.slice(at)}`.replace(/\u00ad/g, '·');
            found.push(`"${shown}" (${word}) in ${nameOf(node.parentElement!)}`);
          }
        }
        prev = { i, box };
      }
    }
  }
  range.detach();
  return found;
}

/** The box a text node's lines are laid out in: its nearest ancestor that is not inline. */
function lineBox(el: Element): Element {
  for (let e: Element | null = el; e; e = parentOf(e)) if (!getComputedStyle(e).display.startsWith('inline')) return e;
  return el;
}

/**
 * Every word of the visible, wrapping text under `root` that sticks out of the box it is laid out in, or out of any
 * box around that up to the nearest one that clips or scrolls (a label wider than its tile): the other way to keep
 * a word whole, not breaking it at all. Text kept on one line on purpose (`white-space: nowrap`, an ellipsis) is
 * left out.
 */
export function overflowingWords(root: ParentNode, lang: string): string[] {
  const found: string[] = [];
  const segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
  const range = document.createRange();
  for (const node of textNodes(root)) {
    const s = node.data;
    if (!/\S{2}/.test(s) || !drawn(node)) continue;
    const box = lineBox(node.parentElement!);
    const style = getComputedStyle(box);
    if (/nowrap|pre$/.test(style.whiteSpace) || /nowrap/.test(getComputedStyle(node.parentElement!).whiteSpace))
      continue;
    const boxes: Element[] = [];
    for (let e: Element | null = box; e && getComputedStyle(e).overflowX === 'visible'; e = parentOf(e)) boxes.push(e);
    if (!boxes.length) boxes.push(box);
    for (const seg of segmenter.segment(s)) {
      if (!seg.isWordLike) continue;
      range.setStart(node, seg.index);
      range.setEnd(node, seg.index + seg.segment.length);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      const out = boxes.find((e) => {
        const b = e.getBoundingClientRect();
        return rects.some((r) => r.right > b.right + 0.5 || r.left < b.left - 0.5);
      });
      if (out) {
        const b = out.getBoundingClientRect();
        found.push(
          `"${seg.segment.replace(/\u00ad/g, '·')}" sticks out of ${nameOf(out)} (${b.left.toFixed(0)}–${b.right.toFixed(0)})`,
        );
      }
    }
  }
  range.detach();
  return found;
}
