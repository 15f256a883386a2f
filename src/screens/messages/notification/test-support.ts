/** Test support for the notification screen's tests, imported by them only: its route, queries, messages, paging. */
import { expect } from 'chai';
import type { NotificationPage } from '../../../api/shapes/messages';
import { $, $$, mountApp, waitFor, waitRoute, type Mounted } from '../../../../test/browser/support/app';
import { scrollToEnd } from '../../../../test/browser/support/render';
import { apiCall } from '../../shared/coupon/test-support';

export const ROUTE = '/notification';

export const panel = (m: Mounted) => $(m, '[role="tabpanel"]:not([hidden])')!;
export const items = (m: Mounted) => Array.from(panel(m).querySelectorAll<HTMLElement>('article.ma-inbox__item'));
export const titleOf = (a: HTMLElement) => a.querySelector('.ma-inbox__title')!.textContent;
export const isUnread = (a: HTMLElement) =>
  !!a.querySelector('.ma-inbox__open--unread') && !!a.querySelector('.ma-inbox__dot');
export const byTitle = (m: Mounted, title: string) => items(m).find((a) => titleOf(a) === title);
/** A label as read (soft hyphens are where a long word may break, not text). */
export const read = (el: Element) => (el.textContent ?? '').replace(/\u00ad/g, '');
export const tab = (m: Mounted, name: string) => $$(m, '[role="tab"]').find((t) => read(t) === name)!;
export const filter = (m: Mounted, name: string) =>
  Array.from(panel(m).querySelectorAll<HTMLButtonElement>('.ma-inbox__filter')).find((b) => b.textContent === name)!;
export const markAll = (m: Mounted) => panel(m).querySelector<HTMLButtonElement>('.ma-inbox__mark-all')!;
export const sheet = (m: Mounted) => $(m, '[role="dialog"]');
export const unreadEvents = (m: Mounted) =>
  m.events.filter((e) => e.type === 'unread').map((e) => (e.payload as { count: number }).count);

type Made = { ids: number[]; unread_total: number };
export async function addMessages(
  username: string,
  list: { category: string; title: string; content?: string; read?: boolean; minutes_ago?: number }[],
): Promise<Made> {
  const r = await fetch('/api/__test__/notifications', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, items: list }),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`test api notifications: ${JSON.stringify(j)}`);
  return j.data;
}
export const inbox = async (token: string, body: object = {}) =>
  (await apiCall<NotificationPage>(token, '/user/notifications', { page_size: 50, ...body })).data;
export const titles = (p: NotificationPage) => p.list.map((n) => n.title.en ?? Object.values(n.title)[0]);

export async function open(token: string, o: { language?: string } = {}): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: ROUTE, ...o });
  await waitRoute(m, ROUTE);
  await waitFor(() => items(m).length > 0, 'first page');
  return m;
}

/** Scrolls the shown list to its end a page at a time until `total` messages are on screen. */
export async function loadAll(m: Mounted, total: number) {
  const feed = () => panel(m).querySelector('.ma-list__feed');
  while (items(m).length < total) {
    const shown = items(m).length;
    await waitFor(() => feed()?.getAttribute('aria-busy') === 'false', `the page up to ${shown} settled`);
    await scrollToEnd(panel(m).querySelector<HTMLElement>('.ma-pull-refresh')!);
    await waitFor(() => items(m).length > shown, `more than ${shown} of ${total}`);
  }
  expect(items(m)).to.have.length(total);
}
