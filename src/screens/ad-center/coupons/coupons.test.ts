import { expect } from 'chai';
import type { Coupon, Page } from '../../../api/contract';
import { createInstance } from '../../../app/instance';
import { disposeModel } from '../../../kit';
import { shell } from '../../../shell';
import { $, $$, apiFault, freshMerchant, mountApp, text, unique, unmountAll, waitFor, waitRoute, type Mounted } from '../../../../test/browser/support/app';
import { resize } from '../../../../test/browser/support/design';
import { expectAxeClean, scrollToEnd } from '../../../../test/browser/support/render';
import { apiCall, overflowing, toastNow } from '../../shared/coupon/test-support';
import { COUPON_PAGE_SIZE, CouponsModel } from './model';

const ROUTE = '/ad-center/coupons';

const panel = (m: Mounted) => $(m, '[role="tabpanel"]:not([hidden])')!;
const cards = (m: Mounted) => Array.from(panel(m).querySelectorAll<HTMLElement>('article.ma-coupon'));
const nameOf = (c: HTMLElement) => c.querySelector('.ma-coupon__name')!.textContent!;
const byName = (m: Mounted, name: string) => cards(m).filter((c) => nameOf(c) === name);
const tab = (m: Mounted, name: string) => $$(m, '[role="tab"]').find((t) => t.textContent === name)!;

async function open(token: string, language?: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: ROUTE, ...(language ? { language } : {}) });
  await waitRoute(m, ROUTE);
  await waitFor(() => cards(m).length > 0, 'first page');
  return m;
}

async function list(token: string, state: string, page = 1, size = 50) {
  return (await apiCall<Page<Coupon>>(token, `/user_coupon/list?state=${state}&page=${page}&page_size=${size}`)).data;
}

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

const KINDS = ['Discount coupon', 'Deduction coupon', 'Addition coupon', 'Fixed-amount coupon', 'Value-added voucher', 'Deduction voucher', 'Team coupon', 'Custom coupon'];
const en = (n: number | string, o?: Intl.NumberFormatOptions) => new Intl.NumberFormat('en-US', o).format(n as number);
const money = (s: string) => en(s, { style: 'currency', currency: 'USD' });
const date = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

