import { expect } from 'chai';
import type { FlowPage, FundingDetail, MonthTotals, Property } from '../../../api/shapes/wallet';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  mountApp,
  testApi,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean, nextFrame, scrollToEnd } from '../../../../test/browser/support/render';
import { deepActiveElement } from '../../../ui/overlay/focus';
import { timeZoneHeader } from '../../../lib/timezone';
import { INTL_LOCALE } from '../../../i18n/i18n';
import { resize } from '../../../../test/browser/support/design';
import { overflowing, toastNow } from '../../shared/coupon/test-support';
import { cutTexts, isSeen, seenElements, seenText } from '../../../../test/browser/support/visible';
import md5 from 'blueimp-md5';
import { FLOW_PAGE_SIZE, monthOf } from './model';

/** The wallet screen against the reference server: figures, entries, the ledger, and withdrawal. */

const PAY_PASSWORD = '123456';
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

/** A fresh merchant with the wallet the test needs (test API: pay_password, startup_funds_returned, card). */
async function merchant(
  o: { pay_password?: string; startup_funds_returned?: boolean; card?: 'bank' | 'wallet'; lang?: string } = {},
) {
  const r = await fetch('/api/__test__/merchant', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(o),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`test api merchant: ${JSON.stringify(j)}`);
  return j.data as { username: string; token: string };
}
const get = async <T>(token: string, path: string): Promise<T> => {
  const r = await fetch(`/api${path}`, { headers: { 'X-CT': token, 'X-TZ': timeZoneHeader() } });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
  return j.data as T;
};
const property = (token: string) => get<Property>(token, '/user/property');
/** The whole ledger, newest first, and every month's totals, as the server answers them. */
async function ledger(token: string): Promise<{ rows: FundingDetail[]; months: Map<string, MonthTotals> }> {
  const rows: FundingDetail[] = [];
  const months = new Map<string, MonthTotals>();
  for (let page = 1; ; page++) {
    const p = await get<FlowPage>(token, `/transaction_flow/list?page=${page}&page_size=50`);
    rows.push(...p.list);
    for (const m of p.months) months.set(m.month, m);
    if (rows.length >= p.total || p.list.length === 0) return { rows, months };
  }
}

