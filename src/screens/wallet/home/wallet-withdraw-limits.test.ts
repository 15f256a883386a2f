import { expect } from 'chai';
import { apiCalls, unmountAll, waitFor } from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { timeZoneHeader } from '../../../lib/timezone';
import { INTL_LOCALE } from '../../../i18n/i18n';
import { isSeen, seenText } from '../../../../test/browser/support/visible';
import md5 from 'blueimp-md5';
import { merchant } from '../test-support';
import {
  PAY_PASSWORD,
  property,
  ledger,
  dialog,
  inDialog,
  amountInput,
  fieldError,
  typeInto,
  openWallet,
  openWithdraw,
} from './test-support';

/** The wallet's withdrawal held or limited by the server: a payout account bound lately, the level's daily limit. */

describe('wallet withdrawal limits', () => {
  afterEach(unmountAll);

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
});
