import { expect } from 'chai';
import { COUPON_USE, type Coupon, type CouponPage } from '../../../api/shapes/coupon';
import type { Property } from '../../../api/shapes/wallet';
import { createInstance } from '../../../app/instance';
import { disposeModel } from '../../../kit';
import { shell } from '../../../shell';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  freshMerchant,
  mountApp,
  text,
  unique,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../../test/browser/support/app';
import { brokenWords, overflowingWords, resize } from '../../../../test/browser/support/design';
import { cutTexts, isSeen, seenElements, seenText } from '../../../../test/browser/support/visible';
import { expectAxeClean, scrollToEnd } from '../../../../test/browser/support/render';
import { apiCall, overflowing, toastNow } from '../../shared/coupon/test-support';
import { COUPON_PAGE_SIZE, CouponsModel } from './model';

const ROUTE = '/ad-center/coupons';

const panel = (m: Mounted) => $(m, '[role="tabpanel"]:not([hidden])')!;
const cards = (m: Mounted) => Array.from(panel(m).querySelectorAll<HTMLElement>('article.ma-coupon'));
const nameOf = (c: HTMLElement) => c.querySelector('.ma-coupon__name')!.textContent;
const byName = (m: Mounted, name: string) => cards(m).filter((c) => nameOf(c) === name);
/** A tab by its state's word, whatever count follows it ("Unused (14)"). */
const tab = (m: Mounted, name: string) =>
  $$(m, '[role="tab"]').find((t) => t.textContent === name || t.textContent.startsWith(`${name} (`))!;
const dialog = (m: Mounted) => $(m, '[role="dialog"]');
const dialogButton = (m: Mounted, name: string) =>
  Array.from(dialog(m)!.querySelectorAll('button')).find((b) => b.textContent === name)!;
const redeemButton = (c: HTMLElement) =>
  Array.from(c.querySelectorAll('button')).find((b) => b.textContent === 'Redeem');
const isWallet = (c: Coupon) => COUPON_USE[c.kind] === 'wallet';

async function open(token: string, language?: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: ROUTE, ...(language ? { language } : {}) });
  await waitRoute(m, ROUTE);
  await waitFor(() => cards(m).length > 0, 'first page');
  return m;
}

async function list(token: string, state: string, page = 1, size = 50) {
  return (await apiCall<CouponPage>(token, `/user_coupon/list?state=${state}&page=${page}&page_size=${size}`)).data;
}
const discount = async (token: string) => (await apiCall<Property>(token, '/user/property')).data.discount_amount;

/**
 * Scrolls the shown tab's list to its end, a page at a time, until the server's total is on screen: each round
 * waits for the page in flight to land, then brings the end into view so the list's observer sees it (scrollToEnd
 * says why scrolling to the end over and over could leave the list waiting for ever), then waits for the next page.
 */
async function loadAll(m: Mounted, total: number) {
  const feed = () => panel(m).querySelector('.ma-list__feed');
  while (cards(m).length < total) {
    const shown = cards(m).length;
    await waitFor(() => feed()?.getAttribute('aria-busy') === 'false', `the page up to ${shown} coupons settled`);
    await scrollToEnd(panel(m).querySelector<HTMLElement>('.ma-pull-refresh')!);
    await waitFor(() => cards(m).length > shown, `more than ${shown} of ${total} coupons`);
  }
  expect(cards(m), 'no more than the server holds').to.have.length(total);
}

/** Redeems a shown wallet coupon through the sheet: Redeem, then the sheet's Redeem. */
async function redeemViaSheet(m: Mounted, card: HTMLElement) {
  redeemButton(card)!.click();
  await waitFor(() => dialog(m), 'the confirm sheet');
  dialogButton(m, 'Redeem').click();
  await waitFor(() => !dialog(m), 'the sheet closed');
}

const KINDS = [
  'Discount coupon',
  'Deduction coupon',
  'Addition coupon',
  'Fixed-amount coupon',
  'Value-added voucher',
  'Deduction voucher',
  'Team coupon',
  'Custom coupon',
];
const en = (n: number | string, o?: Intl.NumberFormatOptions) => new Intl.NumberFormat('en-US', o).format(n as number);
const money = (s: string) => en(s, { style: 'currency', currency: 'USD' });
const date = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const DAY_MS = 86_400_000;

