import { expect } from 'chai';
import type { Activities } from '../../../api/shapes/ad-center';
import type { Coupon } from '../../../api/shapes/coupon';
import type { Page } from '../../../api/shapes/page';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  button,
  freshMerchant,
  mountApp,
  text,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { resize } from '../../../../test/browser/support/design';
import { apiCall, overflowing, toastNow } from '../../shared/coupon/test-support';

const ROUTE = '/ad-center/activities';

async function open(token: string, language?: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: ROUTE, ...(language ? { language } : {}) });
  await waitRoute(m, ROUTE);
  await waitFor(() => $$(m, '.ma-activity').length === 2, 'two activities');
  return m;
}

/** The activity's card, found by its title as the server names it in English. */
const card = (m: Mounted, title: string) => {
  const c = $$(m, '.ma-activity').find((s) => s.querySelector('h2')?.textContent === title);
  if (!c)
    throw new Error(
      `no activity "${title}" in: ${$$(m, '.ma-activity h2')
        .map((h) => h.textContent)
        .join(' | ')}`,
    );
  return c;
};
const actionOf = (c: HTMLElement) => c.querySelector<HTMLButtonElement>('.ma-coupon__foot button');
const stampOf = (c: HTMLElement) => c.querySelector('.ma-coupon__stamp')?.textContent ?? null;

async function activity(token: string, kind: string) {
  const list = await apiCall<Activities>(token, '/activity/list');
  return list.data.list.find((a) => a.kind === kind)!;
}
const unusedCoupons = async (token: string) =>
  (await apiCall<Page<Coupon>>(token, '/user_coupon/list?state=unused&page_size=50')).data;

