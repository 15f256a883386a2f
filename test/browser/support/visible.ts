/**
 * What a person sees in the widget, not what its DOM holds. An element or a piece of text counts as seen when
 * - `checkVisibility()` says it is rendered (no `display: none`, `visibility: hidden`, `content-visibility`,
 *   zero opacity up its tree),
 * - some of its box is left once every scrolling or clipping ancestor and the app's column have cut it, and
 * - the topmost element at the middle of what is left is itself or part of it (nothing lies over it: not a sheet's
 *   overlay, not a sticky header), so a panel hidden under another, a row scrolled out of its list or a screen
 *   under a floating sheet is not seen.
 * Screen tests read lists, tabs, sheets and forms through these helpers.
 */
import type { Mounted } from './app';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const intersect = (a: Box, b: Box): Box | null => {
  const box = {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
  return box.right - box.left >= 1 && box.bottom - box.top >= 1 ? box : null;
};

/** The app's column: the phone-width box the widget draws in (its host, where the column is as wide as it). */
export function columnBox(m: Mounted): Box {
  const column = m.shadow.querySelector('.ma-app') ?? m.shadow.querySelector('.ma-root') ?? m.host;
  const host = m.host.getBoundingClientRect();
  return intersect(column.getBoundingClientRect(), host) ?? { left: 0, top: 0, right: 0, bottom: 0 };
}

/** The part of `box` that the element's (or text's) clipping ancestors (scrollers, `overflow: hidden`) leave. */
function clipByAncestors(el: Node, box: Box): Box | null {
  let clipped: Box | null = box;
  for (let a = parentAcross(el); a && clipped; a = parentAcross(a)) {
    if (!(a instanceof HTMLElement)) continue;
    const { overflowX, overflowY } = getComputedStyle(a);
    if (overflowX === 'visible' && overflowY === 'visible') continue;
    clipped = intersect(clipped, a.getBoundingClientRect());
  }
  return clipped;
}

/** The parent, stepping from a shadow root to its host and from a portalled layer to its tree. */
const parentAcross = (el: Node): Element | null =>
  el.parentElement ?? (el.parentNode as ShadowRoot | null)?.host ?? null;

/** Nothing lies over `el` at the middle of `box`: the topmost element there is `el`, inside it, or (where `el`
 * lets clicks through) one of its ancestors. A point outside the browser's viewport cannot be checked and counts. */
function onTop(m: Mounted, el: Element, box: Box): boolean {
  const x = (box.left + box.right) / 2;
  const y = (box.top + box.bottom) / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
  const hit = m.shadow.elementFromPoint(x, y);
  if (!hit) return false;
  return hit === el || el.contains(hit) || hit.contains(el);
}

const rendered = (el: Element) =>
  el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });

/** True when a person sees some of `el` in the widget's column. */
export function isSeen(m: Mounted, el: Element): boolean {
  if (!el.isConnected || !rendered(el)) return false;
  const column = columnBox(m);
  for (const r of Array.from(el.getClientRects())) {
    const inColumn = intersect(r, column);
    const box = inColumn && clipByAncestors(el, inColumn);
    if (box && onTop(m, el, box)) return true;
  }
  return false;
}

/** The elements matching `selector` (in the widget, overlays included) that a person sees, in document order. */
export function seenElements<E extends HTMLElement = HTMLElement>(m: Mounted, selector: string): E[] {
  return Array.from(m.shadow.querySelectorAll<E>(selector)).filter((el) => isSeen(m, el));
}

/** Each text node under `within` that is rendered and holds more than white space: its text, its element, its line boxes. */
function* drawnTexts(within: ParentNode): Generator<{ node: Text; text: string; parent: Element; rects: DOMRect[] }> {
  const walker = document.createTreeWalker(within, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent?.trim();
    const parent = n.parentElement;
    if (!text || !parent || parent.closest('style, script, template') || !rendered(parent)) continue;
    range.selectNodeContents(n);
    yield { node: n as Text, text: text.replace(/\s+/g, ' '), parent, rects: Array.from(range.getClientRects()) };
  }
}

/** The text a person sees in the widget, piece by piece in document order (each text node that is seen). */
export function seenTexts(m: Mounted, within: ParentNode = m.shadow): string[] {
  const out: string[] = [];
  const column = columnBox(m);
  for (const { text, parent, rects } of drawnTexts(within)) {
    const seen = rects.some((r) => {
      const inColumn = intersect(r, column);
      const box = inColumn && clipByAncestors(parent, inColumn);
      return !!box && onTop(m, parent, box);
    });
    if (seen) out.push(text);
  }
  return out;
}

/** All the text a person sees in the widget, joined by spaces. */
export const seenText = (m: Mounted, within?: ParentNode) => seenTexts(m, within).join(' ');

/** The sheets, dialogs and pickers a person sees over the screen (their layers), topmost last. */
export const seenLayers = (m: Mounted) =>
  seenElements(m, '.ma-popup-layer > [role="dialog"], .ma-popup-layer > [role="alertdialog"]');

/**
 * The text a person sees only in part, piece by piece: a text node some of whose line boxes run past a clipping
 * ancestor (an ellipsis, `overflow: hidden`, a scroller that hides the rest) or past the app's column. An ellipsis
 * is painted over the end of the line, but the line's boxes still hold the whole text, so the cut shows here.
 */
export function cutTexts(m: Mounted, within: ParentNode = m.shadow): string[] {
  const out: string[] = [];
  const column = columnBox(m);
  for (const { node, text, parent, rects } of drawnTexts(within)) {
    const left = rects
      .filter((r) => r.width > 0 && r.height > 0)
      .map((r) => {
        const inColumn = intersect(r, column);
        // From the text itself: its own element's `overflow: hidden` (an ellipsis) cuts it too.
        return { r, box: inColumn && clipByAncestors(node, inColumn) };
      });
    // Only what is seen at all: a piece wholly scrolled away or under a layer is not "cut", it is not there.
    if (!left.some(({ box }) => box && onTop(m, parent, box))) continue;
    // Across, any pixel counts; up and down, a quarter of the line: a font's ascent and descent (Thai's marks) may
    // reach past a line box that shows every glyph whole.
    const cut = left.some(
      ({ r, box }) =>
        !box ||
        box.left > r.left + 0.5 ||
        box.right < r.right - 0.5 ||
        box.top > r.top + r.height / 4 ||
        box.bottom < r.bottom - r.height / 4,
    );
    if (cut) out.push(text);
  }
  return out;
}
