/** Reading messages: opening one, marking all read (also while a page is on its way), failures, other devices. */
import { expect } from 'chai';
import {
  $$,
  apiAnswered,
  apiFault,
  freshMerchant,
  text,
  unmountAll,
  waitFor,
  waitRoute,
} from '../../../../test/browser/support/app';
import { expectAxeClean, scrollToEnd } from '../../../../test/browser/support/render';
import { toastNow } from '../../shared/coupon/test-support';
import { NOTIFICATION_PAGE_SIZE } from './model';
import {
  ROUTE,
  addMessages,
  byTitle,
  filter,
  inbox,
  isUnread,
  items,
  markAll,
  open,
  panel,
  sheet,
  tab,
  titleOf,
  unreadEvents,
} from './test-support';

describe('notifications: reading and marking read', () => {
  afterEach(unmountAll);

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
});
