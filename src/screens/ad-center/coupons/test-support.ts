/** Test support for the coupons screen's tests, imported by them only: opening it, its tabs, cards and lists. */
import { expect } from 'chai';
import { COUPON_USE, type Coupon, type CouponPage } from '../../../api/shapes/coupon';
import { $, $$, mountApp, waitFor, waitRoute, type Mounted } from '../../../../test/browser/support/app';
import { scrollToEnd } from '../../../../test/browser/support/render';
import { apiCall } from '../../shared/coupon/test-support';

export const ROUTE = '/ad-center/coupons';

export const panel = (m: Mounted) => $(m, '[role="tabpanel"]:not([hidden])')!;
export const cards = (m: Mounted) => Array.from(panel(m).querySelectorAll<HTMLElement>('article.ma-coupon'));
export const nameOf = (c: HTMLElement) => c.querySelector('.ma-coupon__name')!.textContent;
/** A tab by its state's word, whatever count follows it ("Unused (14)"). */
export const tab = (m: Mounted, name: string) =>
  $$(m, '[role="tab"]').find((t) => t.textContent === name || t.textContent.startsWith(`${name} (`))!;
export const redeemButton = (c: HTMLElement) =>
  Array.from(c.querySelectorAll('button')).find((b) => b.textContent === 'Redeem');
export const isWallet = (c: Coupon) => COUPON_USE[c.kind] === 'wallet';

export async function open(token: string, language?: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: ROUTE, ...(language ? { language } : {}) });
  await waitRoute(m, ROUTE);
  await waitFor(() => cards(m).length > 0, 'first page');
  return m;
}

export async function list(token: string, state: string, page = 1, size = 50) {
  return (await apiCall<CouponPage>(token, `/user_coupon/list?state=${state}&page=${page}&page_size=${size}`)).data;
}

/**
 * Scrolls the shown tab's list to its end, a page at a time, until the server's total is on screen: each round
 * waits for the page in flight to land, then brings the end into view so the list's observer sees it (scrollToEnd
 * says why scrolling to the end over and over could leave the list waiting for ever), then waits for the next page.
 */
export async function loadAll(m: Mounted, total: number) {
  const feed = () => panel(m).querySelector('.ma-list__feed');
  while (cards(m).length < total) {
    const shown = cards(m).length;
    await waitFor(() => feed()?.getAttribute('aria-busy') === 'false', `the page up to ${shown} coupons settled`);
    await scrollToEnd(panel(m).querySelector<HTMLElement>('.ma-pull-refresh')!);
    await waitFor(() => cards(m).length > shown, `more than ${shown} of ${total} coupons`);
  }
  expect(cards(m), 'no more than the server holds').to.have.length(total);
}

export const en = (n: number | string, o?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat('en-US', o).format(n as number);
export const money = (s: string) => en(s, { style: 'currency', currency: 'USD' });
