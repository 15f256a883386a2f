/** Coupons: redeeming a wallet coupon through its sheet, and the refusals, worded. */
import { expect } from 'chai';
import type { Property } from '../../../api/shapes/wallet';
import { createInstance } from '../../../app/instance';
import { disposeModel } from '../../../kit';
import { shell } from '../../../shell';
import {
  $,
  apiCalls,
  freshMerchant,
  unique,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { apiCall, toastNow } from '../../shared/coupon/test-support';
import { COUPON_PAGE_SIZE, CouponsModel } from './model';
import { ROUTE, cards, isWallet, list, loadAll, money, nameOf, open, redeemButton, tab } from './test-support';

const byName = (m: Mounted, name: string) => cards(m).filter((c) => nameOf(c) === name);
const dialog = (m: Mounted) => $(m, '[role="dialog"]');
const dialogButton = (m: Mounted, name: string) =>
  Array.from(dialog(m)!.querySelectorAll('button')).find((b) => b.textContent === name)!;
const discount = async (token: string) => (await apiCall<Property>(token, '/user/property')).data.discount_amount;

/** Redeems a shown wallet coupon through the sheet: Redeem, then the sheet's Redeem. */
async function redeemViaSheet(m: Mounted, card: HTMLElement) {
  redeemButton(card)!.click();
  await waitFor(() => dialog(m), 'the confirm sheet');
  dialogButton(m, 'Redeem').click();
  await waitFor(() => !dialog(m), 'the sheet closed');
}

describe('coupons: redeeming', () => {
  afterEach(unmountAll);

  it('Redeem asks first in a sheet that says what it adds and where; Cancel and Escape send nothing; confirming adds it to the discount amount, says so, and the toast leaves the wallet link free', async () => {
    const { token } = await freshMerchant();
    const page = await list(token, 'unused', 1, COUPON_PAGE_SIZE);
    const names = page.list.map((c) => c.name.en);
    const pick = page.list.find((c) => isWallet(c) && names.filter((n) => n === c.name.en).length === 1)!;
    const before = await discount(token);
    const m = await open(token);
    const walletLine = () => $(m, '.ma-coupons__wallet')!;
    await waitFor(
      () => walletLine().textContent.includes(`Wallet discount amount${money(before)}`),
      'the discount amount',
    );
    const card = () => byName(m, pick.name.en)[0];

    // Cancel: nothing sent.
    redeemButton(card())!.click();
    await waitFor(() => dialog(m), 'the confirm sheet');
    expect(dialog(m)!.querySelector('h2')?.textContent).to.equal('Redeem this coupon?');
    expect(dialog(m)!.textContent).to.include(`Adds ${money(pick.amount)} to your wallet's discount amount.`);
    await expectAxeClean(m.shadow);
    dialogButton(m, 'Cancel').click();
    await waitFor(() => !dialog(m), 'the sheet closed');
    // Escape: nothing sent either.
    redeemButton(card())!.click();
    await waitFor(() => dialog(m), 'the sheet again');
    dialog(m)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => !dialog(m), 'Escape closed it');
    expect(await apiCalls('/user_coupon/receive', token), 'no request before a confirm').to.equal(0);
    expect(card(), 'still unused').to.exist;
    expect(await discount(token)).to.equal(before);

    // Confirm: one request, the coupon moves, the toast says where the value went.
    await redeemViaSheet(m, card());
    const said = `${money(pick.amount)} added to your discount amount`;
    await waitFor(() => toastNow(m.shadow) === said, 'the success toast');
    expect(await apiCalls('/user_coupon/receive', token)).to.equal(1);
    const toast = $(m, '.ma-toast')!.getBoundingClientRect();
    const link = Array.from(walletLine().querySelectorAll('button')).find((b) => b.textContent === 'Open wallet')!;
    const r = link.getBoundingClientRect();
    const overlaps = toast.left < r.right && r.left < toast.right && toast.top < r.bottom && r.top < toast.bottom;
    expect(
      overlaps,
      `the toast (${toast.top}–${toast.bottom}) leaves the wallet link (${r.top}–${r.bottom}) free`,
    ).to.equal(false);
    const after = (Number(before) + Number(pick.amount)).toFixed(2);
    expect(await discount(token), 'credited on the server').to.equal(after);
    await waitFor(() => walletLine().textContent.includes(money(after)), 'the new discount amount');
    await waitFor(() => byName(m, pick.name.en).length === 0, 'gone from unused');
    await waitFor(() => tab(m, 'Unused').textContent === `Unused (${page.counts.unused - 1})`, 'the unused count');
    expect(tab(m, 'Used').textContent).to.equal(`Used (${page.counts.used + 1})`);

    tab(m, 'Used').click();
    const used = await list(token, 'used');
    await waitFor(
      () => tab(m, 'Used').getAttribute('aria-selected') === 'true' && cards(m).length === used.total,
      'the used list',
    );
    expect(nameOf(cards(m)[0]), 'the newest use first').to.equal(pick.name.en);
    expect(cards(m)[0].querySelector('.ma-coupon__stamp')!.textContent).to.match(/^Used on /);

    link.click();
    await waitRoute(m, '/wallet');
  });

  it('a put coupon: nothing to tap in the list, and the server refuses to redeem it (coupon_put_only), worded by the client', async () => {
    const { token } = await freshMerchant();
    const unused = await list(token, 'unused');
    const put = unused.list.find((c) => c.kind === 'discount')!;
    const m = await open(token);
    await loadAll(m, unused.total);
    const card = byName(m, put.name.en)[0];
    expect(card.querySelector('button')).to.equal(null);
    // The merchant's own token, straight to the API: refused, nothing credited, still unused.
    const before = await discount(token);
    const r = await apiCall<{ reason: string }>(token, '/user_coupon/receive', {
      coupon_id: put.id,
      request_id: unique('put-only'),
    });
    expect([r.code, r.data.reason]).to.deep.equal([405, 'coupon_put_only']);
    expect(await discount(token)).to.equal(before);
    expect((await list(token, 'unused')).list.some((c) => c.id === put.id)).to.equal(true);
    // The client's words for that refusal: the next test.
  });

  it('a coupon used elsewhere, or a second of its name today: the message, and the list shows what is true', async () => {
    const { token } = await freshMerchant();
    const page = await list(token, 'unused', 1, COUPON_PAGE_SIZE);
    const names = page.list.map((c) => c.name.en);
    const single = page.list.find((c) => isWallet(c) && names.filter((n) => n === c.name.en).length === 1)!;
    const twin = page.list.find(
      (c) => isWallet(c) && c.id !== single.id && names.filter((n) => n === c.name.en).length === 2,
    )!;
    const [first, second] = page.list.filter((c) => c.name.en === twin.name.en);
    const m = await open(token);

    // Used on another device after this list loaded.
    expect(
      (await apiCall(token, '/user_coupon/receive', { coupon_id: single.id, request_id: unique('elsewhere') })).code,
    ).to.equal(200);
    await redeemViaSheet(m, byName(m, single.name.en)[0]);
    await waitFor(() => toastNow(m.shadow) === 'Coupon has been used', 'used message');
    await waitFor(() => byName(m, single.name.en).length === 0, 'the list reloaded without it');

    // One of a pair redeemed today: the other is refused until tomorrow, and stays unused.
    expect(
      (await apiCall(token, '/user_coupon/receive', { coupon_id: first.id, request_id: unique('pair') })).code,
    ).to.equal(200);
    await waitFor(() => toastNow(m.shadow) === '', 'the last toast gone');
    const cardsOfPair = byName(m, twin.name.en);
    expect(cardsOfPair, 'both still shown until the list reloads').to.have.length(2);
    const secondIndex = page.list.filter((c) => c.name.en === twin.name.en).indexOf(second);
    await redeemViaSheet(m, cardsOfPair[secondIndex]);
    await waitFor(() => toastNow(m.shadow) === 'You can redeem one coupon of this name per day', 'daily message');
    await waitFor(() => byName(m, twin.name.en).length === 1, 'the redeemed one gone, the refused one kept');
    expect(
      (await list(token, 'unused')).list.some((c) => c.id === second.id),
      'still unused on the server',
    ).to.equal(true);
  });

  it('refusals worded by the client: an expired coupon, a put coupon (the redeem action against the real server)', async () => {
    const { token } = await freshMerchant();
    const expired = (await list(token, 'expired')).list[0];
    const put = (await list(token, 'unused')).list.find((c) => !isWallet(c))!;
    const host = document.createElement('div');
    host.style.cssText = 'width:375px;height:667px;position:relative;';
    document.body.appendChild(host);
    const instance = createInstance(
      host,
      {
        apiBase: '/api',
        routing: 'memory',
        token,
        localesBase: '/locales/',
        storagePrefix: `${unique('c')}:`,
        initialRoute: ROUTE,
      },
      shell,
    );
    await instance.ready;
    const model = new CouponsModel(instance.services);
    try {
      // The screen showed it as unused a moment before it expired: what it had is what it sends.
      expect(await model.redeemAction.run({ ...expired, state: 'unused' })).to.deep.equal({
        status: 'refused',
        reason: 'coupon_expired',
      });
      await waitFor(() => toastNow(host.shadowRoot!) === 'Coupon has expired', 'expired message');
      expect(await model.redeemAction.run(put)).to.deep.equal({ status: 'refused', reason: 'coupon_put_only' });
      await waitFor(() => toastNow(host.shadowRoot!) === 'This coupon applies when you put a plan', 'put-only message');
    } finally {
      disposeModel(model);
      instance.destroy();
      host.remove();
    }
  });
});