const money = (s: string) =>
  `$${Number(s.replace('-', '')).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const signed = (s: string) => `${s.startsWith('-') ? '−' : '+'}${money(s)}`;
const scroller = (m: Mounted) => $(m, '.ma-wallet__scroll')!;
const rows = (m: Mounted) => $$(m, 'article.ma-flow');
const headers = (m: Mounted) => $$(m, '.ma-ledger__month');
const figure = (m: Mounted, label: string) =>
  $$(m, '.ma-wallet__figure')
    .find((f) => f.querySelector('dt')!.textContent === label)
    ?.querySelector('dd')?.textContent;
const entry = (m: Mounted, name: string) =>
  $$(m, '.ma-wallet__entry').find((b) => b.querySelector('.ma-wallet__entry-label')!.textContent === name)!;
const dialogs = (m: Mounted) => $$(m, '[role="dialog"]');
const dialog = (m: Mounted) => dialogs(m).at(-1);
const inDialog = (m: Mounted, text: string) =>
  Array.from(dialog(m)?.querySelectorAll('button') ?? []).find((b) => b.textContent === text)!;
const amountInput = (m: Mounted) => dialog(m)!.querySelector<HTMLInputElement>('input[inputmode="decimal"]')!;
const fieldError = (m: Mounted) => dialog(m)?.querySelector('.ma-field__error')?.textContent ?? '';

function typeInto(el: HTMLInputElement, value: string) {
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

async function openWallet(token: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: '/wallet' });
  await waitRoute(m, '/wallet');
  // The amounts in the configured currency: basic config (the currency) may answer after the figures.
  await waitFor(
    () => $(m, '.ma-wallet__total')?.textContent?.startsWith('$') && rows(m).length > 0,
    'the figures and the first page',
  );
  return m;
}

async function openWithdraw(m: Mounted): Promise<void> {
  entry(m, 'Withdraw').click();
  await waitFor(() => dialog(m)?.querySelector('.ma-withdraw__reason, .ma-withdraw__balance'), 'the withdrawal sheet');
}

describe('wallet', () => {
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

  it('German, Russian and Thai at 320 px: the figures, the entries, the ledger and the withdrawal sheet fit, nothing cut', async function () {
    this.timeout(20_000);
    for (const lang of ['de', 'ru', 'th']) {
      const { token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank', lang });
      const m = await mountApp({ token, initialRoute: '/wallet', language: lang });
      await waitRoute(m, '/wallet');
      await waitFor(
        () => $(m, '.ma-wallet__total')?.textContent?.includes('$') && rows(m).length > 0,
        `${lang}: the wallet`,
      );
      await resize(m, 320);
      const main = $(m, 'main')!;
      expect(overflowing(main, main), `${lang}: the wallet`).to.deep.equal([]);
      expect(
        $(m, '.ma-wallet__entries')!.getBoundingClientRect().left - main.getBoundingClientRect().left,
        `${lang}: 16 px page gutter`,
      ).to.equal(16);
      $$(m, '.ma-wallet__entry')[0].click();
      await waitFor(() => dialog(m)?.querySelector('.ma-withdraw__balance'), `${lang}: the withdrawal sheet`);
      // What the daily limit leaves today, and an amount above it refused in the merchant's language, both whole.
      const w = await words(lang);
      await waitFor(
        () => seenText(m, dialog(m)).includes(w('withdraw.leftToday')),
        `${lang}: what is left today, seen`,
      );
      typeInto(amountInput(m), '5000');
      dialog(m)!.querySelector<HTMLButtonElement>('.ma-popup__footer button[type="submit"]')!.click();
      await waitFor(
        () => seenText(m, dialog(m)).includes(w('errors.withdrawLimitExceeded')),
        `${lang}: the limit's message, seen`,
      );
      await resize(m, 320);
      expect(overflowing(dialog(m)!, dialog(m)!), `${lang}: the sheet`).to.deep.equal([]);
      expect(cutTexts(m, dialog(m)), `${lang}: the sheet's words cut`).to.deep.equal([]);
      unmountAll();
    }
  });

  it('a skeleton while the figures load; a failure says so with Retry, which brings them', async () => {
    const { token } = await merchant();
    try {
      await apiFault('/user/property', token, 'hold');
      const m = await mountApp({ token, initialRoute: '/wallet' });
      await waitRoute(m, '/wallet');
      await waitFor(() => $(m, '.ma-wallet__body > .ma-skeleton'), "the figures' skeleton");
      expect($(m, '.ma-wallet__total')).to.equal(null);
      unmountAll();
      await apiFault('/user/property', token, 'fail');
      const n = await mountApp({ token, initialRoute: '/wallet' });
      await waitRoute(n, '/wallet');
      const failed = await waitFor(
        () => $$(n, '[role="alert"]').find((a) => a.textContent?.includes('The wallet could not be loaded')),
        'the failure',
      );
      await waitFor(() => rows(n).length > 0, 'the ledger still shown');
      await apiFault('/user/property', token, null);
      Array.from(failed.querySelectorAll('button'))
        .find((b) => b.textContent === 'Retry')!
        .click();
      await waitFor(() => $(n, '.ma-wallet__total')?.textContent?.startsWith('$'), 'the figures after Retry');
    } finally {
      await apiFault('/user/property', token, null);
    }
  });

  it('deposit opens customer service in recharge mode', async () => {
    const { token } = await merchant();
    const m = await openWallet(token);
    entry(m, 'Deposit').click();
    await waitFor(() => dialog(m)?.querySelector('.ma-cs__item'), 'the contacts');
    expect(dialog(m)!.textContent).to.contain('Deposit via customer service');
    expect($$(m, '.ma-cs__item').map((r) => r.textContent)).to.deep.equal([
      'Recharge service',
      'Recharge support website',
    ]);
  });

  it('withdrawal is refused first for start-up funds, then for no transaction password, then for no card, each with its way forward', async () => {
    // Start-up funds not returned (and nothing else set): customer service.
    const a = await merchant({ startup_funds_returned: false });
    let m = await openWallet(a.token);
    expect(entry(m, 'Transaction password').textContent).to.contain('Not set');
    await openWithdraw(m);
    expect(dialog(m)!.querySelector('.ma-withdraw__reason')!.textContent).to.equal(
      'Starting funds not yet returned, contact customer service',
    );
    expect(dialog(m)!.querySelector('input'), 'no amount to type').to.equal(null);
    await expectAxeClean(m.shadow);
    inDialog(m, 'Contact customer service').click();
    await waitFor(
      () => dialog(m)?.querySelector('.ma-cs__item') && !dialog(m)!.textContent.includes('Deposit via'),
      'the customer-service contacts',
    );
    unmountAll();

    // No transaction password: to set one (and the entry leads there too).
    const b = await merchant({ card: 'bank' });
    m = await openWallet(b.token);
    await openWithdraw(m);
    expect(dialog(m)!.querySelector('.ma-withdraw__reason')!.textContent).to.equal(
      'Please set the transaction password first',
    );
    inDialog(m, 'Set transaction password').click();
    await waitRoute(m, '/wallet/set-password');
    m.app.navigate('/wallet');
    await waitRoute(m, '/wallet');
    await waitFor(() => entry(m, 'Transaction password')?.textContent?.includes('Not set'), 'the figures');
    entry(m, 'Transaction password').click();
    await waitRoute(m, '/wallet/set-password');
    unmountAll();

    // A password, nothing bound: to bind a card; the password entry now changes it.
    const c = await merchant({ pay_password: PAY_PASSWORD });
    m = await openWallet(c.token);
    expect(entry(m, 'Bind card').querySelector('.ma-wallet__entry-note'), 'nothing bound, nothing masked').to.equal(
      null,
    );
    await openWithdraw(m);
    expect(dialog(m)!.querySelector('.ma-withdraw__reason')!.textContent).to.equal(
      'Please bind a bank card or wallet address first',
    );
    inDialog(m, 'Bind a card or wallet address').click();
    await waitRoute(m, '/wallet/bind-card');
    m.app.navigate('/wallet');
    await waitRoute(m, '/wallet');
    await waitFor(() => $(m, '.ma-wallet__total'), 'the figures');
    entry(m, 'Transaction password').click();
    await waitRoute(m, '/ad-center/edit-pay-password');
    m.app.navigate('/wallet');
    await waitRoute(m, '/wallet');
    entry(m, 'Foreign exchange').click();
    await waitRoute(m, '/wallet/foreign-exchange');
    expect(
      (await apiCalls('/user/withdraw', a.token)) +
        (await apiCalls('/user/withdraw', b.token)) +
        (await apiCalls('/user/withdraw', c.token)),
      'nothing sent',
    ).to.equal(0);
  });

  it('a payout account bound in the last 24 hours: the withdrawal is refused with when it opens (the time and the hours left), and nothing moves', async function () {
    this.timeout(20_000);
    const { token } = await merchant({ pay_password: PAY_PASSWORD });
    // A real binding, as the bind-card screen makes it: it starts the hold (the test API's cards are old).
    const at = (ms: number) =>
      new Intl.DateTimeFormat(INTL_LOCALE.en, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(ms + 24 * 3_600_000),
      );
    const earliest = at(Date.now());
    const bound = await fetch('/api/bank_card/edit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CT': token, 'X-TZ': timeZoneHeader() },
      body: JSON.stringify({
        kind: 'bank',
        bank_name: 'New Bank',
        user_name: 'New Owner',
        mobile: '+1 555 010 0077',
        account: '6222000011112222',
        password: md5(PAY_PASSWORD),
      }),
    });
    expect((await bound.json()).code).to.equal(200);
    const latest = at(Date.now());
    const before = await property(token);
    const m = await openWallet(token);
    await openWithdraw(m);
    typeInto(amountInput(m), '10');
    inDialog(m, 'Withdraw').click();
    await waitFor(() => dialog(m)?.querySelector('.ma-password-input'), 'the password dialog');
    typeInto(dialog(m)!.querySelector<HTMLInputElement>('.ma-password-input input')!, PAY_PASSWORD);
    await waitFor(() => !inDialog(m, 'OK').disabled, 'OK');
    inDialog(m, 'OK').click();
    await waitFor(
      () => !dialog(m)?.querySelector('.ma-password-input') && dialog(m)?.querySelector('.ma-withdraw__notice'),
      "the hold's notice in the sheet",
    );
    const notice = dialog(m)!.querySelector<HTMLElement>('.ma-withdraw__notice')!;
    const lead =
      'Your payout account was bound or changed less than 24 hours ago, so withdrawals are on hold. You can withdraw from';
    expect(
      [earliest, latest].map((time) => `${lead} ${time} (in 24 h).`),
      'the time it opens and the hours left',
    ).to.include(notice.textContent);
    expect(isSeen(m, notice), 'seen').to.equal(true);
    expect(amountInput(m).value, 'what was typed stays').to.equal('10');
    await expectAxeClean(m.shadow);
    const after = await property(token);
    expect(after.balance, 'nothing moved').to.equal(before.balance);
    expect(
      (await ledger(token)).rows.filter((r) => r.type === 'manual_withdrawal' && r.amount === '-10.00'),
      'no ledger row',
    ).to.have.length(0);
  });

  it("what the level's daily limit leaves today, as the server counts it, shown by the amount; above it refused on the field before anything is sent; spent elsewhere meanwhile, the server's refusal on the field and the figure follows", async function () {
    this.timeout(20_000);
    const { token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank' });
    expect(
      (await property(token)).withdraw_left_today,
      "the demo's kind of merchant: level 2, 3,000.00 a day",
    ).to.equal('3000.00');
    const m = await openWallet(token);
    await openWithdraw(m);
    await waitFor(() => seenText(m, dialog(m)).includes('Left today $3,000.00'), 'what is left today, seen');
    const message = "This is more than your level's daily withdrawal limit leaves today";
    typeInto(amountInput(m), '3000.01');
    inDialog(m, 'Withdraw').click();
    await waitFor(() => seenText(m, dialog(m)).includes(message), "the limit's message on the field, seen");
    expect(fieldError(m)).to.equal(message);
    expect(amountInput(m).value, 'what was typed stays').to.equal('3000.01');
    expect(
      (await apiCalls('/check/password', token)) + (await apiCalls('/user/withdraw', token)),
      'nothing sent',
    ).to.equal(0);
    // "All" is what can go out today, not the larger balance the limit would refuse.
    expect(Number((await property(token)).balance)).to.be.above(3000);
    inDialog(m, 'All').click();
    await waitFor(() => amountInput(m).value === '3,000.00', '"All" fills what the limit leaves today');
    expect(fieldError(m)).to.equal('');

    // Another device withdraws 2,500.00 while the sheet still says 3,000.00: the server refuses 600, on the field.
    const elsewhere = await fetch('/api/user/withdraw', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CT': token, 'X-TZ': timeZoneHeader() },
      body: JSON.stringify({ amount: '2500.00', password: md5(PAY_PASSWORD), request_id: `elsewhere-${Date.now()}` }),
    });
    expect((await elsewhere.json()).code).to.equal(200);
    typeInto(amountInput(m), '600');
    inDialog(m, 'Withdraw').click();
    await waitFor(() => dialog(m)?.querySelector('.ma-password-input'), 'the password dialog');
    const pin = dialog(m)!.querySelector<HTMLInputElement>('.ma-password-input input')!;
    typeInto(pin, PAY_PASSWORD);
    await waitFor(() => !inDialog(m, 'OK').disabled, 'OK');
    inDialog(m, 'OK').click();
    await waitFor(
      () => !dialog(m)?.querySelector('.ma-password-input') && fieldError(m) === message,
      "the server's refusal on the field",
    );
    await waitFor(() => seenText(m, dialog(m)).includes('Left today $500.00'), 'what is left today follows');
    expect(amountInput(m).value).to.equal('600');
    expect((await property(token)).withdraw_left_today, 'nothing more withdrawn').to.equal('500.00');
  });

  it('amount checks before sending; the password dialog (digits only, OK at 6, wrong → hint and no focus); a right password withdraws once: figures, the list and its month follow', async function () {
    this.timeout(20_000);
    const { token } = await merchant({ pay_password: PAY_PASSWORD, card: 'wallet' });
    const before = await property(token);
    const m = await openWallet(token);
    await openWithdraw(m);
    expect(dialog(m)!.querySelector('.ma-withdraw__account')!.textContent).to.equal('USDT (TRC20) •••• 1JgH');
    expect(dialog(m)!.querySelector('.ma-withdraw__balance')!.textContent).to.equal(money(before.balance));
    const over = (Number(before.balance) + 0.01).toFixed(2);
    for (const [typed, message] of [
      ['', 'Please enter a correct amount'],
      ['0', 'Please enter a correct amount'],
      ['0.00', 'Please enter a correct amount'],
      ['1..5', 'Please enter a correct amount'],
      ['1.234', 'Please enter a correct amount'],
      [over, 'Insufficient balance'],
    ]) {
      typeInto(amountInput(m), typed);
      inDialog(m, 'Withdraw').click();
      await waitFor(() => fieldError(m) === message, `"${message}" for "${typed}"`);
      expect(amountInput(m).value, 'what was typed stays').to.equal(typed);
      expect(amountInput(m).getAttribute('aria-invalid')).to.equal('true');
    }
    inDialog(m, 'All').click();
    const most = Math.min(Number(before.balance), Number(before.withdraw_left_today ?? Infinity));
    await waitFor(
      () => amountInput(m).value === most.toLocaleString('en-US', { minimumFractionDigits: 2 }),
      '"All" fills what can go out now',
    );
    expect(fieldError(m)).to.equal('');
    await expectAxeClean(m.shadow);
    expect(
      (await apiCalls('/check/password', token)) + (await apiCalls('/user/withdraw', token)),
      'nothing sent',
    ).to.equal(0);

    typeInto(amountInput(m), '12.34');
    inDialog(m, 'Withdraw').click();
    await waitFor(() => dialog(m)?.querySelector('.ma-password-input'), 'the password dialog');
    expect(dialog(m)!.textContent).to.contain('to withdraw $12.34');
    const pin = () => dialog(m)!.querySelector<HTMLInputElement>('.ma-password-input input')!;
    const ok = () => inDialog(m, 'OK');
    expect(ok().disabled).to.equal(true);
    typeInto(pin(), '1a2b3c');
    await waitFor(() => pin().value === '123', 'non-digits stripped');
    expect(ok().disabled, 'three digits').to.equal(true);
    typeInto(pin(), '654321');
    await waitFor(() => !ok().disabled, 'OK at six digits');
    ok().click();
    await waitFor(
      () =>
        dialog(m)?.querySelector<HTMLElement>('.ma-password-input__error')?.innerText ===
        'Please enter the correct transaction password\nTries left: 4',
      'the hint and the tries left under the input',
    );
    // Seen, not only there (a passing toast may cover it for a moment).
    await waitFor(() => seenText(m, dialog(m)).includes('Tries left: 4'), 'the tries left seen');
    expect(deepActiveElement() === pin(), 'the input lost its focus').to.equal(false);
    expect(await apiCalls('/user/withdraw', token), 'a wrong password withdraws nothing').to.equal(0);
    // The wrong digits are gone and OK is disabled: a second tap cannot send them again.
    expect(pin().value).to.equal('');
    expect(ok().disabled, 'OK disabled again').to.equal(true);
    const checks = await apiCalls('/check/password', token);
    ok().click();
    dialog(m)!.querySelector('form')!.requestSubmit();
    await nextFrame();
    expect(await apiCalls('/check/password', token), 'nothing sent again').to.equal(checks);
    await expectAxeClean(m.shadow);

    typeInto(pin(), PAY_PASSWORD);
    await waitFor(() => !ok().disabled, 'OK');
    ok().click();
    await waitFor(() => toastNow(m.shadow).includes('Withdrawal of $12.34 submitted'), 'the toast');
    await waitFor(() => dialogs(m).length === 0, 'both dialogs closed');
    expect(await apiCalls('/user/withdraw', token), 'one withdrawal').to.equal(1);
    const after = await property(token);
    expect(Math.round(Number(after.balance) * 100)).to.equal(Math.round(Number(before.balance) * 100) - 1234);
    await waitFor(() => figure(m, 'Available balance') === money(after.balance), 'the balance from the answer');
    expect($(m, '.ma-wallet__total')!.textContent).to.equal(money(after.total_assets));
    const server = await ledger(token);
    expect(server.rows[0]).to.include({ type: 'manual_withdrawal', amount: '-12.34' });
    await waitFor(() => Number(rows(m)[0]?.dataset.id) === server.rows[0].id, 'the withdrawal on top');
    expect(rows(m)[0].querySelector('.ma-flow__type')!.textContent).to.equal('Manual withdrawal');
    expect(rows(m)[0].querySelector('.ma-flow__amount')!.textContent).to.equal('−$12.34');
    const month = server.months.get(monthOf(server.rows[0].time))!;
    await waitFor(
      () => headers(m)[0].querySelector('.ma-ledger__out')!.textContent === `Expense ${money(month.expense)}`,
      "the month's expense",
    );
    expect(
      rows(m).filter((r) => Number(r.dataset.id) === server.rows[0].id),
      'shown once',
    ).to.have.length(1);

    // Wrong again and again: the lock closes the dialog, and the sheet says when to try again (in minutes).
    await openWithdraw(m);
    typeInto(amountInput(m), '1');
    inDialog(m, 'Withdraw').click();
    await waitFor(() => dialog(m)?.querySelector('.ma-password-input'), 'the password dialog');
    for (let i = 0; i < 6 && dialog(m)?.querySelector('.ma-password-input'); i++) {
      typeInto(pin(), `00000${i}`);
      await waitFor(() => !ok().disabled, 'OK');
      ok().click();
      await waitFor(
        () => !dialog(m)?.querySelector('.ma-password-input') || dialog(m)!.querySelector('.ma-password-input__error'),
        `answer ${i + 1}`,
      );
    }
    await waitFor(() => dialog(m)?.querySelector('.ma-withdraw__notice'), 'the lock notice');
    expect(dialog(m)!.querySelector('.ma-withdraw__notice')!.textContent).to.equal(
      'Too many wrong transaction passwords. Try again in 15 min.',
    );
    expect(amountInput(m).value).to.equal('1');
    expect(await apiCalls('/user/withdraw', token), 'still one withdrawal').to.equal(1);
  });
});

