import { expect } from 'chai';
import md5 from 'blueimp-md5';
import type { AcceptorOrder, AcceptorPage, BankCard, Property } from '../../api/shapes/wallet';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  input,
  mountApp,
  text,
  type,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../test/browser/support/app';
import { contrast, nameOf, overflowingWords, parseColor, resize } from '../../../test/browser/support/design';
import { columnBox, seenElements, seenLayers, seenText } from '../../../test/browser/support/visible';
import { expectAxeClean, scrollToEnd } from '../../../test/browser/support/render';
import { apiCall, toastNow } from '../shared/coupon/test-support';
import { FX_PAGE_SIZE } from './foreign-exchange/model';

/**
 * The wallet's forms against the reference server: the transaction password set and changed, the bank
 * card or wallet address, and foreign exchange. The reusable demo codes are the seed's (server/seed/seed-wallet.ts).
 */

const PERSONAL_CODE = 'FX-PERSONAL-2026';
const ENTERPRISE_CODE = 'FX-ENTERPRISE-2026';

/** A fresh merchant with the wallet it needs (test API): a transaction password, a bound card or wallet address. */
async function merchant(
  o: { pay_password?: string; card?: 'bank' | 'wallet' } = {},
): Promise<{ username: string; token: string }> {
  const r = await fetch('/api/__test__/merchant', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(o),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`test api merchant: ${JSON.stringify(j)}`);
  return j.data;
}
const data = async <T>(token: string, path: string, body?: unknown): Promise<T> => {
  const j = await apiCall<T>(token, path, body);
  if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
  return j.data;
};
/** Whether the server takes `digits` as the transaction password (the check the withdrawal dialog makes). */
const passwordIs = async (token: string, digits: string) =>
  (await apiCall(token, '/check/password', { password: md5(digits) })).code === 200;

/**
 * A new partner merchant (no login password) with an open store, signed in as the partner's app does it: a signed
 * link (test API), its entry ticket, the registration, then the store opened. Its session is a fresh sign-in.
 */
