import { expect } from 'chai';
import { $, apiCalls, unmountAll, waitFor } from '../../../../test/browser/support/app';
import { expectAxeClean, nextFrame } from '../../../../test/browser/support/render';
import { deepActiveElement } from '../../../ui/overlay/focus';
import { toastNow } from '../../shared/coupon/test-support';
import { seenText } from '../../../../test/browser/support/visible';
import { monthOf } from './model';
import { merchant } from '../test-support';
import {
  PAY_PASSWORD,
  property,
  ledger,
  money,
  rows,
  headers,
  figure,
  dialogs,
  dialog,
  inDialog,
  amountInput,
  fieldError,
  typeInto,
  openWallet,
  openWithdraw,
} from './test-support';

/** The wallet's withdrawal: the amount's checks, the password dialog, one withdrawal and what follows it, the lock. */

describe('wallet withdrawal', () => {
  afterEach(unmountAll);

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
