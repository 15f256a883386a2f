import { expect } from 'chai';
import type { FundingDetail } from '../../../api/shapes/wallet';
import { $, $$, testApi, unmountAll, waitFor } from '../../../../test/browser/support/app';
import { expectAxeClean, nextFrame, scrollToEnd } from '../../../../test/browser/support/render';
import { deepActiveElement } from '../../../ui/overlay/focus';
import { FLOW_PAGE_SIZE, monthOf } from './model';
import { merchant } from '../test-support';
import {
  PAY_PASSWORD,
  property,
  ledger,
  money,
  scroller,
  rows,
  headers,
  figure,
  entry,
  dialogs,
  dialog,
  openWallet,
} from './test-support';

/** The wallet's figures, entries and ledger against the reference server: months, paging, a row's detail, refresh. */

const TYPES: Record<FundingDetail['type'], string> = {
  ad_billing: 'Ad billing',
  ad_serving: 'Ad serving',
  system_topup: 'System top-up',
  manual_withdrawal: 'Manual withdrawal',
  system_debit: 'System chargeback or debit',
  virtual_recharge_deduction: 'Virtual recharge deduction',
  vip_subscription: 'VIP subscription',
  profit_sharing: 'Profit sharing',
};
const signed = (s: string) => `${s.startsWith('-') ? '−' : '+'}${money(s)}`;