describe('activities', () => {
  afterEach(unmountAll);

  it('shows each activity with its coupon and its limit, said once, before any tap; the rules as rich text; axe clean', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    const support = await activity(token, 'new_user_support');
    const c = card(m, support.title.en);
    expect(c.textContent).to.include(support.offer.name.en);
    expect(c.querySelector('.ma-activity__limit')?.textContent).to.equal('One per account');
    expect(c.textContent.match(/per account|once/gi), 'the limit said once').to.have.length(1);
    expect(c.textContent, 'its validity in days, worded by Intl').to.match(/Valid for \d+ days? after you get it/);
    expect(c.querySelector('.ma-coupon__kind')?.textContent).to.match(/coupon|voucher/);
    expect(actionOf(c)!.textContent).to.equal('Get');
    expect(stampOf(c)).to.equal(null);
    const daily = card(m, (await activity(token, 'display_discount')).title.en);
    expect(daily.querySelector('.ma-activity__limit')?.textContent, 'the one-a-day limit, before a tap').to.equal(
      'One a day',
    );
    expect(daily.textContent.match(/a day|every day|daily/gi)).to.have.length(1);
    // The rules are operator HTML rendered through RichText: real elements, no script.
    const rules = $(m, '.ma-activities__rich')!;
    expect(rules.children.length).to.be.greaterThan(0);
    expect(m.shadow.querySelector('script')).to.equal(null);
    await expectAxeClean(m.shadow);
  });

  it('gets the support coupon once: toast, a Received stamp that does not look expired, and the coupon unused in My coupons', async () => {
    const { token } = await freshMerchant();
    const before = await unusedCoupons(token);
    const m = await open(token);
    const support = await activity(token, 'new_user_support');
    const c = card(m, support.title.en);
    const look = (x: HTMLElement) => [
      getComputedStyle(x.querySelector('.ma-coupon__value')!).color,
      getComputedStyle(x.querySelector('.ma-coupon__stub')!).backgroundColor,
    ];
    const fresh = look(c);
    actionOf(c)!.click();
    await waitFor(() => toastNow(m.shadow) === 'Coupon received', 'success toast');
    await waitFor(() => stampOf(card(m, support.title.en)) === 'Received', 'Received');
    const done = card(m, support.title.en);
    expect(actionOf(done), 'received is a state, not a button').to.equal(null);
    expect(done.querySelector('.ma-coupon__stamp svg'), 'with a check').to.exist;
    expect(done.querySelector('.ma-coupon--muted'), 'not greyed like an expired coupon').to.equal(null);
    expect(look(done), 'the coupon keeps its colours').to.deep.equal(fresh);
    expect(done.textContent, "the card now shows the coupon's expiry").to.match(/Expires /);
    expect(done.textContent).to.include('It is in My coupons, unused.');
    expect(button(m, 'My coupons')).to.exist;
    const after = await unusedCoupons(token);
    expect(after.total).to.equal(before.total + 1);
    expect(after.list.find((x) => x.name.en === support.offer.name.en)?.state, 'handed over unused').to.equal('unused');
    await expectAxeClean(m.shadow);

    // A later visit: the server says it is received.
    unmountAll();
    const again = await open(token);
    const d = card(again, support.title.en);
    expect([stampOf(d), actionOf(d)]).to.deep.equal(['Received', null]);
  });

  it('two taps at once give one coupon', async () => {
    const { token } = await freshMerchant();
    const before = await unusedCoupons(token);
    const m = await open(token);
    const support = await activity(token, 'new_user_support');
    const b = actionOf(card(m, support.title.en))!;
    b.click();
    b.click();
    await waitFor(() => stampOf(card(m, support.title.en)) === 'Received', 'Received');
    // Requests, counted at the server: a second receive would have left at the second tap, before the first answer.
    expect(await apiCalls('/activity/receive', token), 'one receive request for two taps').to.equal(1);
    const after = await unusedCoupons(token);
    expect(after.total, 'exactly one coupon more').to.equal(before.total + 1);
    expect(after.list.filter((x) => x.name.en === support.offer.name.en)).to.have.length(1);
    expect(toastNow(m.shadow), 'no failure message for the second tap').to.equal('Coupon received');

    // And the server holds the rule on its own under two requests at once.
    const daily = await activity(token, 'display_discount');
    const answers = await Promise.all(
      [1, 2].map((i) =>
        apiCall(token, '/activity/receive', { activity_id: daily.id, request_id: `twice-${i}-${Date.now()}` }),
      ),
    );
    expect(
      answers.filter((a) => a.code === 200),
      'one of two concurrent receives succeeds',
    ).to.have.length(1);
    expect(answers.map((a) => (a.data as { reason?: string } | null)?.reason).filter(Boolean)).to.deep.equal([
      'coupon_daily_limit',
    ]);
  });

  it("a coupon got elsewhere: the server's answer is shown and the card turns Received (Received today for the daily one)", async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    const support = await activity(token, 'new_user_support');
    const daily = await activity(token, 'display_discount');
    // Received elsewhere (another device) after this screen loaded.
    expect(
      (await apiCall(token, '/activity/receive', { activity_id: support.id, request_id: `elsewhere-${Date.now()}` }))
        .code,
    ).to.equal(200);
    expect(
      (await apiCall(token, '/activity/receive', { activity_id: daily.id, request_id: `elsewhere-d-${Date.now()}` }))
        .code,
    ).to.equal(200);

    actionOf(card(m, support.title.en))!.click();
    await waitFor(() => toastNow(m.shadow) === 'Already received', 'once-per-account message');
    await waitFor(() => stampOf(card(m, support.title.en)) === 'Received', 'marked received');

    actionOf(card(m, daily.title.en))!.click();
    await waitFor(() => toastNow(m.shadow) === "You have already received today's coupon", 'once-a-day message');
    await waitFor(() => stampOf(card(m, daily.title.en)) === 'Received today', 'marked received today');
    expect(
      card(m, daily.title.en).querySelector('.ma-activity__limit')?.textContent,
      'the limit still said, once',
    ).to.equal('One a day');
  });

  it('the game description opens in a dialog: focus inside, Escape closes and gives focus back', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    const opener = button(m, 'Game description');
    opener.focus();
    opener.click();
    const dialog = await waitFor(() => $(m, '[role="dialog"]'), 'dialog');
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(dialog.querySelector('h2')?.textContent).to.equal('Game description');
    expect(dialog.querySelector('.ma-activities__rich')!.textContent.length).to.be.greaterThan(20);
    await waitFor(() => dialog.contains(m.shadow.activeElement), 'focus in the dialog');
    await expectAxeClean(m.shadow);
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => !$(m, '[role="dialog"]'), 'dialog closed');
    await waitFor(() => m.shadow.activeElement === opener, 'focus back on the button');
  });

  it('a skeleton while loading, an error state with Retry when the load fails', async () => {
    const { token } = await freshMerchant();
    await apiFault('/activity/list', token, 'hold');
    try {
      const m = await mountApp({ token, initialRoute: ROUTE });
      await waitRoute(m, ROUTE);
      await waitFor(() => $(m, '.ma-skeleton'), 'skeleton');
      await apiFault('/activity/list', token, 'fail');
      await waitText(m, 'Could not load the activities.');
      await expectAxeClean(m.shadow);
      await apiFault('/activity/list', token, null);
      button(m, 'Retry').click();
      await waitFor(() => $$(m, '.ma-activity').length === 2, 'loaded after Retry');
    } finally {
      await apiFault('/activity/list', token, null);
    }
  });

  for (const lang of ['de', 'ru', 'th']) {
    it(`${lang} at 320 px: nothing overflows or is cut`, async () => {
      const { token } = await freshMerchant(lang);
      const m = await open(token, lang);
      await resize(m, 320);
      const main = $(m, 'main')!;
      expect(overflowing(main, main), text(m).slice(0, 80)).to.deep.equal([]);
      const targets = $$(m, 'main button').filter(
        (b) => b.getClientRects().length && !b.classList.contains('ma-pull-refresh__a11y'),
      );
      for (const b of targets)
        expect(b.getBoundingClientRect().height, `${b.textContent} is a 44 px target`).to.be.at.least(44);
    });
  }
});