/** The language file's words for a key, with its parameters (the test reads the same file the app loads). */
async function words(lang: string): Promise<(key: string, params?: Record<string, string | number>) => string> {
  const dict = await (await fetch(`/locales/${lang}.json`)).json();
  return (key, params = {}) => {
    const raw = key.split('.').reduce((o: any, k) => o?.[k], dict) as string;
    if (typeof raw !== 'string') throw new Error(`${lang}: no ${key}`);
    return raw.replace(/\{\{(\w+)\}\}/g, (_, k) => String(params[k]));
  };
}
const dePlain = (cents: number, locale: string) =>
  (cents / 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function scrollLedgerToEnd(m: Mounted, total: number): Promise<void> {
  while (rows(m).length < total) {
    const before = rows(m).length;
    await scrollToEnd(scroller(m));
    await waitFor(() => rows(m).length > before, `more than ${before} rows`);
  }
}

describe("wallet in the merchant's language", () => {
  afterEach(unmountAll);

  for (const lang of ['de', 'ru']) {
    it(`${lang}: "10,5" withdraws exactly 10.50; a wrong password says the tries left; "All" fills the balance in the merchant's format and withdraws all of it`, async function () {
      this.timeout(30_000);
      const locale = lang === 'de' ? 'de-DE' : 'ru-RU';
      const w = await words(lang);
      const { username, token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank', lang });
      // Within the level's 3,000.00 a day, so "All" can withdraw the whole balance.
      await testApi('wallet', { username, balance: '2600.27' });
      const m = await mountApp({ token, initialRoute: '/wallet', language: lang });
      await waitRoute(m, '/wallet');
      await waitFor(() => $(m, '.ma-wallet__total')?.textContent?.includes('$') && rows(m).length > 0, 'the wallet');
      const submitSheet = () =>
        dialog(m)!.querySelector<HTMLButtonElement>('.ma-popup__footer button[type="submit"]')!.click();
      const pin = () => dialog(m)!.querySelector<HTMLInputElement>('.ma-password-input input')!;
      const okButton = () => dialog(m)!.querySelector<HTMLButtonElement>('.ma-popup__footer button[type="submit"]')!;
      const answer = async (digits: string) => {
        await waitFor(() => dialog(m)?.querySelector('.ma-password-input'), 'the password dialog');
        typeInto(pin(), digits);
        await waitFor(() => !okButton().disabled, 'OK');
        okButton().click();
      };

      $$(m, '.ma-wallet__entry')[0].click();
      await waitFor(() => dialog(m)?.querySelector('.ma-withdraw__balance'), 'the withdrawal sheet');
      typeInto(amountInput(m), '10,5');
      submitSheet();
      await answer('000000');
      const wrong = `${w('errors.payPasswordWrong')} ${w('payPassword.triesLeft', { count: 4 })}`;
      await waitFor(() => seenText(m, dialog(m)).includes(wrong), `"${wrong}"`);
      expect(fieldError(m), 'the amount was taken').to.equal('');
      await answer(PAY_PASSWORD);
      await waitFor(() => dialogs(m).length === 0, 'withdrawn');
      let server = await ledger(token);
      expect(server.rows[0]).to.include({ type: 'manual_withdrawal', amount: '-10.50' });
      expect((await property(token)).balance).to.equal('2589.77');

      // "All": the whole balance, as the merchant writes numbers (German 2.589,77, Russian 2 589,77).
      await waitFor(() => figure(m, w('wallet.balance'))?.startsWith(dePlain(258977, locale)), 'the balance after');
      $$(m, '.ma-wallet__entry')[0].click();
      await waitFor(() => dialog(m)?.querySelector('.ma-withdraw__balance'), 'the withdrawal sheet again');
      dialog(m)!.querySelector<HTMLButtonElement>('.ma-withdraw__all')!.click();
      await waitFor(() => amountInput(m).value === dePlain(258977, locale), `"All" as ${dePlain(258977, locale)}`);
      submitSheet();
      await answer(PAY_PASSWORD);
      await waitFor(() => dialogs(m).length === 0, 'all withdrawn');
      server = await ledger(token);
      expect(server.rows[0]).to.include({ type: 'manual_withdrawal', amount: '-2589.77' });
      expect((await property(token)).balance).to.equal('0.00');
    });
  }

  it("German: every remark worded from its kind (a failed put reads as its refund), an operator's note as written, in the row and its detail", async function () {
    this.timeout(30_000);
    const w = await words('de');
    const { username, token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank', lang: 'de' });
    const note = 'Gutschrift laut Ticket 4471 (Operator)';
    const p = await property(token);
    await testApi('wallet', { username, balance: (Number(p.balance) + 5).toFixed(2), note });
    await testApi('wallet', { username, balance: (Number(p.balance) + 10).toFixed(2) });
    const server = await ledger(token);
    const m = await mountApp({ token, initialRoute: '/wallet', language: 'de' });
    await waitRoute(m, '/wallet');
    await waitFor(() => rows(m).length > 0, 'the ledger');
    await scrollLedgerToEnd(m, server.rows.length);
    const expected = (f: FundingDetail) =>
      f.remark_data ? w(`wallet.remark.${f.remark_data.kind}`, f.remark_data) : (f.remark ?? w('wallet.none'));
    rows(m).forEach((el, i) =>
      expect(el.querySelector('.ma-flow__remark')!.textContent, JSON.stringify(server.rows[i])).to.equal(
        expected(server.rows[i]),
      ),
    );
    const remarkOfRow = (id: number) =>
      rows(m)
        .find((r) => Number(r.dataset.id) === id)!
        .querySelector('.ma-flow__remark')!.textContent;
    expect(remarkOfRow(server.rows[0].id)).to.equal('Aufladung über den Kundenservice');
    expect(remarkOfRow(server.rows[1].id), "a person's note as written").to.equal(note);
    const refund = server.rows.find((f) => f.remark_data?.kind === 'put_refund')!;
    expect(refund, "a failed put's refund in the ledger").to.not.equal(undefined);
    const plan = (refund.remark_data as { plan: string }).plan;
    expect(remarkOfRow(refund.id)).to.equal(`Erstattung: Schaltung fehlgeschlagen, Plan ${plan}`);
    const put = server.rows.find((f) => f.remark_data?.kind === 'put')!;
    expect(remarkOfRow(put.id)).to.equal(`Schaltung von Plan ${(put.remark_data as { plan: string }).plan}`);
    // The detail says it the same way.
    const row = rows(m).find((r) => Number(r.dataset.id) === refund.id)!;
    row.scrollIntoView();
    row.querySelector('button')!.click();
    await waitFor(
      () =>
        dialog(m)?.querySelector('.ma-flow-detail') &&
        seenText(m, dialog(m)).includes(`Erstattung: Schaltung fehlgeschlagen, Plan ${plan}`),
      'the detail says it too',
    );
  });

  it('Russian at 320 px: a date keeps its year and "г." on one line (month headers, the row\'s detail)', async function () {
    this.timeout(20_000);
    const { token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank', lang: 'ru' });
    const m = await mountApp({ token, initialRoute: '/wallet', language: 'ru' });
    await waitRoute(m, '/wallet');
    await waitFor(() => rows(m).length > 0 && headers(m).length > 0, 'the ledger');
    await resize(m, 320);
    /** Every "2026 г." inside `el`: joined by a no-break space, and drawn on one line. */
    const yearsTogether = (el: Element) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let found = 0;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const match of n.textContent!.matchAll(/\d{4}\s?г\./g)) {
          found++;
          expect(match[0], `"${n.textContent}"`).to.match(/^\d{4}\u00a0г\.$/);
          const range = document.createRange();
          range.setStart(n, match.index);
          range.setEnd(n, match.index + match[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          expect(tops.size, `"${match[0]}" on one line`).to.equal(1);
        }
      }
      return found;
    };
    const seenHeaders = seenElements(m, '.ma-ledger__month');
    expect(seenHeaders.length).to.be.greaterThan(0);
    expect(
      seenHeaders.reduce((a, h) => a + yearsTogether(h), 0),
      'the month headers name their year',
    ).to.be.greaterThan(0);
    const row = rows(m)[0];
    expect(isSeen(m, row)).to.equal(true);
    row.querySelector('button')!.click();
    await waitFor(() => dialog(m)?.querySelector('.ma-flow-detail'), 'the detail');
    expect(yearsTogether(dialog(m)!), "the detail's time").to.be.greaterThan(0);
  });

  it('offline: the figures, the ledger and the withdrawal sheet say they failed, with Retry (no empty state, no zeros); Retry brings each', async function () {
    this.timeout(20_000);
    const { token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank' });
    const paths = ['/user/property', '/bank_card/detail', '/transaction_flow/list'];
    try {
      for (const path of paths) await apiFault(path, token, 'fail');
      const m = await mountApp({ token, initialRoute: '/wallet' });
      await waitRoute(m, '/wallet');
      await waitFor(
        () =>
          seenText(m).includes('The wallet could not be loaded') &&
          seenText(m).includes('Request failed, tap to reload'),
        'the failures',
      );
      const shown = seenText(m);
      expect(shown, 'no zeros').to.not.match(/\$0\.00/);
      expect(shown, 'no empty ledger').to.not.contain('No funding details yet');
      entry(m, 'Withdraw').click();
      await waitFor(
        () => dialog(m) && seenText(m, dialog(m)).includes('The wallet could not be loaded'),
        "the sheet's failure",
      );
      const sheet = seenText(m, dialog(m));
      expect(sheet).to.not.match(/\$0\.00|Please set|Please bind|Starting funds/);
      // Retry where the merchant sees it, in the sheet (not scrolled out of it).
      const retry = await waitFor(
        () => seenElements<HTMLButtonElement>(m, '[role="dialog"] button').find((b) => b.textContent === 'Retry'),
        'Retry in the sheet',
        3000,
      );
      for (const path of paths) await apiFault(path, token, null);
      retry.click();
      await waitFor(
        () => dialog(m)?.querySelector('.ma-withdraw__balance') && seenText(m, dialog(m)).includes('First Harbor Bank'),
        'the form after Retry',
      );
      expect(amountInput(m).value).to.equal('');
    } finally {
      for (const path of paths) await apiFault(path, token, null);
    }
  });
});