async function partnerMerchant(): Promise<{ username: string; token: string }> {
  const uid = `pw-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const post = async (path: string, body: unknown, token = '') =>
    (
      await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { 'X-CT': token } : {}) },
        body: JSON.stringify(body),
      })
    ).json();
  const link = await (await fetch(`/api/__test__/partner-link?entry=partner&uid=${uid}&age=0`)).json();
  const first = await post('/auth/v2/login', Object.fromEntries(new URLSearchParams(link.data.query)));
  if (first.code !== 401 || !first.data.ticket) throw new Error(`partner link: ${JSON.stringify(first)}`);
  const reg = await post('/auth/v2/register', { entry: 'partner', uid, ticket: first.data.ticket });
  if (reg.code !== 200) throw new Error(`partner registration: ${JSON.stringify(reg)}`);
  const opened = await post('/opening_store', { auth_code: 'DEMO-AUTH' }, reg.data.token);
  if (opened.code !== 200) throw new Error(`opening the store: ${JSON.stringify(opened)}`);
  return { username: `partner:${uid}`, token: reg.data.token };
}

async function open(token: string, route: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: route });
  await waitRoute(m, route);
  return m;
}
const buttonNamed = (m: Mounted, name: string) =>
  $$(m, 'button').find((b) => b.textContent?.trim() === name) as HTMLButtonElement | undefined;
const pin = (m: Mounted) => $(m, '.ma-password-input__native') as HTMLInputElement;
const pinError = (m: Mounted, label?: string) =>
  (label ? input(m, label).closest('.ma-password-input') : $(m, '.ma-password-input'))?.querySelector<HTMLElement>(
    '.ma-password-input__error',
  )?.innerText ?? '';
const fieldError = (m: Mounted, label: string) =>
  input(m, label).closest('.ma-field')?.querySelector('.ma-field__error')?.textContent ?? '';
const labels = (m: Mounted) => $$(m, '.ma-field__label').map((l) => (l.textContent ?? '').replace(/\*$/, ''));
const radio = (m: Mounted, name: string) =>
  $$(m, 'label')
    .find((l) => l.textContent === name)!
    .querySelector('input') as HTMLInputElement;
const typePin = (m: Mounted, value: string) => {
  const el = pin(m);
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

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

/** WCAG 2 contrast of two computed colours (any syntax: a token's color-mix() computes to color(srgb …)). */
const contrastOf = (a: string, b: string) => contrast(parseColor(a), parseColor(b));

describe('wallet forms', () => {
  afterEach(unmountAll);

  it('set password: non-digits stripped, the button disabled until 6 digits; the login password asked for in a labelled cell; a mismatch and an empty login password shown at once, a wrong login password on its cell with everything typed kept; both MD5-hashed; then it is set; axe clean', async () => {
    const { token } = await merchant();
    const m = await open(token, '/wallet/set-password');
    await waitText(m, 'Set a 6-digit transaction password');
    expect(text(m)).to.include('Step 1 of 2');
    const LOGIN = 'Login password';
    const login = () => input(m, LOGIN);
    // A real password input in a cell (the Vant-style field), with a 44 px target, and why it is asked for.
    expect(login().type).to.equal('password');
    expect(login().autocomplete).to.equal('current-password');
    expect(login().closest('.ma-cells .ma-field'), 'a cell').to.not.equal(null);
    expect(login().closest('.ma-field__body')!.getBoundingClientRect().height).to.be.at.least(44);
    expect(text(m)).to.include('Your login password confirms that it is you.');
    const next = () => buttonNamed(m, 'Next')!;
    expect(next().disabled).to.equal(true);
    typePin(m, '12a3b4');
    await waitFor(() => pin(m).value === '1234', 'the digits only');
    expect(next().disabled, 'disabled at 4 digits').to.equal(true);
    typePin(m, '1234x56');
    await waitFor(() => !next().disabled, 'enabled at 6 digits');
    expect(pin(m).value).to.equal('123456');
    await expectAxeClean(m.shadow);
    next().click();
    await waitText(m, 'Step 2 of 2');
    expect(text(m)).to.include('Enter it again');
    expect(pin(m).value, 'a fresh input').to.equal('');
    expect(buttonNamed(m, 'Confirm')!.disabled).to.equal(true);
    typePin(m, '654321');
    await waitFor(() => !buttonNamed(m, 'Confirm')!.disabled, 'confirm enabled');
    buttonNamed(m, 'Confirm')!.click();
    // Both problems at once: the mismatch on the digits (back to step one), the empty login password on its cell.
    await waitFor(
      () => pinError(m) === 'The two passwords entered do not match' && fieldError(m, LOGIN) === 'Cannot be empty',
      'the mismatch and the empty login password',
    );
    expect(seenText(m)).to.include('Cannot be empty');
    expect(text(m)).to.include('Step 1 of 2');
    expect(pin(m).value).to.equal('');
    expect(pin(m).getAttribute('aria-invalid')).to.equal('true');
    expect(login().getAttribute('aria-invalid')).to.equal('true');
    expect(await apiCalls('/set/password', token), 'nothing sent').to.equal(0);
    await expectAxeClean(m.shadow);

    type(m, LOGIN, 'not-my-password');
    await waitFor(() => fieldError(m, LOGIN) === '', 'the error goes as one types');
    typePin(m, '135790');
    await waitFor(() => pinError(m) === '' && !next().disabled, 'the error goes as one types');
    next().click();
    await waitText(m, 'Step 2 of 2');
    typePin(m, '135790');
    await waitFor(() => !buttonNamed(m, 'Confirm')!.disabled, 'confirm enabled');
    buttonNamed(m, 'Confirm')!.click();
    await waitFor(
      () => fieldError(m, LOGIN) === 'Wrong login password',
      "the server's refusal on the login password's cell",
    );
    expect(text(m), 'still confirming').to.include('Step 2 of 2');
    expect(pin(m).value, 'the digits kept').to.equal('135790');
    expect(login().value, 'the login password kept').to.equal('not-my-password');
    expect((await data<Property>(token, '/user/property')).pay_password_set, 'nothing set').to.equal(false);
    await expectAxeClean(m.shadow);

    type(m, LOGIN, 'demo1234');
    buttonNamed(m, 'Confirm')!.click();
    await waitFor(() => toastNow(m.shadow).includes('Transaction password set'), 'the toast');
    await waitRoute(m, '/wallet');
    expect(await apiCalls('/set/password', token)).to.equal(2);
    expect((await data<Property>(token, '/user/property')).pay_password_set).to.equal(true);
    expect(await passwordIs(token, '135790'), 'the set password passes the check').to.equal(true);
    expect(await passwordIs(token, '654321'), 'another does not').to.equal(false);

    // Set already: the screen says so and leads to the change.
    unmountAll();
    const again = await open(token, '/wallet/set-password');
    await waitText(again, 'A transaction password is already set. Change it with the old one.');
    expect($(again, '.ma-password-input'), 'no input').to.equal(null);
    await expectAxeClean(again.shadow);
    buttonNamed(again, 'Change transaction password')!.click();
    await waitRoute(again, '/ad-center/edit-pay-password');
  });

  it('set password as a partner merchant (no login password): no login-password cell, the digits alone set it', async () => {
    const { token } = await partnerMerchant();
    const m = await open(token, '/wallet/set-password');
    await waitText(m, 'Step 1 of 2');
    expect(seenElements(m, 'input[name="login_password"]'), 'no login-password cell').to.have.length(0);
    expect(seenText(m)).to.not.include('Login password');
    expect(seenText(m)).to.not.include('Your login password confirms that it is you.');
    typePin(m, '246810');
    await waitFor(() => !buttonNamed(m, 'Next')!.disabled, 'next enabled');
    buttonNamed(m, 'Next')!.click();
    await waitText(m, 'Step 2 of 2');
    expect(seenElements(m, 'input[name="login_password"]'), 'none on the second step either').to.have.length(0);
    typePin(m, '246810');
    await waitFor(() => !buttonNamed(m, 'Confirm')!.disabled, 'confirm enabled');
    await expectAxeClean(m.shadow);
    buttonNamed(m, 'Confirm')!.click();
    await waitFor(() => toastNow(m.shadow).includes('Transaction password set'), 'the toast');
    await waitRoute(m, '/wallet');
    expect(await apiCalls('/set/password', token)).to.equal(1);
    expect(await passwordIs(token, '246810'), 'the set password passes the check').to.equal(true);
  });

  it("set password as a partner merchant whose sign-in is no longer fresh: told to open the app again from the partner's app, on the screen, what was typed kept, nothing set", async () => {
    const { username, token } = await partnerMerchant();
    await fetch('/api/__test__/session-age', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, minutes: 16 }),
    });
    const m = await open(token, '/wallet/set-password');
    await waitText(m, 'Step 1 of 2');
    typePin(m, '246810');
    await waitFor(() => !buttonNamed(m, 'Next')!.disabled, 'next enabled');
    buttonNamed(m, 'Next')!.click();
    await waitText(m, 'Step 2 of 2');
    typePin(m, '246810');
    await waitFor(() => !buttonNamed(m, 'Confirm')!.disabled, 'confirm enabled');
    buttonNamed(m, 'Confirm')!.click();
    const told = "To confirm it is you, open this app again from your partner's app or link, then set the password.";
    await waitFor(
      () => seenElements(m, '[role="alert"]').some((e) => e.textContent === told),
      'the refusal, on the screen',
    );
    expect(seenText(m)).to.include(told);
    expect(text(m), 'still confirming').to.include('Step 2 of 2');
    expect(pin(m).value, 'the digits kept').to.equal('246810');
    expect((await data<Property>(token, '/user/property')).pay_password_set, 'nothing set').to.equal(false);
    await expectAxeClean(m.shadow);
  });

  it("set password: set elsewhere meanwhile, the server's pay_password_already_set shows the way to the change", async () => {
    const { token } = await merchant();
    const m = await open(token, '/wallet/set-password');
    await waitText(m, 'Step 1 of 2');
    await data(token, '/set/password', {
      password: md5('111111'),
      confirm_password: md5('111111'),
      login_password: 'demo1234',
    });
    typePin(m, '222222');
    await waitFor(() => !buttonNamed(m, 'Next')!.disabled, 'next enabled');
    buttonNamed(m, 'Next')!.click();
    await waitText(m, 'Step 2 of 2');
    typePin(m, '222222');
    type(m, 'Login password', 'demo1234');
    await waitFor(() => !buttonNamed(m, 'Confirm')!.disabled, 'confirm enabled');
    buttonNamed(m, 'Confirm')!.click();
    await waitText(m, 'A transaction password is already set. Change it with the old one.');
    expect(buttonNamed(m, 'Change transaction password')).to.not.equal(undefined);
    expect(await passwordIs(token, '111111'), 'the first one stands').to.equal(true);
  });

  it('change password: every check at once under its field, digits kept; wrong old on its field; the new one works; axe clean', async () => {
    const { token } = await merchant({ pay_password: '123456' });
    const m = await open(token, '/ad-center/edit-pay-password');
    const OLD = 'Current transaction password',
      NEW = 'New transaction password',
      AGAIN = 'New transaction password again';
    const submit = () => buttonNamed(m, 'Submit')!.click();
    submit();
    await waitFor(
      () => [OLD, NEW, AGAIN].every((l) => pinError(m, l) === 'Please enter 6 digits'),
      'three errors at once',
    );
    await expectAxeClean(m.shadow);
    type(m, OLD, '123456');
    type(m, NEW, '12x3456');
    type(m, AGAIN, '654321');
    await waitFor(() => input(m, NEW).value === '123456', 'the digits only');
    submit();
    await waitFor(() => pinError(m, NEW) === 'The new password must differ from the old one', 'same as old');
    expect(pinError(m, AGAIN)).to.equal('');
    type(m, NEW, '111111');
    submit();
    await waitFor(() => pinError(m, AGAIN) === 'The two passwords entered do not match', 'the mismatch');
    expect(
      [OLD, NEW, AGAIN].map((l) => input(m, l).value),
      'what was typed stays',
    ).to.deep.equal(['123456', '111111', '654321']);
    expect(await apiCalls('/update/pay_password', token), 'nothing sent').to.equal(0);

    type(m, OLD, '999999');
    type(m, AGAIN, '111111');
    submit();
    await waitFor(
      () => pinError(m, OLD) === 'Wrong old password\nTries left: 4',
      'wrong old on its field, with the tries left on a line of their own',
    );
    expect(input(m, OLD).getAttribute('aria-invalid')).to.equal('true');
    expect([OLD, NEW, AGAIN].map((l) => input(m, l).value)).to.deep.equal(['999999', '111111', '111111']);
    await expectAxeClean(m.shadow);

    type(m, OLD, '123456');
    submit();
    await waitFor(() => toastNow(m.shadow).includes('Transaction password changed'), 'the toast');
    await waitRoute(m, '/wallet');
    expect(await passwordIs(token, '111111'), 'the new one works').to.equal(true);
    expect(await passwordIs(token, '123456'), 'the old one does not').to.equal(false);
  });

  it('change password: locked after too many wrong ones (when to try again); with none set, the way to set one', async () => {
    const locked = await merchant({ pay_password: '123456' });
    for (let i = 0; i < 5; i++)
      await apiCall(locked.token, '/update/pay_password', {
        old_password: md5('000000'),
        password: md5('222222'),
        confirm_password: md5('222222'),
      });
    const m = await open(locked.token, '/ad-center/edit-pay-password');
    type(m, 'Current transaction password', '123456');
    type(m, 'New transaction password', '222222');
    type(m, 'New transaction password again', '222222');
    buttonNamed(m, 'Submit')!.click();
    await waitFor(
      () => $(m, '[role="alert"]')?.textContent === 'Too many wrong transaction passwords. Try again in 15 min.',
      'the lock and when it ends',
    );
    expect(await passwordIs(locked.token, '222222')).to.equal(false);
    await expectAxeClean(m.shadow);
    unmountAll();

    const { token } = await merchant();
    const u = await open(token, '/ad-center/edit-pay-password');
    type(u, 'Current transaction password', '123456');
    type(u, 'New transaction password', '222222');
    type(u, 'New transaction password again', '222222');
    buttonNamed(u, 'Submit')!.click();
    await waitFor(
      () => $(u, '[role="alert"]')?.textContent?.includes('Please set the transaction password first'),
      'unset',
    );
    await expectAxeClean(u.shadow);
    buttonNamed(u, 'Set transaction password')!.click();
    await waitRoute(u, '/wallet/set-password');
    await waitText(u, 'Step 1 of 2');
  });

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

  for (const language of ['en', 'de', 'ru', 'th', 'zh']) {
    it(`bind card and foreign exchange at 320 and 390 px (${language}): every label and input inside the column with 16 px each side, no text cut`, async () => {
      const { token } = await merchant({ card: 'bank', pay_password: '123456' });
      const problems: string[] = [];
      for (const route of ['/wallet/bind-card', '/wallet/foreign-exchange']) {
        const m = await mountApp({ token, initialRoute: route, language });
        await waitRoute(m, route);
        await waitFor(() => $$(m, '.ma-field__label').length, 'the form');
        for (const width of [390, 320]) {
          await resize(m, width, 1600);
          const col = columnBox(m);
          const shown = [
            ...seenElements(m, '.ma-field__label'),
            ...seenElements(m, '.ma-field__control'),
            ...seenElements(m, '.ma-fx__choice, .ma-bind__choice'),
          ];
          if (shown.length < 3) problems.push(`${route} ${width}: only ${shown.length} rows seen`);
          const range = document.createRange();
          for (const el of shown) {
            const boxes = [el.getBoundingClientRect()];
            // A label's words, line by line: each inside the gutters too (a word cut at the edge is not read).
            if (!el.matches('input, textarea')) {
              range.selectNodeContents(el);
              boxes.push(...Array.from(range.getClientRects()).filter((r) => r.width > 0));
            }
            for (const b of boxes) {
              if (b.left < col.left + 16 - 0.5 || b.right > col.right - 16 + 0.5) {
                problems.push(
                  `${route} ${width}: ${nameOf(el)} at ${b.left.toFixed(1)}–${b.right.toFixed(1)} (column ${col.left}–${col.right})`,
                );
                break;
              }
            }
            if (el.scrollWidth > el.clientWidth + 1 && !el.matches('input'))
              problems.push(`${route} ${width}: ${nameOf(el)} cut (${el.scrollWidth} > ${el.clientWidth})`);
          }
          problems.push(
            ...overflowingWords(m.shadow.querySelector('main')!, language).map((w) => `${route} ${width}: ${w}`),
          );
        }
        unmountAll();
      }
      expect(problems).to.deep.equal([]);
    });
  }

  it("foreign exchange: none yet; a wrong code and a code of the other type refused under the field and kept; each type's code opens the current acceptance with its limit; rate limited; axe clean", async () => {
    const { token } = await merchant();
    const m = await open(token, '/wallet/foreign-exchange');
    await waitText(m, 'No acceptance in progress');
    await waitText(m, 'No transaction records yet');
    buttonNamed(m, 'Enter an acceptance code')!.click();
    expect(m.shadow.activeElement, 'the way forward: the code entry').to.equal(input(m, 'Acceptance code'));
    // The transparent header's white words on the hero (a gradient of two theme colours), 4.5:1 at least on both ends.
    const hero = $(m, '.ma-hero')!;
    const title = $(m, '.ma-nav-bar__title')!;
    expect(getComputedStyle(hero).backgroundImage).to.include('gradient');
    for (const token of ['--ma-primary-dark', '--ma-primary']) {
      const probe = document.createElement('i');
      probe.style.color = `var(${token})`;
      hero.append(probe);
      const end = getComputedStyle(probe).color;
      probe.remove();
      expect(contrastOf(getComputedStyle(title).color, end), `the title on ${token}`).to.be.at.least(4.5);
      expect(
        contrastOf(getComputedStyle($(m, '.ma-fx__none')!).color, end),
        `the hero's text on ${token}`,
      ).to.be.at.least(4.5);
    }
    await expectAxeClean(m.shadow);
    const CODE = 'Acceptance code';
    const submit = () => buttonNamed(m, 'Submit')!.click();

    expect(radio(m, 'Personal').checked).to.equal(true);
    type(m, CODE, 'NO-SUCH-CODE');
    submit();
    await waitFor(() => fieldError(m, CODE) === 'Acceptance code error', 'wrong code');
    expect(input(m, CODE).value).to.equal('NO-SUCH-CODE');
    type(m, CODE, ENTERPRISE_CODE);
    await waitFor(() => fieldError(m, CODE) === '', 'the error goes as one types');
    submit();
    await waitFor(() => fieldError(m, CODE) === 'Acceptance code error', "the other type's code");
    expect(input(m, CODE).value).to.equal(ENTERPRISE_CODE);
    await expectAxeClean(m.shadow);

    radio(m, 'Enterprise').click();
    submit();
    await waitFor(() => toastNow(m.shadow).includes('Acceptance opened'), 'opened');
    let page = await data<AcceptorPage>(token, '/acceptor/order/list');
    const money = (s: string) => `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const heroShows = (type: string, o: { amount: string; limit: string }) =>
      $(m, '.ma-fx__hero .ma-fx__type')?.textContent === type &&
      $(m, '.ma-fx__hero .ma-fx__amount')?.textContent === money(o.amount) &&
      $(m, '.ma-fx__hero .ma-fx__limit')?.textContent === `Limit within ${money(o.limit)}`;
    await waitFor(() => heroShows('Enterprise', page.current!), 'the enterprise acceptance');
    expect($(m, '.ma-fx__hero .ma-fx__state')!.textContent).to.equal('Accepting');
    expect(input(m, CODE).value, 'cleared').to.equal('');
    await waitFor(() => $$(m, '.ma-fx__records article').length === 1, 'the records refreshed');

    radio(m, 'Personal').click();
    type(m, CODE, PERSONAL_CODE.toLowerCase());
    submit();
    await waitFor(() => $$(m, '.ma-fx__records article').length === 2, 'two records');
    page = await data<AcceptorPage>(token, '/acceptor/order/list');
    expect(page.current!.type).to.equal('personal');
    await waitFor(() => heroShows('Personal', page.current!), 'the personal acceptance');
    const rows = $$(m, '.ma-fx__records article');
    expect(rows[0].querySelector('.ma-fx__state')!.textContent).to.equal('Accepting');
    expect(rows[1].querySelector('.ma-fx__type')!.textContent).to.equal('Enterprise');
    expect(rows[1].querySelector('.ma-fx__state')!.textContent).to.equal('Closed');
    expect(rows[1].querySelector('.ma-fx__limit')!.textContent).to.equal(`Limit within ${money(page.list[1].limit)}`);
    await expectAxeClean(m.shadow);

    // Wrong guesses are limited (5 in the window, the two above counted): then the limit's message on the field.
    for (let i = 0; i < 4 && fieldError(m, CODE) !== 'Too many attempts. Please wait a moment and try again.'; i++) {
      type(m, CODE, `WRONG-${i}`);
      await waitFor(() => fieldError(m, CODE) === '', 'cleared');
      submit();
      await waitFor(() => fieldError(m, CODE) !== '', `refusal ${i}`);
    }
    expect(fieldError(m, CODE)).to.equal('Too many attempts. Please wait a moment and try again.');
  });

  it('foreign exchange: the records paged as the list scrolls, each with its type, amount, limit, state and time', async () => {
    const { token } = await merchant();
    const n = FX_PAGE_SIZE + 3;
    for (let i = 0; i < n; i++)
      await data(token, '/acceptor/detail', {
        type: i % 2 ? 'enterprise' : 'personal',
        code: i % 2 ? ENTERPRISE_CODE : PERSONAL_CODE,
      });
    const server = await data<AcceptorPage>(token, `/acceptor/order/list?page_size=${n}`);
    expect(server.total).to.equal(n);
    const m = await open(token, '/wallet/foreign-exchange');
    const rows = () => $$(m, '.ma-fx__records article');
    await waitFor(() => rows().length === FX_PAGE_SIZE, 'the first page');
    await scrollToEnd($(m, 'main')!);
    await waitFor(() => rows().length === n, 'every record');
    const money = (s: string) => `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const shown = () =>
      JSON.stringify(
        rows().map((r) => [
          r.querySelector('.ma-fx__type')!.textContent,
          r.querySelector('.ma-fx__amount')!.textContent,
          r.querySelector('.ma-fx__limit')!.textContent,
          r.querySelector('.ma-fx__state')!.textContent,
          r.querySelector('time')!.getAttribute('datetime'),
        ]),
      );
    const want = JSON.stringify(
      server.list.map((o) => [
        o.type === 'personal' ? 'Personal' : 'Enterprise',
        money(o.amount),
        `Limit within ${money(o.limit)}`,
        o.state === 'accepting' ? 'Accepting' : 'Closed',
        o.create_time,
      ]),
    );
    // The amounts take the configured currency once basic config is in (a fresh mount loads it).
    await waitFor(() => shown() === want, 'each record as the server has it').catch((e: Error) => {
      throw new Error(`${e.message}: ${shown()} ≠ ${want}`);
    });
    expect(rows().filter((r) => r.querySelector('.ma-fx__state')!.textContent === 'Accepting')).to.have.length(1);
    await expectAxeClean(m.shadow);
  });

  it('foreign exchange: records shown before basic config is in take its currency once it arrives', async () => {
    const { token } = await merchant();
    const opened = await data<AcceptorOrder>(token, '/acceptor/detail', { type: 'personal', code: PERSONAL_CODE });
    const plain = Number(opened.amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await apiFault('/basic_config', token, 'hold');
    try {
      const m = await open(token, '/wallet/foreign-exchange');
      const amounts = () => seenElements(m, '.ma-fx__records .ma-fx__amount').map((e) => e.textContent);
      await waitFor(() => amounts()[0] === plain, 'the record, before the config names a currency');
      await apiFault('/basic_config', token, null);
      await waitFor(() => amounts()[0] === `$${plain}`, 'the record in the configured currency').catch((e: Error) => {
        throw new Error(`${e.message}: ${amounts().join(', ')}`);
      });
    } finally {
      await apiFault('/basic_config', token, null);
    }
  });

  it('foreign exchange offline: the failure with Retry, never "no acceptance in progress" while one is open; Retry shows it', async () => {
    const { token } = await merchant();
    const opened = await data<AcceptorOrder>(token, '/acceptor/detail', { type: 'personal', code: PERSONAL_CODE });
    await apiFault('/acceptor/order/list', token, 'fail');
    try {
      const m = await open(token, '/wallet/foreign-exchange');
      await waitFor(() => seenText(m).includes('The current acceptance could not be loaded'), 'the failure');
      expect(seenText(m)).to.not.include('No acceptance in progress');
      expect(seenText(m), 'the records say so too, not "no records"').to.not.include('No transaction records yet');
      const retry = seenElements<HTMLButtonElement>(m, '.ma-fx__hero button').find((b) => b.textContent === 'Retry');
      expect(retry, 'Retry in the hero').to.not.equal(undefined);
      await expectAxeClean(m.shadow);
      await apiFault('/acceptor/order/list', token, null);
      retry!.click();
      await waitFor(
        () =>
          seenElements(m, '.ma-fx__hero .ma-fx__amount')[0]?.textContent ===
          `$${Number(opened.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
        'the open acceptance',
      );
      expect(seenText(m)).to.not.include('could not be loaded');
    } finally {
      await apiFault('/acceptor/order/list', token, null);
    }
  });

  it('foreign exchange: a double tap on Submit sends once; after the toast the cleared code shows no error, even when the second tap lands after the answer', async () => {
    const { token } = await merchant();
    const m = await open(token, '/wallet/foreign-exchange');
    await waitText(m, 'No acceptance in progress');
    type(m, 'Acceptance code', PERSONAL_CODE);
    const submit = () => buttonNamed(m, 'Submit')!.click();
    submit();
    submit();
    await waitFor(() => toastNow(m.shadow).includes('Acceptance opened'), 'opened');
    await waitFor(() => input(m, 'Acceptance code').value === '', 'cleared');
    submit();
    // Nothing to wait for: a wrong outcome would be an error under the cleared field within a frame or two.
    await new Promise((ok) => setTimeout(ok, 300));
    expect(await apiCalls('/acceptor/detail', token), 'one request').to.equal(1);
    expect(fieldError(m, 'Acceptance code')).to.equal('');
    expect(seenText(m)).to.not.include('Cannot be empty');
  });
});
