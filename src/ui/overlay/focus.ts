// Focus helpers that work inside a shadow root, where document.activeElement is only the shadow host.

/** The element that really has focus, descending through shadow roots from `root`. */
export function deepActiveElement(root: Document | ShadowRoot = document): HTMLElement | null {
  let active = root.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

/** The document or shadow root `el` lives in. */
export const rootOf = (el: Node): Document | ShadowRoot => el.getRootNode() as Document | ShadowRoot;

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** Elements inside `container` reachable with Tab, in DOM order (enough for our popups: no positive tabindex). */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab and Shift+Tab inside `container` (the APG modal dialog pattern). Call from its keydown handler;
 * returns true when it handled the key.
 */
export function trapTab(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  container: HTMLElement,
): boolean {
  if (e.key !== 'Tab') return false;
  const items = tabbables(container);
  const active = deepActiveElement(rootOf(container));
  e.preventDefault();
  if (!items.length) {
    container.focus({ preventScroll: true });
    return true;
  }
  const i = active ? items.indexOf(active) : -1;
  const next = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : i === -1 || i === items.length - 1 ? 0 : i + 1;
  items[next].focus({ preventScroll: true });
  return true;
}

/** Users who asked for less motion get none. */
export const prefersReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