describe('coupons (issue 11)', () => {
  afterEach(unmountAll);

  it('ARIA tabs unused / used / expired, each listing its own coupons; paging loads more; axe clean', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    expect($(m, '[role="tablist"]')!.getAttribute('aria-label')).to.equal('Coupons by state');
    expect($$(m, '[role="tab"]').map((t) => [t.textContent, t.getAttribute('aria-selected')])).to.deep.equal([
      ['Unused', 'true'], ['Used', 'false'], ['Expired', 'false'],
    ]);

    const unused = await list(token, 'unused');
    expect(unused.total, 'the seed holds more than a page').to.be.greaterThan(COUPON_PAGE_SIZE);
    await waitFor(() => $(m, '.ma-list__feed')?.getAttribute('aria-busy') === 'false', 'first page settled');
    expect(cards(m), 'one page first').to.have.length(COUPON_PAGE_SIZE);
    await loadAll(m, unused.total);
    expect(cards(m).map(nameOf)).to.deep.equal(unused.list.map((c) => c.name.en));
    await waitFor(() => panel(m).textContent!.includes('No more'), 'the end of the list');
    for (const c of cards(m)) {
      expect(c.querySelector('button')?.textContent).to.equal('Receive');
      expect(c.textContent).to.match(/Expires /);
    }
    await expectAxeClean(m.shadow);

    for (const [name, state, stamp] of [['Used', 'used', 'Used'], ['Expired', 'expired', 'Expired']] as const) {
      tab(m, name).click();
      await waitFor(() => tab(m, name).getAttribute('aria-selected') === 'true', `${name} selected`);
      const want = await list(token, state);
      expect(want.total).to.be.greaterThan(0);
      await waitFor(() => cards(m).length === want.total, `${want.total} ${state}`);
      expect(cards(m).map(nameOf)).to.deep.equal(want.list.map((c) => c.name.en));
      for (const [i, c] of cards(m).entries()) {
        expect(c.querySelector('.ma-coupon__stamp')?.textContent, 'the state in words').to.equal(stamp);
        expect(c.querySelector('button'), 'nothing to receive').to.equal(null);
        const when = state === 'used' ? `Used ${date(want.list[i]!.used_time!)}` : `Expired ${date(want.list[i]!.expire_time)}`;
        expect(c.textContent).to.include(when);
      }
      await expectAxeClean(m.shadow);
    }
    // Keys move between the tabs too.
    tab(m, 'Expired').focus();
    tab(m, 'Expired').dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    await waitFor(() => tab(m, 'Unused').getAttribute('aria-selected') === 'true', 'Home selects the first tab');
  });

  it('every kind is worded with its amount, its requirement and its expiry', async () => {
    const { token } = await freshMerchant();
    const unused = await list(token, 'unused');
    const m = await open(token);
    await loadAll(m, unused.total);
    const kinds = new Set(cards(m).map((c) => c.querySelector('.ma-coupon__kind')!.textContent));
    expect([...kinds].sort()).to.deep.equal([...KINDS].sort());
    for (const [i, c] of unused.list.entries()) {
      const card = cards(m)[i]!;
      const value = c.kind === 'discount' ? `${en(Number(c.amount) / 100, { style: 'percent', maximumFractionDigits: 2 })} off` : money(c.amount);
      expect(card.querySelector('.ma-coupon__value')!.textContent, c.name.en).to.equal(value);
      const requirement = Number(c.requirement) === 0 ? 'No minimum put amount' : `For puts from ${money(c.requirement)}`;
      expect(card.textContent).to.include(requirement);
      expect(card.textContent).to.include(`Expires ${date(c.expire_time)}`);
    }
    expect(cards(m).some((c) => /^\d+% off$/.test(c.querySelector('.ma-coupon__value')!.textContent!)), 'a discount as a percentage').to.equal(true);
  });

  it('receiving moves a coupon from unused to used', async () => {
    const { token } = await freshMerchant();
    const page = await list(token, 'unused', 1, COUPON_PAGE_SIZE);
    const names = page.list.map((c) => c.name.en!);
    const pick = page.list.find((c) => names.filter((n) => n === c.name.en).length === 1)!;
    const m = await open(token);
    const [card] = byName(m, pick.name.en!);
    card!.querySelector('button')!.click();
    await waitFor(() => toastNow(m.shadow) === 'Coupon received and applied', 'success toast');
    await waitFor(() => byName(m, pick.name.en!).length === 0, 'gone from unused');
    expect((await list(token, 'unused')).total).to.equal(page.total - 1);

    tab(m, 'Used').click();
    const used = await list(token, 'used');
    await waitFor(() => cards(m).length === used.total, 'the used list');
    const moved = byName(m, pick.name.en!);
    expect(moved, 'now among the used').to.have.length(1);
    expect(moved[0]!.querySelector('.ma-coupon__stamp')!.textContent).to.equal('Used');
  });

  it('a coupon used elsewhere, or a second of its name today: the message, and the list shows what is true', async () => {
    const { token } = await freshMerchant();
    const page = await list(token, 'unused', 1, COUPON_PAGE_SIZE);
    const names = page.list.map((c) => c.name.en!);
    const single = page.list.find((c) => names.filter((n) => n === c.name.en).length === 1)!;
    const twin = page.list.find((c) => c.id !== single.id && names.filter((n) => n === c.name.en).length === 2)!;
    const [first, second] = page.list.filter((c) => c.name.en === twin.name.en);
    const m = await open(token);

    // Used on another device after this list loaded.
    expect((await apiCall(token, '/user_coupon/receive', { coupon_id: single.id, request_id: unique('elsewhere') })).code).to.equal(200);
    byName(m, single.name.en!)[0]!.querySelector('button')!.click();
    await waitFor(() => toastNow(m.shadow) === 'Coupon has been used', 'used message');
    await waitFor(() => byName(m, single.name.en!).length === 0, 'the list reloaded without it');

    // One of a pair received today: the other is refused until tomorrow, and stays unused.
    expect((await apiCall(token, '/user_coupon/receive', { coupon_id: first!.id, request_id: unique('pair') })).code).to.equal(200);
    await waitFor(() => toastNow(m.shadow) === '', 'the last toast gone');
    const cardsOfPair = byName(m, twin.name.en!);
    expect(cardsOfPair, 'both still shown until the list reloads').to.have.length(2);
    const secondIndex = page.list.filter((c) => c.name.en === twin.name.en).indexOf(second!);
    cardsOfPair[secondIndex]!.querySelector('button')!.click();
    await waitFor(() => toastNow(m.shadow) === 'You can receive one coupon of this name per day', 'daily message');
    await waitFor(() => byName(m, twin.name.en!).length === 1, 'the received one gone, the refused one kept');
    expect((await list(token, 'unused')).list.some((c) => c.id === second!.id), 'still unused on the server').to.equal(true);
  });

  it('an expired coupon is refused with its message (the receive action against the real server)', async () => {
    const { token } = await freshMerchant();
    const expired = (await list(token, 'expired')).list[0]!;
    const host = document.createElement('div');
    host.style.cssText = 'width:375px;height:667px;position:relative;';
    document.body.appendChild(host);
    const instance = createInstance(host, { apiBase: '/api', routing: 'memory', token, localesBase: '/locales/', storagePrefix: `${unique('c')}:`, initialRoute: ROUTE }, shell);
    await instance.ready;
    // The screen showed it as unused a moment before it expired: what it had is what it sends.
    const model = new CouponsModel(instance.services);
    try {
      const outcome = await model.receive.run({ ...expired, state: 'unused' });
      expect(outcome).to.deep.equal({ status: 'refused', reason: 'coupon_expired' });
      await waitFor(() => toastNow(host.shadowRoot!) === 'Coupon has expired', 'expired message');
    } finally {
      disposeModel(model);
      instance.destroy();
      host.remove();
    }
  });

  it('a page that fails to load says so and reloads on a tap', async () => {
    const { token } = await freshMerchant();
    await apiFault('/user_coupon/list', token, 'fail');
    try {
      const m = await mountApp({ token, initialRoute: ROUTE });
      await waitRoute(m, ROUTE);
      const retry = await waitFor(() => Array.from(panel(m).querySelectorAll('button')).find((b) => b.textContent === 'Request failed, tap to reload'), 'the list\'s reload button');
      expect(panel(m).querySelector('.ma-empty'), 'a failure is not an empty list').to.equal(null);
      await expectAxeClean(m.shadow);
      await apiFault('/user_coupon/list', token, null);
      (retry as HTMLElement).click();
      await waitFor(() => cards(m).length === COUPON_PAGE_SIZE, 'the first page after the retry');
    } finally {
      await apiFault('/user_coupon/list', token, null);
    }
  });

  it('an empty tab says so and offers a way forward', async () => {
    // A merchant who registered here and holds no coupon yet.
    const username = unique('empty');
    const reg = await fetch('/api/auth/register', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: 'secret123', confirm_password: 'secret123', email: `${username}@example.com`, phone: '+4915112345678', license_key: 'DEMO-LICENSE', terms: true }),
    }).then((r) => r.json());
    expect(reg.code, JSON.stringify(reg)).to.equal(200);
    const m = await mountApp({ token: reg.data.token, initialRoute: ROUTE });
    await waitRoute(m, ROUTE);
    await waitFor(() => panel(m).querySelector('.ma-empty'), 'empty state');
    expect(panel(m).textContent).to.include('No coupons to use right now.');
    expect($(m, '.ma-skeleton'), 'no skeleton once answered').to.equal(null);
    await expectAxeClean(m.shadow);
    tab(m, 'Used').click();
    await waitFor(() => panel(m).textContent!.includes('No used coupons yet.'), 'used empty');
    tab(m, 'Unused').click();
    await waitFor(() => tab(m, 'Unused').getAttribute('aria-selected') === 'true', 'back on unused');
    (Array.from(panel(m).querySelectorAll('button')).find((b) => b.textContent === 'Get coupons') as HTMLElement).click();
    await waitRoute(m, '/ad-center/activities');
  });

  for (const lang of ['de', 'ru', 'th']) {
    it(`${lang} at 320 px: tabs, cards and buttons fit, nothing is cut`, async () => {
      const { token } = await freshMerchant(lang);
      const m = await open(token, lang);
      await resize(m, 320);
      const main = $(m, 'main')!;
      expect(overflowing(main, main), text(m).slice(0, 80)).to.deep.equal([]);
      for (const t of $$(m, '[role="tab"]')) expect(t.getBoundingClientRect().height, `${t.textContent}: a 44 px tab`).to.be.at.least(44);
      for (const b of cards(m).map((c) => c.querySelector('button')!)) expect(b.getBoundingClientRect().height).to.be.at.least(44);
      const card = cards(m)[0]!.getBoundingClientRect();
      expect(card.left - main.getBoundingClientRect().left, '16 px side padding').to.equal(16);
      if (lang === 'de') expect(cards(m).some((c) => /\d\s?%\s+Rabatt/.test(c.textContent!)), 'the percentage in German').to.equal(true);
    });
  }
});
