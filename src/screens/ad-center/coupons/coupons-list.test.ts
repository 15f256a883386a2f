/** Coupons: the tabs with their counts, each state's list in the server's order, and each kind's wording. */
import { expect } from 'chai';
import { $, $$, freshMerchant, unmountAll, waitFor } from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { COUPON_PAGE_SIZE } from './model';
import { cards, en, isWallet, list, loadAll, money, nameOf, open, panel, redeemButton, tab } from './test-support';

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
const date = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const DAY_MS = 86_400_000;

describe("coupons: the tabs and each state's list", () => {
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
});
