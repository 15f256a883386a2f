/**
 * The failures (docs/product.md, "Codes") that the auth flows do not reach: a network failure, a timeout, a non-ok HTTP answer and a
 * 401 outside the partner entry flow. Each is met over real HTTP (a refused port, a too-short timeout, a path the
 * reference server does not serve, a token it never issued), and each keeps what the user typed.
 */
import { expect } from 'chai';
import {
  $$,
  changePasswordViaUi,
  logInViaUi,
  mountApp,
  registerViaUi,
  routeOf,
  text,
  toastText,
  tokenKey,
  unique,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../support/app';

interface EnErrors {
  errors: Record<string, string>;
}
const en = async (): Promise<EnErrors> => (await fetch('/locales/en.json')).json();

/** Tries to log in and returns the error event it raised, once its toast is on screen. */
async function failedLogin(m: Mounted): Promise<{ code: number | string; msg: string }> {
  logInViaUi(m, 'demo', 'demo1234');
  const error = await waitFor(() => m.events.find((e) => e.type === 'error')?.payload, 'error event');
  await waitFor(() => toastText(m).includes(error.msg), `toast "${error.msg}"`);
  expect(routeOf(m)).to.equal('/login');
  expect((m.shadow.querySelector('input[name="username"]') as HTMLInputElement).value).to.equal('demo');
  return error;
}

describe('failures outside the auth flows', () => {
  afterEach(unmountAll);

  it('a network failure has its own message', async () => {
    const { errors } = await en();
    // Port 1 is refused (and blocked by Chromium): the request never gets an answer.
    const m = await mountApp({ apiBase: 'http://127.0.0.1:1/api' });
    expect(await failedLogin(m)).to.deep.equal({ code: 'network', msg: errors.network });
  });

  it('a timeout has its own message', async () => {
    const { errors } = await en();
    // No login answer comes back within a millisecond: the server's scrypt check alone takes tens of ms.
    const m = await mountApp({ requestTimeout: 1 });
    expect(await failedLogin(m)).to.deep.equal({ code: 'timeout', msg: errors.timeout });
  });

  it('a non-ok HTTP status fails with that status', async () => {
    const { errors } = await en();
    const m = await mountApp({ apiBase: '/no-such-api' });
    expect(await failedLogin(m)).to.deep.equal({ code: 404, msg: `${errors.error} (HTTP 404)` });
  });

  it('401 outside the entry flow: the not-authorized toast, a token request, logout and /login', async () => {
    const { errors } = await en();
    const m = await mountApp({ token: 'a-token-the-server-never-issued', initialRoute: '/ad-center' });
    await waitFor(() => m.events.some((e) => e.type === 'logout'), 'logout event');
    await waitRoute(m, '/login');
    expect(m.events.find((e) => e.type === 'error')?.payload).to.deep.equal({ code: 401, msg: errors.noAuth });
    await waitFor(() => toastText(m).includes(errors.noAuth), 'not-authorized toast');
    expect(m.events.find((e) => e.type === 'tokenRequest' && e.payload.reason === 'unauthorized')).to.exist;
    expect(m.events.find((e) => e.type === 'logout')?.payload).to.deep.equal({ reason: 'unauthorized' });
    expect(localStorage.getItem(tokenKey(m))).to.equal(null);
  });
  describe('one rule for who shows a failure', () => {
    const errorEvents = (m: Mounted) => m.events.filter((e) => e.type === 'error');

    it("a failure the request handles (a form field's reason) is shown on its field only: no toast, no error event", async () => {
      const m = await mountApp();
      await registerViaUi(m, unique('handle'));
      const before = errorEvents(m).length;
      await changePasswordViaUi(m, 'wrong-old', 'secret456');
      // No wait: the policy reports a failure nobody handles before it is thrown to the caller, so had this one been
      // reported, its error event and toast would be there before the form could show its field's text.
      await waitText(m, 'Wrong old password');
      expect(errorEvents(m).length).to.equal(before);
      expect(toastText(m)).to.not.include('Wrong old password');
      expect((m.shadow.querySelector('input[name="old_password"]') as HTMLInputElement).value).to.equal('wrong-old');
    });

    it('a failure nobody handles is reported by the policy exactly once: one error event, one toast', async () => {
      const m = await mountApp();
      logInViaUi(m, unique('nobody'), 'wrong-password');
      await waitFor(() => toastText(m).includes('Wrong username or password'), 'the toast');
      expect(errorEvents(m).map((e) => e.payload.msg)).to.deep.equal(['Wrong username or password']);
      // A second failure, reported after the first: a second report of the first would be here by then too. (The
      // toast comes before the form has taken its failure: wait for the form to take a tap again.)
      const again = await waitFor(
        () => $$(m, 'button').find((b) => b.textContent?.trim() === 'Log in'),
        'the Log in button again',
      );
      again.click();
      await waitFor(() => errorEvents(m).length >= 2, 'the second failure reported');
      expect(
        errorEvents(m).map((e) => e.payload.msg),
        'one report per failure',
      ).to.deep.equal(['Wrong username or password', 'Wrong username or password']);
      expect(text(m).split('Wrong username or password').length - 1).to.equal(1);
    });
  });
});
