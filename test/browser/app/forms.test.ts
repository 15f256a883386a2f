import { expect } from 'chai';
import {
  $$,
  click,
  demoToken,
  fillRegistration,
  input,
  mountApp,
  text,
  type,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
} from '../support/app';

/** The error shown under the field labelled `label`, or '' if none. */
const errorOf = (m: Awaited<ReturnType<typeof mountApp>>, label: string) => {
  const el = input(m, label);
  const id = el.getAttribute('aria-describedby');
  return id ? (m.shadow.getElementById(id)?.textContent ?? '') : '';
};

describe('forms show every problem at once', () => {
  afterEach(unmountAll);

  it('register: a bad username, a bad e-mail and mismatched passwords are reported together, on the first submit', async () => {
    const m = await mountApp({ initialRoute: '/register' });
    await waitRoute(m, '/register');
    fillRegistration(m, { username: 'bad name!', email: 'not-an-email' });
    type(m, 'Confirm password', 'something-else');
    click(m, 'Register');
    await waitFor(() => errorOf(m, 'Confirm password') !== '', 'mismatch shown');
    expect(errorOf(m, 'Email')).to.equal('Please enter a valid email address');
    expect(errorOf(m, 'Confirm password')).to.equal('The two passwords entered do not match');
    // Says what is allowed, not "Invalid format".
    expect(errorOf(m, 'Username')).to.equal('3–32 characters: Latin letters, digits, _ . -');
    expect(errorOf(m, 'Password')).to.equal('');
    // Nothing typed was lost.
    expect(input(m, 'Username').value).to.equal('bad name!');
    expect(input(m, 'Email').value).to.equal('not-an-email');
    expect(input(m, 'Confirm password').value).to.equal('something-else');
  });

  it('a too-short username gets the same message, and a password error does not also claim a mismatch', async () => {
    const m = await mountApp({ initialRoute: '/register' });
    await waitRoute(m, '/register');
    fillRegistration(m, { username: 'ab', password: '123' });
    type(m, 'Confirm password', '123');
    click(m, 'Register');
    await waitFor(() => errorOf(m, 'Username') !== '', 'username error');
    expect(errorOf(m, 'Username')).to.equal('3–32 characters: Latin letters, digits, _ . -');
    expect(errorOf(m, 'Password')).to.match(/At least \d+ characters/);
    expect(errorOf(m, 'Confirm password')).to.equal('');
  });

  it('change password: a wrong-length new password and a mismatched confirmation show together', async () => {
    const m = await mountApp({ token: await demoToken(), initialRoute: '/ad-center/edit-login-password' });
    await waitRoute(m, '/ad-center/edit-login-password');
    type(m, 'Old password', 'demo1234');
    type(m, 'New password', 'abc');
    type(m, 'Confirm password', 'abcd');
    click(m, 'Submit');
    await waitFor(() => errorOf(m, 'New password') !== '', 'new password error');
    expect(errorOf(m, 'Confirm password')).to.equal('The two passwords entered do not match');
    expect(text(m)).to.not.include('Invalid format');
  });

  it('the username message is translated', async () => {
    const m = await mountApp({ initialRoute: '/register', language: 'de' });
    await waitRoute(m, '/register');
    await waitText(m, 'Benutzername');
    type(m, 'Benutzername', 'x');
    click(m, 'Registrieren');
    await waitFor(() => $$(m, '.ma-field__error').length > 0, 'errors');
    expect(errorOf(m, 'Benutzername')).to.equal('3–32 Zeichen: lateinische Buchstaben, Ziffern, _ . -');
  });
});
