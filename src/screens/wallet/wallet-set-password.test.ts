import { expect } from 'chai';
import md5 from 'blueimp-md5';
import type { Property } from '../../api/shapes/wallet';
import {
  $,
  apiCalls,
  input,
  text,
  type,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../test/browser/support/app';
import { seenElements, seenText } from '../../../test/browser/support/visible';
import { expectAxeClean } from '../../../test/browser/support/render';
import { toastNow } from '../shared/coupon/test-support';
import { merchant, data, passwordIs, open, buttonNamed, pinError, fieldError } from './test-support';

/** Setting the transaction password against the reference server: the digits, the login password, partners. */

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

const pin = (m: Mounted) => $(m, '.ma-password-input__native') as HTMLInputElement;
const typePin = (m: Mounted, value: string) => {
  const el = pin(m);
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('wallet forms: set transaction password', () => {
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
});
