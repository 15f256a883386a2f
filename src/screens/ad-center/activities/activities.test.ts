import { expect } from 'chai';
import type { Activities, Coupon, Page } from '../../../api/contract';
import { $, $$, apiCalls, apiFault, button, freshMerchant, mountApp, text, unmountAll, waitFor, waitRoute, waitText, type Mounted } from '../../../../test/browser/support/app';
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
  if (!c) throw new Error(`no activity "${title}" in: ${$$(m, '.ma-activity h2').map((h) => h.textContent).join(' | ')}`);
  return c;
};
const actionOf = (c: HTMLElement) => c.querySelector<HTMLButtonElement>('.ma-coupon__foot button')!;

async function activity(token: string, kind: string) {
  const list = await apiCall<Activities>(token, '/activity/list');
  return list.data.list.find((a) => a.kind === kind)!;
}
const unusedCoupons = async (token: string) => (await apiCall<Page<Coupon>>(token, '/user_coupon/list?state=unused&page_size=50')).data;

describe('activities (issue 11)', () => {
  afterEach(unmountAll);

  it('shows each activity with its coupon, the rules as rich text, and is axe clean', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    const support = await activity(token, 'new_user_support');
    const c = card(m, support.title.en!);
    expect(c.textContent).to.include(support.offer.name.en);
    expect(c.textContent).to.include('Once per merchant');
    expect(c.textContent, 'its validity in days, worded by Intl').to.match(/Valid for \d+ days? after receiving/);
    expect(c.querySelector('.ma-coupon__kind')?.textContent).to.match(/coupon|voucher/);
    expect(actionOf(c).textContent).to.equal('Receive');
    expect(card(m, (await activity(token, 'display_discount')).title.en!).textContent).to.include('Once a day');
    // The rules are operator HTML rendered through RichText: real elements, no script.
    const rules = $(m, '.ma-activities__rich')!;
    expect(rules.children.length).to.be.greaterThan(0);
    expect(m.shadow.querySelector('script')).to.equal(null);
    await expectAxeClean(m.shadow);
  });

  it('receives the support coupon once: toast, the card says Received, and the coupon is in the list', async () => {
    const { token } = await freshMerchant();
    const before = await unusedCoupons(token);
    const m = await open(token);
    const support = await activity(token, 'new_user_support');
    const c = card(m, support.title.en!);
    actionOf(c).click();
    await waitFor(() => toastNow(m.shadow) === 'Coupon received', 'success toast');
    await waitFor(() => actionOf(card(m, support.title.en!)).textContent === 'Received', 'Received');
    const done = actionOf(card(m, support.title.en!));
    expect(done.disabled, 'Received is a disabled button').to.equal(true);
    expect(card(m, support.title.en!).textContent, 'the card now shows the coupon\'s expiry').to.match(/Expires /);
    expect(button(m, 'My coupons')).to.exist;
    const after = await unusedCoupons(token);
    expect(after.total).to.equal(before.total + 1);
    await expectAxeClean(m.shadow);

    // A later visit: the server says it is received.
    unmountAll();
    const again = await open(token);
    const d = actionOf(card(again, support.title.en!));
    expect([d.textContent, d.disabled]).to.deep.equal(['Received', true]);
  });

  it('two taps at once give one coupon', async () => {
    const { token } = await freshMerchant();
    const before = await unusedCoupons(token);
    const m = await open(token);
    const support = await activity(token, 'new_user_support');
    const b = actionOf(card(m, support.title.en!));
    b.click();
    b.click();
    await waitFor(() => actionOf(card(m, support.title.en!)).textContent === 'Received', 'Received');
    // Requests, counted at the server: a second receive would have left at the second tap, before the first answer.
    expect(await apiCalls('/activity/receive', token), 'one receive request for two taps').to.equal(1);
    const after = await unusedCoupons(token);
    expect(after.total, 'exactly one coupon more').to.equal(before.total + 1);
    expect(after.list.filter((x) => x.name.en === support.offer.name.en)).to.have.length(1);
    expect(toastNow(m.shadow), 'no failure message for the second tap').to.equal('Coupon received');

    // And the server holds the rule on its own under two requests at once.
    const daily = await activity(token, 'display_discount');
    const answers = await Promise.all([1, 2].map((i) => apiCall(token, '/activity/receive', { activity_id: daily.id, request_id: `twice-${i}-${Date.now()}` })));
    expect(answers.filter((a) => a.code === 200), 'one of two concurrent receives succeeds').to.have.length(1);
    expect(answers.map((a) => (a.data as { reason?: string } | null)?.reason).filter(Boolean)).to.deep.equal(['coupon_daily_limit']);
  });

  it('a receive the screen did not know about: the server\'s answer is shown and the card turns Received', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    const support = await activity(token, 'new_user_support');
    const daily = await activity(token, 'display_discount');
    // Received elsewhere (another device) after this screen loaded.
    expect((await apiCall(token, '/activity/receive', { activity_id: support.id, request_id: `elsewhere-${Date.now()}` })).code).to.equal(200);
    expect((await apiCall(token, '/activity/receive', { activity_id: daily.id, request_id: `elsewhere-d-${Date.now()}` })).code).to.equal(200);

    actionOf(card(m, support.title.en!)).click();
    await waitFor(() => toastNow(m.shadow) === 'Already received', 'once-per-user message');
    await waitFor(() => actionOf(card(m, support.title.en!)).textContent === 'Received', 'marked received');

    actionOf(card(m, daily.title.en!)).click();
    await waitFor(() => toastNow(m.shadow) === 'You can receive one coupon of this name per day', 'once-per-day message');
    await waitFor(() => actionOf(card(m, daily.title.en!)).disabled, 'marked received');
    expect(card(m, daily.title.en!).textContent, 'a daily one says when it comes back').to.include('You can receive it again tomorrow.');
    expect(card(m, support.title.en!).textContent, 'a once-per-merchant one does not').to.not.include('again tomorrow');
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
    expect(dialog.querySelector('.ma-activities__rich')!.textContent!.length).to.be.greaterThan(20);
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
      const targets = $$(m, 'main button').filter((b) => b.getClientRects().length && !b.classList.contains('ma-pull-refresh__a11y'));
      for (const b of targets) expect(b.getBoundingClientRect().height, `${b.textContent} is a 44 px target`).to.be.at.least(44);
    });
  }
});
