import { expect } from 'chai';
import type { NotificationPage } from '../../../api/shapes/messages';
import {
  $,
  $$,
  apiAnswered,
  apiFault,
  freshMerchant,
  mountApp,
  text,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../../test/browser/support/app';
import { brokenWords, resize } from '../../../../test/browser/support/design';
import { expectAxeClean, scrollToEnd } from '../../../../test/browser/support/render';
import { seenElements } from '../../../../test/browser/support/visible';
import { apiCall, toastNow } from '../../shared/coupon/test-support';
import { NOTIFICATION_PAGE_SIZE } from './model';

const ROUTE = '/notification';

const panel = (m: Mounted) => $(m, '[role="tabpanel"]:not([hidden])')!;
const items = (m: Mounted) => Array.from(panel(m).querySelectorAll<HTMLElement>('article.ma-inbox__item'));
const titleOf = (a: HTMLElement) => a.querySelector('.ma-inbox__title')!.textContent;
const isUnread = (a: HTMLElement) =>
  !!a.querySelector('.ma-inbox__open--unread') && !!a.querySelector('.ma-inbox__dot');
const byTitle = (m: Mounted, title: string) => items(m).find((a) => titleOf(a) === title);
/** A label as read (soft hyphens are where a long word may break, not text). */
const read = (el: Element) => (el.textContent ?? '').replace(/\u00ad/g, '');
const tab = (m: Mounted, name: string) => $$(m, '[role="tab"]').find((t) => read(t) === name)!;
const filter = (m: Mounted, name: string) =>
  Array.from(panel(m).querySelectorAll<HTMLButtonElement>('.ma-inbox__filter')).find((b) => b.textContent === name)!;
const markAll = (m: Mounted) => panel(m).querySelector<HTMLButtonElement>('.ma-inbox__mark-all')!;
const sheet = (m: Mounted) => $(m, '[role="dialog"]');
const unreadEvents = (m: Mounted) =>
  m.events.filter((e) => e.type === 'unread').map((e) => (e.payload as { count: number }).count);

type Made = { ids: number[]; unread_total: number };
async function addMessages(
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
const inbox = async (token: string, body: object = {}) =>
  (await apiCall<NotificationPage>(token, '/user/notifications', { page_size: 50, ...body })).data;
const titles = (p: NotificationPage) => p.list.map((n) => n.title.en ?? Object.values(n.title)[0]);

async function open(token: string, o: { language?: string } = {}): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: ROUTE, ...o });
  await waitRoute(m, ROUTE);
  await waitFor(() => items(m).length > 0, 'first page');
  return m;
}

/** Scrolls the shown list to its end a page at a time until `total` messages are on screen. */
async function loadAll(m: Mounted, total: number) {
  const feed = () => panel(m).querySelector('.ma-list__feed');
  while (items(m).length < total) {
    const shown = items(m).length;
    await waitFor(() => feed()?.getAttribute('aria-busy') === 'false', `the page up to ${shown} settled`);
    await scrollToEnd(panel(m).querySelector<HTMLElement>('.ma-pull-refresh')!);
    await waitFor(() => items(m).length > shown, `more than ${shown} of ${total}`);
  }
  expect(items(m)).to.have.length(total);
}

