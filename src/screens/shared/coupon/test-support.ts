import { timeZoneHeader } from '../../../lib/timezone';

/**
 * Test support for the screens that show coupons (level, activities, coupons), imported by their tests only: what in a screen is pushed out of
 * the app's column or cut inside its own box. Boxes only, so the check holds whatever fonts the machine has: a
 * label that fits must not overflow either.
 */
export function overflowing(root: ParentNode, within: Element): string[] {
  const edge = within.getBoundingClientRect();
  const out: string[] = [];
  // A strip that scrolls sideways only (a tab strip): what it holds past the edge is a swipe away, not cut.
  const inStrip = (el: Element) => {
    for (let a = el.parentElement; a && a !== within; a = a.parentElement) {
      const s = getComputedStyle(a);
      if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && s.overflowY === 'hidden') return true;
    }
    return false;
  };
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
    if (
      el.closest('.ma-sr-only, .ma-pull-refresh__a11y, .ma-skeleton, [aria-hidden="true"]') ||
      !el.getClientRects().length ||
      inStrip(el)
    )
      continue;
    const r = el.getBoundingClientRect();
    const name = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`;
    if (r.right > edge.right + 0.5 || r.left < edge.left - 0.5)
      out.push(`${name} outside the column (${r.left.toFixed(1)}–${r.right.toFixed(1)})`);
    const s = getComputedStyle(el);
    if (
      s.overflowX !== 'visible' &&
      s.overflowX !== 'auto' &&
      s.overflowX !== 'scroll' &&
      el.scrollWidth > el.clientWidth + 1
    ) {
      out.push(`${name} cut (${el.clientWidth} < ${el.scrollWidth})`);
    }
  }
  return out;
}

/** A call to the reference API as the browser makes it, with the merchant's token (X-CT) and zone (X-TZ). */
export async function apiCall<T = unknown>(
  token: string,
  path: string,
  body?: unknown,
): Promise<{ code: number; msg: string; data: T }> {
  const r = await fetch(`/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CT': token, 'X-TZ': timeZoneHeader() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return r.json();
}

/** What the toast says now (the widget's toast region; a pull-to-refresh has a status region of its own). */
export const toastNow = (shadow: ShadowRoot) => shadow.querySelector('.ma-toast-region')?.textContent ?? '';
