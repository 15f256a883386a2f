import { expect } from 'chai';
import type { PlanDetail } from '../../api/shapes/plan';
import {
  $,
  $$,
  apiFault,
  freshMerchant,
  mountApp,
  testApi,
  type,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../test/browser/support/app';
import { resize } from '../../../test/browser/support/design';
import { expectAxeClean, settleAnimations } from '../../../test/browser/support/render';
import { isSeen, seenElements, seenText, seenTexts } from '../../../test/browser/support/visible';
import { apiCall, toastNow } from '../shared/coupon/test-support';
import { plans } from './test-support';

/**
 * The plan screens as a merchant sees them: the put dialog's push kind, decimal comma and fixed title and action;
 * a failed plan's refund; the product page's header over its picture; the list offline; one word per status.
 */

const detailOf = async (token: string, id: number) =>
  (await apiCall<PlanDetail>(token, '/plan/order/detail', { id })).data;

/** A plan waiting to be put, of a known range and push kind; its id. */
async function waitingPlan(username: string, official: boolean): Promise<number> {
  const r = await fetch('/api/__test__/plans', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, lowest: '100.00', highest: '500.00', official }),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`test api plans: ${JSON.stringify(j)}`);
  return j.data.ids[0];
}

const sheet = (m: Mounted) => $(m, '.ma-popup-layer [role="dialog"]');
const seenButton = (m: Mounted, name: string) =>
  seenElements<HTMLButtonElement>(m, 'button').find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').replace(/\u00ad/g, '').trim() === name,
  );

/** The plan's detail with its Put button pressed: the put dialog, its balance loaded. */
async function openPutFromDetail(
  token: string,
  id: number,
  o: { language?: string; width?: number } = {},
): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: `/plan/detail?id=${id}`, language: o.language });
  if (o.width) await resize(m, o.width, 568);
  const put = o.language === 'de' ? 'Schalten' : 'Put';
  (await waitFor(() => seenButton(m, put), 'the Put button')).click();
  await waitFor(
    () => sheet(m)?.querySelector('.ma-put__balance') && sheet(m)!.querySelector('.ma-put__coupon'),
    'the dialog with the balance and the coupons',
  );
  await settleAnimations(m.shadow); // the sheet has slid up into its place
  return m;
}