describe('notifications', () => {
  afterEach(unmountAll);

  it("four ARIA tabs and a read filter; every list is the server's, newest first, paged to its end; axe clean", async () => {
    const { token } = await freshMerchant();
    const all = await inbox(token);
    expect(all.total, 'the seed fills two pages of "all"').to.be.greaterThan(NOTIFICATION_PAGE_SIZE);
    const m = await open(token);
    expect($(m, '[role="tablist"]')!.getAttribute('aria-label')).to.equal('Message categories');
    expect($$(m, '[role="tab"]').map((t) => [read(t), t.getAttribute('aria-selected')])).to.deep.equal([
      ['All', 'true'],
      ['Announcements', 'false'],
      ['Maintenance', 'false'],
      ['Activities', 'false'],
    ]);
    expect(
      Array.from(panel(m).querySelectorAll('.ma-inbox__filter')).map((b) => [
        b.textContent,
        b.getAttribute('aria-pressed'),
      ]),
    ).to.deep.equal([
      ['All', 'true'],
      ['Unread', 'false'],
      ['Read', 'false'],
    ]);
    expect(items(m).length).to.equal(NOTIFICATION_PAGE_SIZE);
    await loadAll(m, all.total);
    expect(items(m).map(titleOf)).to.deep.equal(titles(all));
    // Read state as the server has it, item by item.
    expect(items(m).map(isUnread)).to.deep.equal(all.list.map((n) => !n.read));
    await expectAxeClean(m.shadow);

    for (const [name, category] of [
      ['Announcements', 'announcement'],
      ['Maintenance', 'maintenance'],
      ['Activities', 'activity'],
    ] as const) {
      tab(m, name).click();
      const want = await inbox(token, { category });
      expect(want.total, `${category} has messages`).to.be.greaterThan(0);
      await waitFor(() => items(m).length === Math.min(want.total, NOTIFICATION_PAGE_SIZE), `${name} listed`);
      expect(items(m).map(titleOf)).to.deep.equal(titles(want).slice(0, NOTIFICATION_PAGE_SIZE));
      expect(
        items(m).every((a) =>
          a
            .querySelector('.ma-inbox__meta')!
            .textContent.startsWith(category === 'activity' ? 'Activity' : `System ${category}`),
        ),
      ).to.equal(true);
    }
    for (const [name, state] of [
      ['Unread', 'unread'],
      ['Read', 'read'],
    ] as const) {
      filter(m, name).click();
      const want = await inbox(token, { category: 'activity', read_state: state });
      await waitFor(
        () =>
          filter(m, name).getAttribute('aria-pressed') === 'true' &&
          items(m).map(titleOf).join('|') === titles(want).slice(0, NOTIFICATION_PAGE_SIZE).join('|'),
        `activities, ${state}`,
      );
      expect(items(m).every((a) => isUnread(a) === (state === 'unread'))).to.equal(true);
    }
    // Back to All / All: the first list kept its place (all its pages), with nothing fetched again.
    filter(m, 'All').click();
    tab(m, 'All').click();
    await waitFor(() => items(m).length === all.total, 'the first list as it was');
    await expectAxeClean(m.shadow);
  });

  it("a message of today says how long ago, an older one its date, in the screen's language (Intl)", async () => {
    const { username, token } = await freshMerchant();
    // Five minutes old, or as old as today is: just after midnight, five minutes ago was yesterday.
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const ago = Math.min(5, Math.floor((Date.now() - midnight.getTime()) / 60_000));
    await addMessages(username, [{ category: 'announcement', title: 'Minutes old', minutes_ago: ago }]);
    const m = await open(token, { language: 'de' });
    const fresh = await waitFor(() => items(m).find((a) => titleOf(a) === 'Minutes old'), 'the new message');
    const time = fresh.querySelector('time')!;
    const relative = new Intl.RelativeTimeFormat('de-DE', { numeric: 'auto' });
    expect(time.textContent).to.equal(ago < 1 ? relative.format(0, 'second') : relative.format(-ago, 'minute'));
    const all = await inbox(token);
    const older = all.list.find((n) => Date.now() - Date.parse(n.create_time) > 2 * 86_400_000)!;
    // It may be on the second page: the whole list first.
    await loadAll(m, all.total);
    const olderItem = items(m).find((a) => a.querySelector('time')!.getAttribute('datetime') === older.create_time)!;
    const at = new Date(older.create_time);
    const opts =
      at.getFullYear() === new Date().getFullYear()
        ? ({ month: 'short', day: 'numeric' } as const)
        : ({ dateStyle: 'medium' } as const);
    expect(olderItem.querySelector('time')!.textContent).to.equal(new Intl.DateTimeFormat('de-DE', opts).format(at));
    expect(tab(m, 'Alle')).to.not.equal(undefined);
  });

  it('opening a message shows its body and marks it read on the server; the count, the event and every list follow at once', async () => {
    const { username, token } = await freshMerchant();
    const made = await addMessages(username, [
      {
        category: 'maintenance',
        title: 'Planned maintenance tonight',
        content: '<p>From <strong>02:00</strong> to 03:00.</p><script>window.__pwned = 1</script>',
      },
    ]);
    const before = made.unread_total;
    const m = await open(token);
    await waitFor(() => unreadEvents(m).at(-1) === before, `unread ${before}`);
    // The same message is in "All" and in "Maintenance": load that list too, then come back.
    tab(m, 'Maintenance').click();
    await waitFor(() => byTitle(m, 'Planned maintenance tonight'), 'in Maintenance');
    tab(m, 'All').click();
    const item = await waitFor(() => byTitle(m, 'Planned maintenance tonight'), 'in All');
    expect(isUnread(item)).to.equal(true);
    item.querySelector('button')!.click();
    const dialog = await waitFor(() => sheet(m), 'the message sheet');
    expect(dialog.textContent).to.contain('Planned maintenance tonight');
    expect(dialog.querySelector('strong')!.textContent).to.equal('02:00');
    expect(dialog.querySelector('script')).to.equal(null);
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
    await waitFor(() => unreadEvents(m).at(-1) === before - 1, 'unread event with one less');
    await waitFor(() => !isUnread(byTitle(m, 'Planned maintenance tonight')!), 'read in All');
    expect((await inbox(token)).unread_total).to.equal(before - 1);
    expect((await inbox(token)).list.find((n) => n.title.en === 'Planned maintenance tonight')!.read).to.equal(true);
    await expectAxeClean(m.shadow);
    (dialog.querySelector('.ma-popup__close') as HTMLButtonElement).click();
    await waitFor(() => !sheet(m), 'sheet closed');
    tab(m, 'Maintenance').click();
    expect(isUnread(byTitle(m, 'Planned maintenance tonight')!), 'read in Maintenance too, without a reload').to.equal(
      false,
    );
    // The home screen's bell says the new count without a reload.
    m.app.navigate('/ad-center');
    await waitRoute(m, '/ad-center');
    await waitFor(
      () =>
        $$(m, '.ma-header__icon').find((b) => b.getAttribute('aria-label') === `Notifications, ${before - 1} unread`),
      'home bell',
    );
  });

  it("mark all read: every list reads as read, the count is 0 at once; the unread filter's empty state leads back to all", async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    await waitFor(() => (unreadEvents(m).at(-1) ?? 0) > 0, 'some unread');
    markAll(m).click();
    await waitFor(() => toastNow(m.shadow).includes('All messages marked read'), 'toast');
    await waitFor(() => markAll(m).disabled, 'nothing left to mark');
    expect(unreadEvents(m).at(-1)).to.equal(0);
    // In place, without a request (React renders the change on its next pass).
    await waitFor(() => !items(m).some(isUnread), 'every shown message read');
    expect((await inbox(token)).unread_total).to.equal(0);
    filter(m, 'Unread').click();
    await waitFor(() => text(m).includes('No unread messages'), 'empty state');
    const showAll = Array.from(panel(m).querySelectorAll('button')).find((b) => b.textContent === 'Show all messages')!;
    showAll.click();
    await waitFor(() => filter(m, 'All').getAttribute('aria-pressed') === 'true' && items(m).length > 0, 'back to all');
    await expectAxeClean(m.shadow);
  });

  it('mark all read while page 2 is on its way: the page, answered before the mark, lands read (the race replayed)', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    await waitFor(() => (unreadEvents(m).at(-1) ?? 0) > 0, 'some unread');
    expect(items(m)).to.have.length(NOTIFICATION_PAGE_SIZE);
    const answered = await apiAnswered('/user/notifications', token);
    // Page 2 reaches the server, which answers it with unread messages; the browser gets that answer only later.
    await apiFault('/user/notifications', token, 'hold-answer');
    await scrollToEnd(panel(m).querySelector<HTMLElement>('.ma-pull-refresh')!);
    await waitFor(
      async () => (await apiAnswered('/user/notifications', token)) > answered,
      'page 2 answered by the server',
    );
    markAll(m).click();
    await waitFor(() => toastNow(m.shadow).includes('All messages marked read'), 'marked');
    await apiFault('/user/notifications', token, null);
    await waitFor(() => items(m).length > NOTIFICATION_PAGE_SIZE, 'page 2 on screen');
    await waitFor(() => !items(m).some(isUnread), 'every message read, page 2 too');
    expect(unreadEvents(m).at(-1), 'the count stays 0').to.equal(0);
    expect(markAll(m).disabled).to.equal(true);
  });

  it('failures: a failed read mark says "Failed to mark message read" and a failed mark-all "Failed to mark all read"; nothing changes', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    const before = (await inbox(token)).unread_total;
    await waitFor(() => unreadEvents(m).at(-1) === before, 'count shown');
    const unreadItem = items(m).find(isUnread)!;
    const title = titleOf(unreadItem);
    await apiFault('/user/notifications/read', token, 'fail');
    try {
      unreadItem.querySelector('button')!.click();
      await waitFor(() => toastNow(m.shadow).includes('Failed to mark message read'), 'mark one failed');
      expect(isUnread(byTitle(m, title)!)).to.equal(true);
      (sheet(m)!.querySelector('.ma-popup__close') as HTMLButtonElement).click();
      await waitFor(() => !sheet(m), 'sheet closed');
      markAll(m).click();
      await waitFor(() => toastNow(m.shadow).includes('Failed to mark all read'), 'mark all failed');
      expect(items(m).filter(isUnread).length).to.be.greaterThan(0);
      expect(unreadEvents(m).at(-1)).to.equal(before);
      expect((await inbox(token)).unread_total).to.equal(before);
    } finally {
      await apiFault('/user/notifications/read', token, null);
    }
  });

  it("read state is the server's: read on one device reads as read on another after a refresh", async () => {
    const { username, token } = await freshMerchant();
    await addMessages(username, [{ category: 'activity', title: 'Spring campaign' }]);
    const login = async () =>
      (
        await (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ username, password: 'demo1234' }),
          })
        ).json()
      ).data.token as string;
    const other = await login();
    const phone = await open(token);
    const tablet = await open(other);
    byTitle(phone, 'Spring campaign')!.querySelector('button')!.click();
    await waitFor(() => !isUnread(byTitle(phone, 'Spring campaign')!), 'read on the phone');
    expect(isUnread(byTitle(tablet, 'Spring campaign')!), 'the tablet has not refreshed yet').to.equal(true);
    tablet.app.navigate('/ad-center');
    await waitRoute(tablet, '/ad-center');
    tablet.app.navigate(ROUTE);
    await waitRoute(tablet, ROUTE);
    await waitFor(
      () => byTitle(tablet, 'Spring campaign') && !isUnread(byTitle(tablet, 'Spring campaign')!),
      'read on the tablet',
    );
  });

  it("what a person sees after each tab and each read filter: only that tab's messages, in that read state, under one filter bar", async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    const seenRows = () => seenElements(m, 'article.ma-inbox__item');
    const categoryOf = (a: HTMLElement) => a.querySelector('.ma-inbox__meta > span')!.textContent;
    const LABEL = {
      announcement: 'System announcement',
      maintenance: 'System maintenance',
      activity: 'Activity',
    } as const;
    for (const [name, category] of [
      ['Announcements', 'announcement'],
      ['Maintenance', 'maintenance'],
      ['Activities', 'activity'],
      ['All', null],
    ] as const) {
      tab(m, name).click();
      const want = await inbox(token, category ? { category } : {});
      await waitFor(
        () =>
          tab(m, name).getAttribute('aria-selected') === 'true' &&
          items(m).length >= Math.min(want.total, NOTIFICATION_PAGE_SIZE),
        `${name} listed`,
      );
      const rows = seenRows();
      expect(rows.length, `rows seen under ${name}`).to.be.greaterThan(0);
      if (category)
        expect(rows.map(categoryOf), `every row seen under ${name}`).to.deep.equal(rows.map(() => LABEL[category]));
      // Each seen row is one of the chosen tab's own (not a row of a panel left on screen from an earlier tab).
      expect(
        rows.every((a) => panel(m).contains(a)),
        `the rows seen under ${name} are its panel's`,
      ).to.equal(true);
      expect(seenElements(m, '.ma-inbox__filters'), `one read filter seen under ${name}`).to.have.length(1);
    }
    tab(m, 'Activities').click();
    for (const [name, state] of [
      ['Unread', 'unread'],
      ['Read', 'read'],
    ] as const) {
      const [button] = seenElements<HTMLButtonElement>(m, '.ma-inbox__filter').filter((b) => b.textContent === name);
      button.click();
      const want = await inbox(token, { category: 'activity', read_state: state });
      expect(want.total, `activities ${state}`).to.be.greaterThan(0);
      await waitFor(
        () =>
          button.getAttribute('aria-pressed') === 'true' &&
          items(m).map(titleOf).join('|') === titles(want).slice(0, NOTIFICATION_PAGE_SIZE).join('|'),
        `activities, ${state}`,
      );
      const rows = seenRows();
      expect(rows.length, `rows seen under Activities, ${name}`).to.be.greaterThan(0);
      expect(
        rows.map((a) => [categoryOf(a), isUnread(a)]),
        `every row seen under Activities, ${name}`,
      ).to.deep.equal(rows.map(() => ['Activity', state === 'unread']));
      expect(
        rows.every((a) => panel(m).contains(a)),
        `the rows seen are the Activities panel's`,
      ).to.equal(true);
    }
  });

  it("the read filter's buttons are touch targets of at least 44 × 44 px, in English and in German at 320 px", async () => {
    const { token } = await freshMerchant();
    for (const language of ['en', 'de']) {
      const m = await open(token, { language });
      await resize(m, language === 'de' ? 320 : 390);
      const buttons = seenElements(m, '.ma-inbox__filter');
      expect(buttons, 'three filter buttons seen').to.have.length(3);
      for (const b of buttons) {
        const box = b.getBoundingClientRect();
        expect(
          [Math.round(box.width), Math.round(box.height)].every((x) => x >= 44),
          `"${b.textContent}" is ${box.width} × ${box.height}`,
        ).to.equal(true);
      }
      unmountAll();
    }
  });

  it('German and Thai at 320 px: no word broken without a hyphen', async () => {
    const { token } = await freshMerchant();
    for (const language of ['de', 'th']) {
      const m = await open(token, { language });
      await resize(m, 320);
      await waitFor(() => items(m).length > 0, 'list');
      expect(brokenWords(m.shadow, language)).to.deep.equal([]);
      await expectAxeClean(m.shadow);
      unmountAll();
    }
  });
});