describe('coupons', () => {
  afterEach(unmountAll);

  it("ARIA tabs with each state's count; each list in the server's order (unused soonest expiry first, used newest use first, expired newest expiry first); paging; axe clean", async () => {
    const { token } = await freshMerchant();
    const unused = await list(token, 'unused');
    const { counts } = unused;
    const m = await open(token);
    expect($(m, '[role="tablist"]')!.getAttribute('aria-label')).to.equal('Coupons by state');
    await waitFor(() => tab(m, 'Unused').textContent === `Unused (${counts.unused})`, 'the counts in the tabs');
    expect($$(m, '[role="tab"]').map((t) => [t.textContent, t.getAttribute('aria-selected')])).to.deep.equal([
      [`Unused (${counts.unused})`, 'true'],
      [`Used (${counts.used})`, 'false'],
      [`Expired (${counts.expired})`, 'false'],
    ]);
    expect(counts.unused, 'the seed holds more than a page').to.be.greaterThan(COUPON_PAGE_SIZE);

    await waitFor(() => $(m, '.ma-list__feed')?.getAttribute('aria-busy') === 'false', 'first page settled');
    expect(cards(m), 'one page first').to.have.length(COUPON_PAGE_SIZE);
    await loadAll(m, unused.total);
    expect(cards(m).map(nameOf)).to.deep.equal(unused.list.map((c) => c.name.en));
    const expiries = unused.list.map((c) => Date.parse(c.expire_time));
    expect(expiries, "the server's unused: soonest expiry first").to.deep.equal([...expiries].sort((a, b) => a - b));
    await waitFor(() => panel(m).textContent.includes('No more'), 'the end of the list');
    await expectAxeClean(m.shadow);

    for (const [name, state] of [
      ['Used', 'used'],
      ['Expired', 'expired'],
    ] as const) {
      tab(m, name).click();
      await waitFor(() => tab(m, name).getAttribute('aria-selected') === 'true', `${name} selected`);
      const want = await list(token, state);
      expect(want.total).to.equal(counts[state]);
      await waitFor(() => cards(m).length === want.total, `${want.total} ${state}`);
      expect(cards(m).map(nameOf)).to.deep.equal(want.list.map((c) => c.name.en));
      const times = want.list.map((c) => Date.parse(state === 'used' ? c.used_time! : c.expire_time));
      expect(times, `the server's ${state}: newest first`).to.deep.equal([...times].sort((a, b) => b - a));
      if (state === 'used') {
        const received = want.list.map((c) => c.receive_time);
        expect(received, 'used: the order of use, not of receipt').to.not.deep.equal([...received].sort().reverse());
      }
      await expectAxeClean(m.shadow);
    }
    // Keys move between the tabs too.
    tab(m, 'Expired').focus();
    tab(m, 'Expired').dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    await waitFor(() => tab(m, 'Unused').getAttribute('aria-selected') === 'true', 'Home selects the first tab');
  });

  it('each state said once and looking its own: unused with its expiry and what to do, used with a check stamp in full colour, expired muted', async () => {
    const { token } = await freshMerchant();
    const [unused, used, expired] = await Promise.all(['unused', 'used', 'expired'].map((s) => list(token, s)));
    const m = await open(token);
    const look = (c: HTMLElement) => ({
      value: getComputedStyle(c.querySelector('.ma-coupon__value')!).color,
      stub: getComputedStyle(c.querySelector('.ma-coupon__stub')!).backgroundColor,
    });
    const fresh = look(cards(m)[0]);
    for (const [i, c] of unused.list.slice(0, COUPON_PAGE_SIZE).entries()) {
      const card = cards(m)[i];
      expect(card.querySelector('.ma-coupon__stamp'), 'no stamp: unused is the plain state').to.equal(null);
      expect(card.textContent).to.include(`Expires ${date(c.expire_time)}`);
    }

    tab(m, 'Used').click();
    await waitFor(
      () => tab(m, 'Used').getAttribute('aria-selected') === 'true' && cards(m).length === used.total,
      'the used list',
    );
    for (const [i, c] of used.list.entries()) {
      const card = cards(m)[i];
      const stamp = card.querySelector('.ma-coupon__stamp')!;
      expect(stamp.textContent, 'the state and its date, once').to.equal(`Used on ${date(c.used_time!)}`);
      expect(stamp.querySelector('svg'), 'a check').to.exist;
      expect(card.textContent.split('Used').length - 1, 'said once').to.equal(1);
      expect(card.textContent).to.not.include('Expires');
      expect(card.querySelector('button'), 'nothing to redeem').to.equal(null);
      expect(card.classList.contains('ma-coupon--muted'), 'not greyed like an expired one').to.equal(false);
      expect(look(card), 'the value keeps its colours').to.deep.equal(fresh);
    }

    tab(m, 'Expired').click();
    await waitFor(
      () => tab(m, 'Expired').getAttribute('aria-selected') === 'true' && cards(m).length === expired.total,
      'the expired list',
    );
    for (const [i, c] of expired.list.entries()) {
      const card = cards(m)[i];
      expect(card.querySelector('.ma-coupon__stamp')!.textContent).to.equal(`Expired on ${date(c.expire_time)}`);
      expect(card.textContent.split('Expire').length - 1, 'said once').to.equal(1);
      expect(card.querySelector('button')).to.equal(null);
      expect(card.classList.contains('ma-coupon--muted')).to.equal(true);
      const l = look(card);
      expect(l.value, 'an expired value is greyed').to.not.equal(fresh.value);
      expect(l.stub).to.not.equal(fresh.stub);
    }
    await expectAxeClean(m.shadow);
  });

  it('every kind worded: its value, what it is for (a wallet coupon has Redeem, a put coupon applies when a plan is put) and its expiry; "Expires soon" within a day', async () => {
    const { token } = await freshMerchant();
    const unused = await list(token, 'unused');
    const m = await open(token);
    await loadAll(m, unused.total);
    // A first visit has no stored config yet: amounts are money once the config that names the currency is in.
    await waitFor(
      () => cards(m).some((c) => c.querySelector('.ma-coupon__value')!.textContent.startsWith('$')),
      'the currency from the config',
    );
    const kinds = new Set(cards(m).map((c) => c.querySelector('.ma-coupon__kind > span')!.textContent));
    expect([...kinds].sort()).to.deep.equal([...KINDS].sort());
    const now = Date.now();
    const soon = unused.list.filter((c) => Date.parse(c.expire_time) - now < DAY_MS);
    expect(soon, "the seed's coupon that expires within the next day").to.have.length(1);
    for (const [i, c] of unused.list.entries()) {
      const card = cards(m)[i];
      const value =
        c.kind === 'discount'
          ? `${en(Number(c.amount) / 100, { style: 'percent', maximumFractionDigits: 2 })} off`
          : money(c.amount);
      expect(card.querySelector('.ma-coupon__value')!.textContent, c.name.en).to.equal(value);
      expect(card.textContent).to.include(`Expires ${date(c.expire_time)}`);
      if (isWallet(c)) {
        expect(c.requirement, 'a wallet coupon has no put requirement').to.equal('0.00');
        expect(card.textContent).to.include("For your wallet's discount amount");
        expect(redeemButton(card), `${c.kind}: Redeem`).to.exist;
        expect(card.textContent).to.not.include('Applies when you put a plan');
      } else {
        expect(card.textContent).to.include(
          Number(c.requirement) === 0 ? 'No minimum put amount' : `For puts from ${money(c.requirement)}`,
        );
        expect(card.querySelector('button'), `${c.kind}: nothing to tap`).to.equal(null);
        expect(card.querySelector('.ma-coupon__note')!.textContent).to.equal('Applies when you put a plan');
      }
      const mark = card.querySelector('.ma-coupon__mark');
      expect(mark?.textContent ?? null, c.name.en).to.equal(soon.includes(c) ? 'Expires soon' : null);
    }
    expect(cards(m)[0].querySelector('.ma-coupon__mark'), 'the one that runs out first is first').to.exist;
    expect(
      cards(m).some((c) => /^\d+% off$/.test(c.querySelector('.ma-coupon__value')!.textContent)),
      'a discount as a percentage',
    ).to.equal(true);
  });

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

  it('a page that fails to load says so and reloads on a tap; so does the discount amount', async () => {
    const { token } = await freshMerchant();
    await apiFault('/user_coupon/list', token, 'fail');
    await apiFault('/user/property', token, 'fail');
    try {
      const m = await mountApp({ token, initialRoute: ROUTE });
      await waitRoute(m, ROUTE);
      const retry = await waitFor(
        () =>
          Array.from(panel(m).querySelectorAll('button')).find(
            (b) => b.textContent === 'Request failed, tap to reload',
          ),
        "the list's reload button",
      );
      expect(panel(m).querySelector('.ma-empty'), 'a failure is not an empty list').to.equal(null);
      await waitFor(
        () => $(m, '.ma-coupons__wallet')!.textContent.includes('Could not load the discount amount.'),
        "the discount amount's failure",
      );
      await expectAxeClean(m.shadow);
      await apiFault('/user_coupon/list', token, null);
      await apiFault('/user/property', token, null);
      (retry as HTMLElement).click();
      await waitFor(() => cards(m).length === COUPON_PAGE_SIZE, 'the first page after the retry');
      Array.from($(m, '.ma-coupons__wallet')!.querySelectorAll('button'))
        .find((b) => b.textContent === 'Retry')!
        .click();
      await waitFor(() => $(m, '.ma-coupons__discount-value'), 'the discount amount after its retry');
    } finally {
      await apiFault('/user_coupon/list', token, null);
      await apiFault('/user/property', token, null);
    }
  });

  it('an empty tab says so and offers a way forward', async () => {
    // A merchant who registered here and holds no coupon yet.
    const username = unique('empty');
    const reg = await fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username,
        password: 'secret123',
        confirm_password: 'secret123',
        email: `${username}@example.com`,
        phone: '+4915112345678',
        license_key: 'DEMO-LICENSE',
        terms: true,
      }),
    }).then((r) => r.json());
    expect(reg.code, JSON.stringify(reg)).to.equal(200);
    const m = await mountApp({ token: reg.data.token, initialRoute: ROUTE });
    await waitRoute(m, ROUTE);
    await waitFor(() => panel(m).querySelector('.ma-empty'), 'empty state');
    expect(panel(m).textContent).to.include('No coupons to use right now.');
    expect(tab(m, 'Unused').textContent).to.equal('Unused (0)');
    await waitFor(() => $(m, '.ma-coupons__discount-value')?.textContent === money('0'), 'no discount amount yet');
    expect(panel(m).querySelector('.ma-skeleton'), 'no skeleton once answered').to.equal(null);
    await expectAxeClean(m.shadow);
    tab(m, 'Used').click();
    await waitFor(() => panel(m).textContent.includes('No used coupons yet.'), 'used empty');
    tab(m, 'Unused').click();
    await waitFor(() => tab(m, 'Unused').getAttribute('aria-selected') === 'true', 'back on unused');
    (
      Array.from(panel(m).querySelectorAll('button')).find((b) => b.textContent === 'Get coupons') as HTMLElement
    ).click();
    await waitRoute(m, '/ad-center/activities');
  });

  /** How many lines an element's text takes: the line boxes of its text nodes, by their tops. */
  const lines = (el: Element) => {
    const tops = new Set<number>();
    const range = document.createRange();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      range.selectNodeContents(n);
      for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size;
  };

  for (const lang of ['de', 'ru', 'th']) {
    it(`${lang} at 320 and 390 px: each tab says its state and count on one line; a tab that does not fit is scrolled to, whole, when chosen`, async () => {
      const { token } = await freshMerchant(lang);
      const m = await open(token, lang);
      await waitFor(() => /\d\)$|\d）$/.test($$(m, '[role="tab"]')[0].textContent), 'the counts');
      const strip = $(m, '[role="tablist"]')!;
      for (const width of [320, 390]) {
        await resize(m, width);
        const tabs = seenElements(m, '[role="tab"]');
        expect(tabs.length, `${width}: the first tabs seen`).to.be.at.least(2);
        expect(
          [...brokenWords(strip, lang), ...overflowingWords(strip, lang)],
          `${width}: no word broken or sticking out`,
        ).to.deep.equal([]);
        for (const t of $$(m, '[role="tab"]')) {
          expect(lines(t), `${width}: "${t.textContent}" on one line`).to.equal(1);
          expect(t.getBoundingClientRect().height, `${t.textContent}: a 44 px tab`).to.be.at.least(44);
        }
      }
      // Each tab in turn: chosen, the strip brings it into view, and a person reads it whole.
      await resize(m, 320);
      for (const t of $$(m, '[role="tab"]').reverse()) {
        t.click();
        await waitFor(
          () => t.getAttribute('aria-selected') === 'true' && isSeen(m, t) && cutTexts(m, t).length === 0,
          `"${t.textContent}" chosen and seen whole`,
        );
        expect(seenText(m, t)).to.equal(t.textContent);
      }
    });
  }

  for (const lang of ['de', 'ru', 'th']) {
    it(`${lang} at 320 px: the discount amount, tabs with counts, cards and buttons fit, nothing is cut`, async () => {
      const { token } = await freshMerchant(lang);
      const m = await open(token, lang);
      await waitFor(
        () => $(m, '.ma-coupons__discount-value') && /\d\)$|\d）$/.test($$(m, '[role="tab"]')[0].textContent),
        'the discount amount and the counts',
      );
      await resize(m, 320);
      const main = $(m, 'main')!;
      expect(overflowing(main, main), text(m).slice(0, 80)).to.deep.equal([]);
      for (const t of $$(m, '[role="tab"]'))
        expect(t.getBoundingClientRect().height, `${t.textContent}: a 44 px tab`).to.be.at.least(44);
      const buttons = $$(m, 'main button').filter(
        (b) => b.getClientRects().length && !b.classList.contains('ma-pull-refresh__a11y'),
      );
      expect(buttons.length).to.be.greaterThan(3);
      for (const b of buttons) expect(b.getBoundingClientRect().height, `${b.textContent}: 44 px`).to.be.at.least(44);
      const card = cards(m)[0].getBoundingClientRect();
      expect(card.left - main.getBoundingClientRect().left, '16 px side padding').to.equal(16);
      if (lang === 'de')
        expect(
          cards(m).some((c) => /\d\s?%\s+Rabatt/.test(c.textContent)),
          'the percentage in German',
        ).to.equal(true);
    });
  }
});
