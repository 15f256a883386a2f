/**
 * Logging out ends the session on the server too, when the merchant does it: the old token then answers 503 from
 * the real server. That call is best effort: the app signs out at once whether it fails, hangs or succeeds. A host's
 * setToken(null) only forgets the token here: the host may still use it, so the server is not told.
 */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { Code } from '../../../src/api/envelope';
import {
  apiCalls,
  apiFault,
  freshMerchant,
  mountApp,
  routeOf,
  testApi,
  tokenKey,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../support/app';
import { seenElements, seenLayers, seenText } from '../support/visible';

/** The envelope code the real server answers this token with for the user info. */
async function serverSays(token: string): Promise<number> {
  const r = await fetch('/api/user/info', { headers: { 'X-CT': token } });
  return ((await r.json()) as { code: number }).code;
}

/** A second session of the same merchant (its password is the demo's). */
async function secondSession(username: string): Promise<string> {
  const r = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** Signed in with a token the app stores (as its own login would), on the ad-centre home. */
async function signedIn(): Promise<{ m: Mounted; token: string; username: string }> {
  const { token, username } = await freshMerchant();
  const m = await mountApp({ token, persistToken: true });
  await waitRoute(m, '/ad-center');
  return { m, token, username };
}

/** The merchant taps the header's logout icon and confirms in the dialog. */
async function logOutViaUi(m: Mounted): Promise<void> {
  await waitFor(() => seenElements(m, 'button[aria-label="Log out"]').length === 1, 'the logout icon');
  seenElements(m, 'button[aria-label="Log out"]')[0].click();
  await waitFor(
    () => seenLayers(m).length === 1 && seenText(m, seenLayers(m)[0]).includes('Do you want to log out?'),
    'the logout dialog',
  );
  const ok = Array.from(seenLayers(m)[0].querySelectorAll('button')).find((b) => b.textContent?.trim() === 'OK')!;
  ok.click();
}

describe('logout', () => {
  afterEach(unmountAll);

  it('through the UI: signed out here, and the old token answers 503 from the server; the other session lives on', async () => {
    const { m, token, username } = await signedIn();
    const other = await secondSession(username);
    expect(await serverSays(token)).to.equal(Code.OK);

    await logOutViaUi(m);
    await waitRoute(m, '/login');
    expect(localStorage.getItem(tokenKey(m))).to.equal(null);
    expect(m.events.filter((e) => e.type === 'logout').map((e) => e.payload)).to.deep.equal([{ reason: 'user' }]);
    await waitFor(async () => (await serverSays(token)) === Code.TOKEN_EXPIRED, 'the old token expired on the server');
    expect(await serverSays(other)).to.equal(Code.OK);
  });

  for (const mode of ['hold', 'fail', 'business'] as const) {
    it(`signs out at once when the logout call ${mode === 'hold' ? 'hangs' : 'fails'} (${mode})`, async () => {
      const { m, token } = await signedIn();
      await apiFault('/auth/logout', token, mode);
      try {
        await logOutViaUi(m);
        await waitRoute(m, '/login');
        expect(localStorage.getItem(tokenKey(m))).to.equal(null);
        expect(seenText(m)).to.include('Log in');
        // The call is made, with the token (it may reach the server only after the sign-out it must not hold up),
        // and nothing of it shows: no error for a logout the merchant asked for.
        await waitFor(async () => (await apiCalls('/auth/logout', token)) === 1, 'the logout call, with the token');
        expect(m.events.some((e) => e.type === 'error')).to.equal(false);
        if (mode !== 'hold') expect(await serverSays(token)).to.equal(Code.OK); // the server never heard of it
      } finally {
        await apiFault('/auth/logout', token, null);
      }
      // A held call goes on once let through: the session then ends on the server as well.
      if (mode === 'hold')
        await waitFor(
          async () => (await serverSays(token)) === Code.TOKEN_EXPIRED,
          'the held logout ended the session',
        );
      expect(routeOf(m)).to.equal('/login');
    });
  }

  it('a host that unmounts the widget on its logout event does not cancel the revoking call: the token still ends on the server', async () => {
    const { m, token } = await signedIn();
    // As a host does that closes the widget once the merchant has logged out: in the event itself.
    m.app.on('logout', () => {
      m.app.unmount();
      m.host.remove();
    });
    // The call is held on its way (a slow network), so the unmount comes before it has left: cancelled then, it
    // would never reach the server.
    await apiFault('/auth/logout', token, 'hold');
    try {
      await logOutViaUi(m);
      await waitFor(() => !m.host.isConnected, 'the host removed the widget');
      await waitFor(async () => (await apiCalls('/auth/logout', token)) === 1, 'the logout call on its way');
    } finally {
      await apiFault('/auth/logout', token, null);
    }
    await waitFor(async () => (await serverSays(token)) === Code.TOKEN_EXPIRED, 'the token ended on the server');
  });

  it('an account not activated (402) logs out too: the session ends on the server', async () => {
    const { m, token, username } = await signedIn();
    await testApi('set-state', { username, state: 'not_activated' });
    try {
      // A call the home makes from now on (one still on its way, a refresh, the change stream opening again) may be
      // answered 402, and the app answers that as it does any 402: the customer-service sheet opens over the page,
      // at any moment, even over the logout dialog. The merchant closes it and taps again, as often as it comes.
      const asked = () =>
        seenLayers(m).length === 1 && seenText(m, seenLayers(m)[0]).includes('Do you want to log out?');
      while (!asked()) {
        const layers = seenLayers(m).length;
        if (layers > 0) {
          await sendKeys({ press: 'Escape' }); // closes the layer on top: the sheet
          await waitFor(() => seenLayers(m).length < layers, 'the sheet closed');
          continue;
        }
        await waitFor(
          () => seenElements(m, 'button[aria-label="Log out"]').length === 1 || seenLayers(m).length > 0,
          'the logout icon, or a sheet',
        );
        if (seenLayers(m).length === 0) seenElements(m, 'button[aria-label="Log out"]')[0].click();
        await waitFor(() => seenLayers(m).length > 0, 'the logout dialog, or the sheet a 402 opens');
      }
      Array.from(seenLayers(m)[0].querySelectorAll('button'))
        .find((b) => b.textContent?.trim() === 'OK')!
        .click();
      await waitRoute(m, '/login');
      await testApi('set-state', { username, state: 'active' });
      await waitFor(async () => (await serverSays(token)) === Code.TOKEN_EXPIRED, 'the token ended on the server');
    } finally {
      await testApi('set-state', { username, state: 'active' });
    }
  });

  it("the host's setToken(null) signs out here only: the host's token still works on the server", async () => {
    const { token } = await freshMerchant();
    const m = await mountApp({ token });
    await waitRoute(m, '/ad-center');
    m.app.setToken(null);
    await waitRoute(m, '/login');
    expect(m.events.filter((e) => e.type === 'logout').map((e) => e.payload)).to.deep.equal([{ reason: 'user' }]);
    // Showing that nothing is sent: a moment for a request that should not come.
    await new Promise((ok) => setTimeout(ok, 300));
    expect(await apiCalls('/auth/logout', token)).to.equal(0);
    expect(await serverSays(token)).to.equal(Code.OK);
  });
});
