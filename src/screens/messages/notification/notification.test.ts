/** The notification screen's lists: tabs and the read filter, paging, times, and what a person sees under each. */
import { expect } from 'chai';
import { $, $$, freshMerchant, unmountAll, waitFor } from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { seenElements } from '../../../../test/browser/support/visible';
import { NOTIFICATION_PAGE_SIZE } from './model';
import {
  addMessages,
  filter,
  inbox,
  isUnread,
  items,
  loadAll,
  open,
  panel,
  read,
  tab,
  titleOf,
  titles,
} from './test-support';

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
});