describe('wallet figures and ledger', () => {
  afterEach(unmountAll);

  it("figures as the server has them; the ledger by month under sticky headers with each month's totals, every type worded, \"None\" for no remark, paged to its end in the server's order; a row's detail; axe clean", async function () {
    this.timeout(20_000);
    const { token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank' });
    const p = await property(token);
    const server = await ledger(token);
    const m = await openWallet(token);

    expect($(m, '.ma-wallet__total')!.textContent).to.equal(money(p.total_assets));
    expect(figure(m, 'Available balance')).to.equal(money(p.balance));
    expect(figure(m, 'To be consumed')).to.equal(money(p.to_be_consumed));
    expect(figure(m, 'To be settled')).to.equal(money(p.to_be_settled));
    expect(figure(m, 'Discount amount'), 'the discount only when not zero').to.equal(
      Number(p.discount_amount) ? money(p.discount_amount) : undefined,
    );
    // The bound card is its own load, which may answer after the figures.
    const note = await waitFor(
      () => entry(m, 'Bind card').querySelector('.ma-wallet__entry-note'),
      'the bound account',
    );
    expect(note.textContent, 'the bound account, masked').to.equal('•••• 8842');
    for (const b of $$(m, '.ma-wallet__entry')) {
      const r = b.getBoundingClientRect();
      expect(r.width >= 44 && r.height >= 44, `${b.textContent} is a 44 px target`).to.equal(true);
    }

    // A page, then the rest as the list scrolls to its end, in the server's order.
    expect(server.rows.length).to.be.greaterThan(FLOW_PAGE_SIZE);
    expect(rows(m)).to.have.length(FLOW_PAGE_SIZE);
    while (rows(m).length < server.rows.length) {
      const before = rows(m).length;
      await scrollToEnd(scroller(m));
      await waitFor(() => rows(m).length > before, `more than ${before} rows`);
    }
    await waitFor(() => $(m, '.ma-list__finished'), 'the end of the list');
    expect(rows(m).map((r) => Number(r.dataset.id))).to.deep.equal(server.rows.map((r) => r.id));

    // Every row: its type's words, time, signed amount in its colour, remark or "None".
    const shown = new Set<string>();
    rows(m).forEach((el, i) => {
      const f = server.rows[i];
      expect(el.querySelector('.ma-flow__type')!.textContent).to.equal(TYPES[f.type]);
      expect(el.querySelector('.ma-flow__amount')!.textContent).to.equal(signed(f.amount));
      expect(
        el
          .querySelector('.ma-flow__amount')!
          .classList.contains(f.amount.startsWith('-') ? 'ma-flow__amount--out' : 'ma-flow__amount--in'),
      ).to.equal(true);
      expect(el.querySelector('time')!.getAttribute('datetime')).to.equal(f.time);
      expect(el.querySelector('.ma-flow__remark')!.textContent).to.equal(f.remark || 'None');
      shown.add(f.type);
    });
    expect([...shown].sort(), 'all eight types').to.deep.equal(Object.keys(TYPES).sort());
    expect(
      server.rows.some((f) => !f.remark),
      'a row without a remark',
    ).to.equal(true);

    // Months: one header per month, newest first, each with the server's whole-month totals.
    const months = [...new Set(server.rows.map((f) => monthOf(f.time)))];
    expect(months.length).to.be.greaterThan(2);
    expect(headers(m).map((h) => h.dataset.month)).to.deep.equal(months);
    for (const h of headers(m)) {
      const t = server.months.get(h.dataset.month!)!;
      expect(h.querySelector('.ma-ledger__in')!.textContent).to.equal(`Income ${money(t.income)}`);
      expect(h.querySelector('.ma-ledger__out')!.textContent).to.equal(`Expense ${money(t.expense)}`);
      const [y, mo] = h.dataset.month!.split('-').map(Number);
      expect(h.querySelector('.ma-ledger__month-name')!.textContent).to.equal(
        new Date(y, mo - 1, 1).toLocaleDateString('en-US', { year: 'numeric', month: 'long' }),
      );
    }
    // Sticky: scrolled into the middle of the month with the most rows, its header holds the top of the scroller.
    const byMonth = months
      .map((k) => ({ k, n: server.rows.filter((f) => monthOf(f.time) === k).length }))
      .sort((a, b) => b.n - a.n)[0];
    const header = headers(m).find((h) => h.dataset.month === byMonth.k)!;
    const rowsOfMonth = rows(m).filter(
      (r) => monthOf(server.rows.find((f) => f.id === Number(r.dataset.id))!.time) === byMonth.k,
    );
    const middle = rowsOfMonth[Math.floor(rowsOfMonth.length / 2)];
    scroller(m).scrollTop +=
      middle.getBoundingClientRect().top - scroller(m).getBoundingClientRect().top - header.offsetHeight;
    await nextFrame();
    expect(getComputedStyle(header).position).to.equal('sticky');
    expect(header.getBoundingClientRect().top, 'the header sticks to the top').to.be.closeTo(
      scroller(m).getBoundingClientRect().top,
      1,
    );
    expect(middle.getBoundingClientRect().top).to.be.greaterThan(header.getBoundingClientRect().top);
    await expectAxeClean(m.shadow);

    // A row's detail: type, amount, balance after, time, remark, id; Escape closes it.
    const f = server.rows.find((x) => x.remark && x.amount.startsWith('-'))!;
    rows(m)
      .find((r) => Number(r.dataset.id) === f.id)!
      .querySelector('button')!
      .click();
    await waitFor(() => dialog(m)?.querySelector('.ma-flow-detail'), 'the detail');
    const facts = Object.fromEntries(
      Array.from(dialog(m)!.querySelectorAll('.ma-flow-detail > div')).map((d) => [
        d.querySelector('dt')!.textContent,
        d.querySelector('dd')!.textContent,
      ]),
    );
    expect(facts).to.include({
      Type: TYPES[f.type],
      Amount: signed(f.amount),
      'Balance after': money(f.balance_after),
      Remark: f.remark,
      'Transaction ID': String(f.id),
    });
    expect(facts.Time).to.match(/\d{4}/);
    await expectAxeClean(m.shadow);
    dialog(m)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => dialogs(m).length === 0, 'the detail closed');

    // "Funding details" takes focus to the ledger.
    scroller(m).scrollTop = 0;
    entry(m, 'Funding details').click();
    await waitFor(() => deepActiveElement() === $(m, '.ma-wallet__ledger'), 'the ledger focused');
  });

  it("refresh: a row added on the server shows on top with its month's totals, and the figures follow", async () => {
    const { username, token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank' });
    const m = await openWallet(token);
    const before = await property(token);
    const balance = (Number(before.balance) + 250).toFixed(2);
    await testApi('wallet', { username, balance });
    const server = await ledger(token);
    expect(server.rows[0].type).to.equal('system_topup');
    $(m, '.ma-pull-refresh__a11y')!.click();
    await waitFor(() => Number(rows(m)[0]?.dataset.id) === server.rows[0].id, 'the new row on top');
    expect(rows(m)[0].querySelector('.ma-flow__amount')!.textContent).to.equal('+$250.00');
    await waitFor(() => figure(m, 'Available balance') === money(balance), 'the new balance');
    const month = server.months.get(monthOf(server.rows[0].time))!;
    expect(headers(m)[0].querySelector('.ma-ledger__in')!.textContent).to.equal(`Income ${money(month.income)}`);
  });
});