describe('plans as seen', () => {
  afterEach(unmountAll);

  it("the put dialog starts from the plan's own push kind: a non-official plan put as it is stays non-official", async () => {
    const { username, token } = await freshMerchant();
    await testApi('wallet', { username, balance: '1000.00' });
    const id = await waitingPlan(username, false);
    const m = await openPutFromDetail(token, id);
    const push = seenElements<HTMLLabelElement>(m, '.ma-put__choices--row .ma-put__choice');
    expect(
      push.map((l) => l.textContent),
      'both kinds in sight',
    ).to.deep.equal(['Official push', 'Non-official push']);
    expect(
      push.filter((l) => l.querySelector('input')!.checked).map((l) => l.textContent),
      'the one checked',
    ).to.deep.equal(['Non-official push']);
    type(m, 'Put amount', '150');
    seenButton(m, 'Confirm put')!.click();
    await waitFor(() => toastNow(m.shadow).includes('Plan put: $150.00 paid'), 'the toast');
    expect((await detailOf(token, id)).official, 'stored non-official').to.equal(false);
  });

  it('German: a put of "150,5" (the decimal comma) is accepted and sends 150.50', async () => {
    const { username, token } = await freshMerchant('de');
    await testApi('wallet', { username, balance: '1000.00' });
    const id = await waitingPlan(username, true);
    const m = await openPutFromDetail(token, id, { language: 'de' });
    type(m, 'Einsatz\u00adbetrag', '150,5');
    // What is to be paid, read from the comma, under the coupons: scrolled to, as the merchant would.
    (await waitFor(() => sheet(m)!.querySelector('.ma-put__pay'), 'what is paid')).scrollIntoView({ block: 'nearest' });
    await waitFor(() => seenText(m, sheet(m)!).includes('Sie zahlen 150,50'), 'what is paid, read from the comma');
    seenButton(m, 'Schaltung bestätigen')!.click();
    await waitFor(() => toastNow(m.shadow).includes('150,50'), 'the toast');
    const d = await detailOf(token, id);
    expect([d.put_amount, d.paid]).to.deep.equal(['150.50', '150.50']);
  });

  it("320 px, German, six coupons: the sheet's title, close and Confirm stay in sight while its middle scrolls", async () => {
    const { username, token } = await freshMerchant('de');
    await testApi('wallet', { username, balance: '1000.00' });
    const id = await waitingPlan(username, true);
    const m = await openPutFromDetail(token, id, { language: 'de', width: 320 });
    const s = sheet(m)!;
    expect(s.querySelectorAll('.ma-put__coupon').length, 'six coupons or more').to.be.at.least(6);
    const title = s.querySelector('.ma-popup__title')!;
    const close = s.querySelector('.ma-popup__close')!;
    const confirm = () => seenButton(m, 'Schaltung bestätigen');
    const coupons = () => Array.from(s.querySelectorAll('.ma-put__coupon'));
    expect([isSeen(m, title), isSeen(m, close), !!confirm()], 'title, close and Confirm at the start').to.deep.equal([
      true,
      true,
      true,
    ]);
    expect(isSeen(m, coupons().at(-1)!), 'the last coupon is below the fold').to.equal(false);
    // The middle scrolls to its end: the last coupon comes into sight, the amount goes out of it; the rest stay.
    const middle = s.querySelector<HTMLElement>('.ma-popup__body')!;
    middle.scrollTop = middle.scrollHeight;
    await waitFor(() => isSeen(m, coupons().at(-1)!), 'the last coupon');
    expect(isSeen(m, s.querySelector('input[inputmode="decimal"]')!), 'the amount scrolled away').to.equal(false);
    expect([isSeen(m, title), isSeen(m, close), !!confirm()], 'title, close and Confirm at the end').to.deep.equal([
      true,
      true,
      true,
    ]);
    const [top, bottom] = [s.getBoundingClientRect(), confirm()!.getBoundingClientRect()];
    expect(title.getBoundingClientRect().top - top.top, 'the title at the top').to.be.below(24);
    expect(top.bottom - bottom.bottom, 'Confirm at the bottom').to.be.below(32);
    // The footer's Confirm still submits the form: an empty amount is refused on its field, nothing sent.
    confirm()!.click();
    await waitFor(
      () => seenTexts(m, s).includes('Bitte geben Sie einen korrekten Einsatzbetrag ein'),
      "the amount's error",
    );
    await expectAxeClean(m.shadow);
  });

  it("a failed plan's detail says the money came back to the balance, where its ledger row is, and a next step", async () => {
    const { token } = await freshMerchant();
    const failed = (await plans(token, 'putFailed')).list[0];
    const d = await detailOf(token, failed.id);
    expect(d.paid).to.not.equal(null);
    const m = await mountApp({ token, initialRoute: `/plan/detail?id=${failed.id}` });
    const paid = `$${Number(d.paid).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await waitFor(() => seenText(m).includes(`${paid} went back to your available balance`), 'the refund');
    expect(seenText(m)).to.include(`funding details of your wallet, as plan no. ${d.plan_no}`);
    expect(seenButton(m, 'Back to my plans'), 'a next step').to.not.equal(undefined);
    await expectAxeClean(m.shadow);
    seenButton(m, 'View in wallet')!.click();
    await waitRoute(m, '/wallet');
    m.app.navigate(`/plan/detail?id=${failed.id}`);
    (await waitFor(() => seenButton(m, 'Back to my plans'), 'back on the detail')).click();
    await waitRoute(m, '/plan');
  });

  it("the product page: the white back arrow and title are on top of the picture's scrim, not under it", async () => {
    const { token } = await freshMerchant();
    const id = (await plans(token)).list[0].id;
    const m = await mountApp({ token, initialRoute: `/plan/goods-detail?id=${id}` });
    await waitFor(() => $(m, '.ma-goods__name'), 'the product');
    // The scrim lets taps through, so hit-testing would look past it; here it answers hit-tests as it paints.
    const probe = document.createElement('style');
    probe.textContent = '.ma-goods__hero::before { pointer-events: auto !important; }';
    m.shadow.appendChild(probe);
    const back = $(m, '.ma-nav-bar__back')!;
    const title = $(m, '.ma-nav-bar__title')!;
    expect(getComputedStyle(back).color, 'white').to.equal(getComputedStyle(title).color);
    expect([isSeen(m, back), isSeen(m, title)], 'back and title over the scrim').to.deep.equal([true, true]);
  });

  it('offline, the plan list shows the failure with Retry (not a grey line); Retry brings the plans', async () => {
    const { token } = await freshMerchant();
    await apiFault('/plan/order/list', token, 'fail');
    try {
      const m = await mountApp({ token, initialRoute: '/plan' });
      const retry = await waitFor(() => seenButton(m, 'Retry'), 'Retry');
      expect(seenText(m)).to.include('The plans could not be loaded');
      expect(retry.classList.contains('ma-button--primary'), "the kit's failure view: a primary button").to.equal(true);
      await apiFault('/plan/order/list', token, null);
      retry.click();
      await waitFor(() => seenElements(m, 'article.ma-plan-card').length > 0, 'the plans');
    } finally {
      await apiFault('/plan/order/list', token, null);
    }
  });

  it("one word per status: each tab's title is the tag on every plan seen under it", async () => {
    const { token } = await freshMerchant();
    const m = await mountApp({ token, initialRoute: '/plan' });
    await waitFor(() => seenElements(m, 'article.ma-plan-card').length > 0, 'the plans');
    const tabs = $$(m, '[role="tab"]').slice(1);
    for (const t of tabs) {
      t.click();
      const word = t.querySelector('.ma-tabs__title')!.textContent.replace(/ \(\d+\)$/, '');
      const tags = await waitFor(
        () => {
          const seen = seenElements(m, '.ma-plan-tag').map((e) => e.textContent);
          return t.getAttribute('aria-selected') === 'true' && seen.length > 0 && seen;
        },
        `the plans under "${word}"`,
        15_000,
      );
      expect(
        tags.every((x) => x === word),
        `"${word}": ${tags.join(', ')}`,
      ).to.equal(true);
    }
  });
});
