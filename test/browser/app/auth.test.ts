import { expect } from 'chai';
import {
  $,
  $$,
  button,
  changePasswordViaUi,
  click,
  demoToken,
  fillRegistration,
  logInViaUi,
  mountApp,
  registerViaUi,
  routeOf,
  testApi,
  text,
  toastText,
  tokenKey,
  type,
  unique,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
} from '../support/app';

describe('auth flows against the reference server', () => {
  afterEach(unmountAll);

  it('starts at /login, guards signed-in routes and shows the 404 page for unknown paths', async () => {
    const m = await mountApp({ initialRoute: '/wallet' });
    expect(routeOf(m)).to.equal('/login');
    m.app.navigate('/no/such/page');
    await waitText(m, 'Page not found');
    m.app.navigate('/');
    await waitRoute(m, '/login');
  });

  it('signed in, /login and /register send the merchant home, replacing the entry; signed out they show the forms', async () => {
    const token = await demoToken();
    for (const path of ['/login', '/register']) {
      const m = await mountApp({ token, initialRoute: path });
      await waitRoute(m, '/ad-center');
      const routes = m.events.filter((e) => e.type === 'route');
      expect(
        routes.map((e) => e.payload.path),
        `${path} never shows`,
      ).to.deep.equal(['/ad-center']);
      expect(routes[0].payload.canGoBack).to.equal(false);
      // Navigating there later: home again, replacing (a push would leave something to go back to).
      m.app.navigate(path);
      await waitRoute(m, '/ad-center');
      const after = m.events.filter((e) => e.type === 'route');
      expect(after.map((e) => e.payload.path)).to.not.include(path);
      expect(after.at(-1)!.payload.canGoBack).to.equal(false);
      unmountAll();
    }

    // Hash routing: the host's history gets no entry for it either.
    const href = location.href;
    history.replaceState(null, '', '#/register');
    const length = history.length;
    const h = await mountApp({ token, routing: 'hash' });
    await waitRoute(h, '/ad-center');
    expect(location.hash).to.equal('#/ad-center');
    expect(history.length).to.equal(length);
    unmountAll();
    history.replaceState(null, '', href);

    // Signed out: the forms.
    for (const [path, submit] of [
      ['/login', 'Log in'],
      ['/register', 'Register'],
    ]) {
      const m = await mountApp({ initialRoute: path });
      await waitRoute(m, path);
      expect(button(m, submit)).to.exist;
      unmountAll();
    }
  });

  it('register → log out → log in → wrong password, keeping what the user typed', async () => {
    const m = await mountApp();
    const username = unique('u');
    await registerViaUi(m, username);
    expect(m.events.some((e) => e.type === 'login')).to.equal(true);
    await waitText(m, `Hello, ${username}`);

    // The logout icon is there for entry=register users; it asks first.
    click(m, 'Log out');
    await waitText(m, 'Do you want to log out?');
    const dialog = $(m, '[role="alertdialog"]')!;
    const ok = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'OK')!;
    ok.click();
    await waitRoute(m, '/login');
    expect(localStorage.getItem(tokenKey(m))).to.equal(null);

    logInViaUi(m, username, 'wrong-password');
    await waitFor(() => toastText(m).includes('Wrong username or password'), 'wrong password toast');
    expect(routeOf(m)).to.equal('/login');
    expect((m.shadow.querySelector('input[name="username"]') as HTMLInputElement).value).to.equal(username);

    // The toast is a signal and may show a render before the button leaves its busy state (React schedules
    // that render): a person presses it once it says "Log in" again.
    await waitFor(() => $$(m, 'button').some((b) => b.textContent?.trim() === 'Log in'), 'the form idle again');
    type(m, 'Password', 'secret123');
    click(m, 'Log in');
    await waitRoute(m, '/ad-center');
    expect(localStorage.getItem(tokenKey(m))).to.be.a('string');
  });

  it('after five wrong passwords the server refuses more tries; the screen says so and keeps the input', async () => {
    const username = unique('lock');
    for (let i = 0; i < 5; i++) {
      const r = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: `guess-${i}` }),
      });
      expect((await r.json()).data.reason).to.equal('wrong_credentials');
    }
    const m = await mountApp();
    logInViaUi(m, username, 'guess-6');
    await waitFor(() => toastText(m).includes('Too many attempts'), 'rate-limit toast');
    expect(routeOf(m)).to.equal('/login');
    expect((m.shadow.querySelector('input[name="username"]') as HTMLInputElement).value).to.equal(username);
    expect((m.shadow.querySelector('input[name="password"]') as HTMLInputElement).value).to.equal('guess-6');
  });

  it('register shows every rule of the form inline, translated, without sending', async () => {
    const m = await mountApp({ initialRoute: '/register' });
    await waitRoute(m, '/register');
    type(m, 'Email', 'not-an-email');
    type(m, 'Phone', 'abc');
    type(m, 'Password', 'secret123');
    type(m, 'Confirm password', 'secret124');
    click(m, 'Register');
    await waitText(m, 'Cannot be empty');
    const t = text(m);
    expect(t).to.include('Please enter a valid email address');
    expect(t).to.include('Please enter a valid phone number');
    expect(t).to.include('Please check the terms and conditions');
    expect((m.shadow.querySelector('input[name="email"]') as HTMLInputElement).value).to.equal('not-an-email');
    // Fix all but the password match: the mismatch rule shows.
    type(m, 'Username', unique('v'));
    type(m, 'Email', 'v@example.com');
    type(m, 'Phone', '+33612345678');
    type(m, 'License key', 'DEMO-LICENSE');
    ($(m, 'input[type="checkbox"]') as HTMLInputElement).click();
    click(m, 'Register');
    await waitText(m, 'The two passwords entered do not match');
    expect(routeOf(m)).to.equal('/register');
  });

  it('a duplicate username and a bad license key get the server message, input kept', async () => {
    const m = await mountApp({ initialRoute: '/register' });
    await waitRoute(m, '/register');
    fillRegistration(m, { username: 'demo', email: 'demo2@example.com', licenseKey: 'NO-SUCH-KEY' });
    click(m, 'Register');
    await waitFor(() => /already taken|not valid/.test(toastText(m)), 'business error toast');
    expect((m.shadow.querySelector('input[name="license_key"]') as HTMLInputElement).value).to.equal('NO-SUCH-KEY');
  });

  it('503: an expired token shows the expiry text and sends a register user to /login', async () => {
    const m = await mountApp();
    const username = unique('x');
    await registerViaUi(m, username);
    // The home's own loads land first: one still on its way when the tokens expire would meet the 503 itself (the
    // account's load belongs to the session and outlives the screen), before the form is even filled.
    await waitFor(
      () => $(m, '.ma-home__proxy-id') && $(m, '.ma-home__figure dd') && $(m, '.ma-home__live-figures'),
      'the home loaded',
    );
    m.app.navigate('/ad-center/edit-login-password');
    await waitRoute(m, '/ad-center/edit-login-password');
    await waitFor(() => $$(m, 'input[type="password"]').length === 3, 'the form');
    await testApi('expire-tokens', { username });
    type(m, 'Old password', 'secret123');
    type(m, 'New password', 'secret456');
    type(m, 'Confirm password', 'secret456');
    click(m, 'Submit');
    await waitFor(() => toastText(m).includes('Login expired, please log in again'), 'expiry toast');
    await waitRoute(m, '/login');
    expect(localStorage.getItem(tokenKey(m))).to.equal(null);
    expect(m.events.some((e) => e.type === 'logout' && e.payload.reason === 'expired')).to.equal(true);
  });

  for (const [username, code, key, lang] of [
    ['inactive', 402, 'notActivated', 'en'],
    ['disabled', 403, 'notEnabled', 'de'],
    ['deleted', 404, 'deleted', 'fr'],
  ] as const) {
    it(`${code}: the customer-service dialog with the code's text, in the account's language (${lang})`, async () => {
      const messages = await (await fetch(`/locales/${lang}.json`)).json();
      const expected: string = messages.errors[key];
      const m = await mountApp();
      logInViaUi(m, username, 'demo1234');
      const dialog = await waitFor(
        () => $$(m, '[role="dialog"]').find((d) => d.querySelector('.ma-cs')),
        'customer-service popup',
      );
      await waitFor(() => dialog.textContent?.includes(expected), `"${expected}" in the dialog`);
      const error = m.events.find((e) => e.type === 'error' && e.payload.code === code);
      expect(error?.payload.msg).to.equal(expected);
      expect(routeOf(m)).to.equal('/login');
      expect(localStorage.getItem(tokenKey(m))).to.equal(null);
      // Its contacts are listed; the in-app one opens /customer inside the widget.
      await waitFor(() => dialog.querySelectorAll('.ma-cs__item').length > 1, 'contacts');
    });
  }

  it('changing the login password forces a new login with the new password', async () => {
    const m = await mountApp();
    const username = unique('p');
    await registerViaUi(m, username);
    await changePasswordViaUi(m, 'wrong-old', 'secret456');
    await waitText(m, 'Wrong old password');
    type(m, 'Old password', 'secret123');
    click(m, 'Submit');
    await waitRoute(m, '/login');
    logInViaUi(m, username, 'secret456');
    await waitRoute(m, '/ad-center');
    expect(button(m, 'Log out')).to.exist;
  });
});
