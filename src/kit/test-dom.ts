/** Test support for the kit's view and prompt tests, imported by them only: reading what rendered UI holds. */
import type { Rendered } from '../../test/browser/support/render';

/** An element as text for assertions (a failing expect must never be handed a DOM node to serialize). */
export const html = (el: Element | null | undefined) => (el ? el.outerHTML.slice(0, 200) : null);

/** All the text the rendered UI holds. */
export const textOf = (r: Rendered) => r.root.textContent ?? '';

/** The button whose text is `name`, or null. */
export const buttonNamed = (r: Rendered, name: string, within: ParentNode = r.shadow) =>
  Array.from(within.querySelectorAll('button')).find((b) => (b.textContent ?? '').trim() === name) ?? null;
