import { expect } from 'chai';
import md5 from 'blueimp-md5';
import type { BankCard } from '../../api/shapes/wallet';
import {
  $,
  $$,
  apiCalls,
  input,
  type,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../test/browser/support/app';
import { seenElements, seenLayers, seenText } from '../../../test/browser/support/visible';
import { expectAxeClean } from '../../../test/browser/support/render';
import { toastNow } from '../shared/coupon/test-support';
import { merchant, data, open, buttonNamed, fieldError, radio } from './test-support';

/** Binding a bank card or wallet address against the reference server: the fields, the checks, the password asked. */

const labels = (m: Mounted) => $$(m, '.ma-field__label').map((l) => (l.textContent ?? '').replace(/\*$/, ''));

/** The password prompt a person sees (a closed one may linger in the DOM while it animates away). */
const prompt = (m: Mounted) => seenLayers(m).find((l) => l.querySelector('.ma-password-input'));
const inPrompt = (m: Mounted, name: string) =>
  Array.from(prompt(m)?.querySelectorAll('button') ?? []).find((b) => b.textContent?.trim() === name) as
    HTMLButtonElement | undefined;
/** Types the digits into the prompt and taps OK once it is enabled. */
async function answerPrompt(m: Mounted, digits: string): Promise<void> {
  const el = prompt(m)!.querySelector<HTMLInputElement>('.ma-password-input__native')!;
  el.focus();
  el.value = digits;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  await waitFor(() => inPrompt(m, 'OK') && !inPrompt(m, 'OK')!.disabled, 'OK enabled');
  inPrompt(m, 'OK')!.click();
}

describe('wallet forms: bind card', () => {
  afterEach(unmountAll);

  it('bind card: the fields of each kind; submit disabled until something changed; required, format and account checks at once, what was typed kept; the password asked; bound and stored; axe clean', async () => {
    const { token } = await merchant({ pay_password: '123456' });
    const m = await open(token, '/wallet/bind-card');
    await waitFor(() => $(m, '.ma-bind'), 'the form');
    const bind = () => buttonNamed(m, 'Bind')!;
    expect(radio(m, 'Bank card').checked).to.equal(true);
    expect(labels(m)).to.deep.equal([
      'Bank name',
      'Beneficiary name',
      'Mobile',
      'Account number',
      'Bank address',
      'Branch',
    ]);
    expect(input(m, 'Account number').inputMode, 'a bank account: the numeric keypad').to.equal('numeric');
    expect(bind().disabled, 'nothing typed yet').to.equal(true);
    await expectAxeClean(m.shadow);
    radio(m, 'Wallet').click();
    await waitFor(() => labels(m).join() === 'Wallet name,Beneficiary name,Mobile,Wallet address', 'the wallet fields');
    expect(input(m, 'Wallet address').inputMode, 'an address has letters').to.equal('');
    radio(m, 'Bank card').click();
    await waitFor(() => labels(m).length === 6, 'the bank fields again');
    type(m, 'Bank name', 'Harbor Bank');
    await waitFor(() => !bind().disabled, 'enabled once changed');
    type(m, 'Bank name', '');
    await waitFor(() => bind().disabled, 'disabled when back as it was');
    type(m, 'Bank name', 'Harbor Bank');
    type(m, 'Mobile', 'not a phone');
    type(m, 'Account number', '12');
    await waitFor(() => !bind().disabled, 'enabled');
    bind().click();
    await waitFor(() => fieldError(m, 'Mobile') === 'Please enter a valid phone number', 'the phone check');
    expect(fieldError(m, 'Beneficiary name')).to.equal('Cannot be empty');
    expect(fieldError(m, 'Account number'), 'an account number of 2 digits').to.equal(
      'A bank account number is 8 to 34 digits',
    );
    expect(seenText(m)).to.include('A bank account number is 8 to 34 digits');
    expect(fieldError(m, 'Bank address'), 'optional').to.equal('');
    expect(input(m, 'Mobile').value).to.equal('not a phone');
    expect(seenLayers(m), 'no password asked for a form with errors').to.have.length(0);
    expect(await apiCalls('/bank_card/edit', token), 'nothing sent').to.equal(0);
    await expectAxeClean(m.shadow);

    type(m, 'Account number', 'DE02120300000000202051');
    bind().click();
    await waitFor(
      () => fieldError(m, 'Account number') === 'A bank account number is 8 to 34 digits',
      'letters are not a bank account',
    );
    type(m, 'Beneficiary name', 'Ana Store');
    type(m, 'Mobile', '+49 151 1234567');
    type(m, 'Account number', '6222 0202 0011 8842');
    type(m, 'Branch', 'Mitte');
    bind().click();
    const asked = await waitFor(() => prompt(m), 'the password prompt');
    expect(asked.textContent).to.include(
      'Enter your transaction password to bind this account. Withdrawals will be paid to it.',
    );
    await expectAxeClean(m.shadow);
    await answerPrompt(m, '123456');
    await waitFor(() => toastNow(m.shadow).includes('Account bound'), 'the toast');
    await waitRoute(m, '/wallet');
    expect(await data<BankCard>(token, '/bank_card/detail')).to.deep.equal({
      kind: 'bank',
      bank_name: 'Harbor Bank',
      user_name: 'Ana Store',
      mobile: '+49 151 1234567',
      account: '6222020200118842',
      bank_address: '',
      branch: 'Mitte',
    });
  });

  it('bind card: prefilled from the bound one; rebinding asks for the transaction password (cancel sends nothing, a wrong one keeps the form, the right one stores it); "not modified" from the server', async () => {
    const { token } = await merchant({ card: 'bank', pay_password: '123456' });
    const bound = await data<BankCard>(token, '/bank_card/detail');
    const m = await open(token, '/wallet/bind-card');
    await waitFor(() => $(m, '.ma-bind'), 'the form');
    const rebind = () => buttonNamed(m, 'Rebind')!;
    expect(input(m, 'Bank name').value).to.equal(bound.bank_name);
    expect(input(m, 'Account number').value).to.equal(bound.account);
    expect(input(m, 'Branch').value).to.equal(bound.branch);
    expect(rebind().disabled, 'nothing changed').to.equal(true);

    radio(m, 'Wallet').click();
    await waitFor(() => labels(m).includes('Wallet address'), 'the wallet fields');
    type(m, 'Wallet name', 'USDT (TRC20)');
    type(m, 'Wallet address', 'TQ7x9mVh2kR4pLc8sN3dWf6yBz5aEu1Jxx');
    await waitFor(() => !rebind().disabled, 'enabled');
    rebind().click();
    const asked = await waitFor(() => prompt(m), 'the password prompt');
    expect(asked.textContent).to.include(
      'Enter your transaction password to replace the bound account. Withdrawals will be paid to the new one.',
    );
    await expectAxeClean(m.shadow);
    inPrompt(m, 'Cancel')!.click();
    // Gone from the page, not only from sight: a closed layer removed only after the next one opened has the open
    // one rebuilt, losing what was typed in it.
    await waitFor(() => !$(m, '.ma-password-input'), 'closed');
    expect(await apiCalls('/bank_card/edit', token), 'nothing sent on cancel').to.equal(0);
    expect(input(m, 'Wallet address').value, 'kept').to.equal('TQ7x9mVh2kR4pLc8sN3dWf6yBz5aEu1Jxx');

    // A wrong password: said in the prompt, nothing bound, the form as typed.
    rebind().click();
    await waitFor(() => prompt(m), 'the password prompt');
    await answerPrompt(m, '999999');
    await waitFor(
      () => prompt(m) && seenText(m, prompt(m)).includes('Please enter the correct transaction password Tries left: 4'),
      'wrong password, and the tries left',
    );
    expect(await apiCalls('/bank_card/edit', token)).to.equal(1);
    expect(await data<BankCard>(token, '/bank_card/detail'), 'nothing bound').to.deep.equal(bound);
    inPrompt(m, 'Cancel')!.click();
    // Gone from the page, not only from sight: a closed layer removed only after the next one opened has the open
    // one rebuilt, losing what was typed in it.
    await waitFor(() => !$(m, '.ma-password-input'), 'closed');
    expect(input(m, 'Wallet address').value, 'kept').to.equal('TQ7x9mVh2kR4pLc8sN3dWf6yBz5aEu1Jxx');
    expect(radio(m, 'Wallet').checked).to.equal(true);

    // Bound as typed from elsewhere meanwhile: the server says nothing changed; the screen shows what is bound.
    const typed: BankCard = {
      kind: 'wallet',
      bank_name: 'USDT (TRC20)',
      user_name: bound.user_name,
      mobile: bound.mobile,
      account: 'TQ7x9mVh2kR4pLc8sN3dWf6yBz5aEu1Jxx',
      bank_address: '',
      branch: '',
    };
    await data(token, '/bank_card/edit', { ...typed, password: md5('123456') });
    rebind().click();
    await waitFor(() => prompt(m), 'the password prompt');
    await answerPrompt(m, '123456');
    await waitFor(() => toastNow(m.shadow).includes('Nothing has changed'), 'not modified');
    await waitFor(() => !$(m, '.ma-password-input'), 'the prompt gone');
    await waitFor(() => radio(m, 'Wallet')?.checked && rebind().disabled, 'the form is what is bound now');

    type(m, 'Beneficiary name', 'New Owner');
    await waitFor(() => !rebind().disabled, 'enabled');
    rebind().click();
    await waitFor(() => prompt(m), 'the password prompt');
    await answerPrompt(m, '123456');
    await waitFor(() => toastNow(m.shadow).includes('New account bound'), 'the toast');
    await waitRoute(m, '/wallet');
    expect(await data<BankCard>(token, '/bank_card/detail')).to.deep.equal({ ...typed, user_name: 'New Owner' });
  });

  it('bind card: with no transaction password set, the screen leads to setting one instead of binding', async () => {
    const { token } = await merchant({ card: 'bank' });
    const m = await open(token, '/wallet/bind-card');
    await waitFor(
      () =>
        seenText(m).includes(
          'Withdrawals go to the account you bind, so binding needs a transaction password. Set one first.',
        ),
      'the lead',
    );
    expect(seenElements(m, '.ma-field'), 'no form').to.have.length(0);
    await expectAxeClean(m.shadow);
    buttonNamed(m, 'Set transaction password')!.click();
    await waitRoute(m, '/wallet/set-password');
    await waitText(m, 'Step 1 of 2');
  });
});
