/** Putting a plan: the dialog's checks, a lost answer, a double confirm carried to settled, and put coupons. */
import { expect } from 'chai';
import type { Coupon } from '../../api/shapes/coupon';
import type { Page } from '../../api/shapes/page';
import type { PlanDetail } from '../../api/shapes/plan';
import type { Property } from '../../api/shapes/wallet';
import {
  apiCalls,
  apiFault,
  freshMerchant,
  mountApp,
  testApi,
  type,
  unmountAll,
  waitFor,
  waitRoute,
} from '../../../test/browser/support/app';
import { expectAxeClean } from '../../../test/browser/support/render';
import { apiCall, toastNow } from '../shared/coupon/test-support';
import { cardOf, confirm, dialog, fieldError, get, openList, openPut, plans, tab, waitingPlan } from './test-support';

/**
 * The plan screens against the reference server. The test server runs the simulation fast
 * (SIMULATION_STEP_MS=20, no random failures: test/reference-server.mjs), so a plan put here settles in seconds.
 */

describe('plans: the put dialog', () => {
  afterEach(unmountAll);

  it('put dialog: "Please enter a correct put amount", "Put amount not in range", "Insufficient balance" under the amount, what was typed kept, nothing sent; the server says the same', async () => {
    const { username, token } = await freshMerchant();
    const planNo = await waitingPlan(username, '100.00', '500.00');
    await testApi('wallet', { username, balance: '150.00' });
    const m = await openList(token);
    await openPut(m, planNo);
    // Waited for, not read at once: amounts are worded in the configured currency, and under load the dialog can
    // come before basic config's currency has (seen once in a React run).
    await waitFor(
      () => dialog(m)!.textContent.includes('$100.00 – $500.00') && dialog(m)!.textContent.includes('$150.00'),
      'the range and the balance in dollars',
    );
    const amount = () => dialog(m)!.querySelector<HTMLInputElement>('input[inputmode="decimal"]')!;
    for (const [typed, message] of [
      ['', 'Please enter a correct put amount'],
      ['1,5,0', 'Please enter a correct put amount'],
      ['1,5', 'Please enter a correct put amount'],
      ['50', 'Put amount not in range'],
      ['600', 'Put amount not in range'],
      ['200', 'Insufficient balance'],
    ]) {
      type(m, 'Put amount', typed);
      confirm(m).click();
      await waitFor(() => fieldError(m) === message, `"${message}" for "${typed}"`);
      expect(amount().value, 'what was typed stays').to.equal(typed);
      expect(amount().getAttribute('aria-invalid')).to.equal('true');
    }
    expect(await apiCalls('/plan/order/put', token), 'nothing sent').to.equal(0);
    // The balance falls after the dialog read it: the server refuses, and its refusal shows on the same field.
    await testApi('wallet', { username, balance: '10.00' });
    type(m, 'Put amount', '120');
    confirm(m).click();
    await waitFor(() => fieldError(m) === 'Insufficient balance', "the server's refusal on the field");
    expect(amount().value).to.equal('120');
    expect(await apiCalls('/plan/order/put', token)).to.equal(1);
    expect(
      (await plans(token, 'waitPut')).list.some((p) => p.plan_no === planNo),
      'still waiting',
    ).to.equal(true);
    await expectAxeClean(m.shadow);
  });

  it('a put whose answer was lost, confirmed again with another amount, is another request: the server says the plan was put already', async function () {
    this.timeout(20_000);
    const { username, token } = await freshMerchant();
    const planNo = await waitingPlan(username, '100.00', '500.00');
    const m = await mountApp({ token, initialRoute: '/plan', requestTimeout: 1_500 });
    await waitRoute(m, '/plan');
    await openPut(m, planNo);
    // The server puts it, and its answer never comes back (the request times out).
    await apiFault('/plan/order/put', token, 'hold-answer');
    type(m, 'Put amount', '100');
    confirm(m).click();
    await waitFor(() => toastNow(m.shadow).includes('The request timed out'), 'the answer lost');
    await apiFault('/plan/order/put', token, null);
    const put = (await plans(token)).list.find((p) => p.plan_no === planNo)!;
    expect(put.put_amount, 'put by the first confirmation').to.equal('100.00');
    // Another amount is another put, not the first one's retry (nor "the same request" under another figure).
    type(m, 'Put amount', '150');
    confirm(m).click();
    await waitFor(() => toastNow(m.shadow).includes('This plan has already been put'), 'refused as put already');
    expect((await plans(token)).list.find((p) => p.plan_no === planNo)!.put_amount, 'nothing else put').to.equal(
      '100.00',
    );
  });

  it('a put, confirmed twice in a row, is sent once; the simulation carries it to settled while the list is open, and the books follow', async function () {
    this.timeout(45_000);
    const { username, token } = await freshMerchant();
    const planNo = await waitingPlan(username, '100.00', '5000.00');
    await testApi('wallet', { username, balance: '1000.00' });
    const m = await openList(token);
    await openPut(m, planNo);
    type(m, 'Put amount', '200');
    Array.from(dialog(m)!.querySelectorAll('label'))
      .find((l) => l.textContent === 'Non-official push')!
      .querySelector('input')!
      .click();
    confirm(m).click();
    confirm(m).click();
    await waitFor(() => toastNow(m.shadow).includes('Plan put: $200.00 paid'), 'the toast');
    await waitFor(() => !dialog(m), 'the dialog closed');
    expect(await apiCalls('/plan/order/put', token), 'one request').to.equal(1);
    tab(m, 'All').click();
    await waitFor(
      () =>
        tab(m, 'All').getAttribute('aria-selected') === 'true' &&
        cardOf(m, planNo)?.querySelector('.ma-plan-tag')?.textContent !== 'Waiting to put',
      'put, shown at once',
    );
    expect(cardOf(m, planNo)!.textContent).to.include('$200.00').and.to.include('Non-official push');
    // Nothing here refreshes by hand: the list's polling shows the plan move on until it has settled.
    await waitFor(
      () => cardOf(m, planNo)?.querySelector('.ma-plan-tag')?.textContent === 'Settled',
      'settled while the list is open',
      30_000,
    );
    expect(cardOf(m, planNo)!.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow')).to.equal('100');
    const property = await get<Property>(token, '/user/property');
    const detail = (
      await apiCall<PlanDetail>(token, '/plan/order/detail', {
        id: (await plans(token, 'settled')).list.find((p) => p.plan_no === planNo)!.id,
      })
    ).data;
    expect(detail.paid).to.equal('200.00');
    // 1000 − 200 paid + the revenue settled back; nothing of it left to be consumed or settled.
    expect(Math.round(Number(property.balance) * 100)).to.equal(
      100_000 - 20_000 + Math.round(Number(detail.figures.revenue) * 100),
    );
  });

  it('a put coupon applies (10 % off shown and paid); a coupon used meanwhile is refused under the coupons, what was typed kept', async () => {
    const { username, token } = await freshMerchant();
    const first = await waitingPlan(username, '100.00', '1000.00');
    await testApi('wallet', { username, balance: '1000.00' });
    const unused = (await get<Page<Coupon>>(token, '/user_coupon/list?state=unused&page_size=50')).list;
    const discount = unused.find((c) => c.kind === 'discount' && c.amount === '10.00')!;
    const deduction = unused.find((c) => c.kind === 'deduction' && Number(c.requirement) <= 300)!;
    const m = await openList(token);
    await openPut(m, first);
    await waitFor(() => dialog(m)!.querySelector('.ma-put__coupon'), 'the put coupons');
    const coupon = (c: Coupon) =>
      Array.from(dialog(m)!.querySelectorAll<HTMLElement>('.ma-put__coupon')).find(
        (l) => l.querySelector('.ma-put__coupon-name')!.textContent === c.name.en,
      )!;
    expect(Array.from(dialog(m)!.querySelectorAll('.ma-put__coupon')).length, 'put coupons only').to.equal(
      unused.filter((c) => ['discount', 'deduction', 'deduction_voucher'].includes(c.kind)).length,
    );
    type(m, 'Put amount', '300');
    coupon(discount).querySelector('input')!.click();
    await waitFor(
      () => dialog(m)!.querySelector('.ma-put__pay')?.textContent === 'Coupon −$30.00You pay $270.00',
      "the coupon's reduction",
    );
    confirm(m).click();
    await waitFor(() => toastNow(m.shadow).includes('Plan put: $270.00 paid'), 'paid less the coupon');
    const used = (await get<Page<Coupon>>(token, '/user_coupon/list?state=used&page_size=50')).list;
    expect(
      used.some((c) => c.id === discount.id),
      'the coupon is used',
    ).to.equal(true);

    // The deduction coupon is spent on another plan (another tab) while this dialog has it chosen.
    const second = await waitingPlan(username, '100.00', '1000.00');
    const other = await waitingPlan(username, '100.00', '1000.00');
    const otherId = (await plans(token, 'waitPut')).list.find((p) => p.plan_no === other)!.id;
    await openPut(m, second);
    await waitFor(() => coupon(deduction), 'the deduction coupon offered');
    type(m, 'Put amount', '300');
    coupon(deduction).querySelector('input')!.click();
    const elsewhere = await apiCall(token, '/plan/order/put', {
      id: otherId,
      amount: '300.00',
      official: true,
      coupon_id: deduction.id,
      request_id: `other-${Date.now()}`,
    });
    expect(elsewhere.code).to.equal(200);
    confirm(m).click();
    await waitFor(
      () => dialog(m)?.querySelector('.ma-put__error')?.textContent === 'Coupon has been used',
      'refused under the coupons',
    );
    expect(dialog(m)!.querySelector<HTMLInputElement>('input[inputmode="decimal"]')!.value).to.equal('300');
    expect(
      (await plans(token, 'waitPut')).list.some((p) => p.plan_no === second),
      'not put',
    ).to.equal(true);
    await expectAxeClean(m.shadow);
  });
});
