/**
 * Where the session's token may go (security issue: a link stole the stored token by pointing the SDK at another
 * API base, and a token forced on the page replaced the merchant's own session). The stranger's API is the test
 * server's `/__evil-api/`, reached through the other loopback name: a real other origin that records every X-CT.
 */
import { expect } from 'chai';
import { Code } from '../../../src/api/envelope';
import {
  apiAnswered,
  apiCalls,
  apiFault,
  demoToken,
  freshMerchant,
  logInViaUi,
  mountApp,
  routeOf,
  tokenKey,
  unique,
  unmountAll,
  waitFor,
  waitRoute,
} from '../support/app';
import { seenElements } from '../support/visible';
import { nextFrame } from '../support/render';
import { clearRequests, requestsTo } from '../support/timers';

/** The test server's origin under its other loopback name (localhost ↔ 127.0.0.1). */
function otherOrigin(): string {
  const u = new URL(location.origin);
  u.hostname = u.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return u.origin;
}
const strangerLog = async (): Promise<{ path: string; token: string | null }[]> => (await fetch('/__evil-log')).json();

/** Polls the stranger's record until it has more than `count` requests. */
async function strangerRequestsAfter(count: number): Promise<{ path: string; token: string | null }[]> {
  for (let end = Date.now() + 5000; Date.now() < end; await new Promise((ok) => setTimeout(ok, 50))) {
    const log = await strangerLog();
    if (log.length > count) {
      // A fixed wait, kept: what the app sends the stranger after its first request, if anything, is what this
      // test is about, and nothing marks its end (the stranger's record counts preflights too).
      await new Promise((ok) => setTimeout(ok, 500));
      return (await strangerLog()).slice(count);
    }
  }
  throw new Error('timed out waiting for a request to the other API');
}

describe('session: where a token may go', function () {
  this.timeout(30000);
  afterEach(unmountAll);

  it('a token stored for one API is never sent to an API on another origin (the same prefix, a crafted apiBase)', async () => {
    const prefix = `${unique('steal')}:`;
    const m = await mountApp({ storagePrefix: prefix });
    logInViaUi(m, 'demo', 'demo1234');
    await waitRoute(m, '/ad-center');
    const stored = JSON.parse(localStorage.getItem(tokenKey(m)) ?? 'null');
    expect(stored, 'the login stored its token, keyed by this API origin').to.be.a('string');
    unmountAll();

    const before = (await strangerLog()).length;
    const evil = `${otherOrigin()}/__evil-api`;
    const again = await mountApp({ storagePrefix: prefix, apiBase: evil, initialRoute: '/ad-center' });
    // It starts signed out for that API: the guard sends it to the login, asking the host for a token.
    await waitRoute(again, '/login');
    expect(again.events.some((e) => e.type === 'tokenRequest')).to.equal(true);
    // The stranger was asked for its config (the app did talk to it) but never saw the token.
    const seen = await strangerRequestsAfter(before);
    expect(seen.map((r) => r.token).filter(Boolean), JSON.stringify(seen)).to.deep.equal([]);
    expect(JSON.stringify(seen)).to.not.include(stored);
    // And the merchant's session with its own API is untouched.
    expect(JSON.parse(localStorage.getItem(tokenKey(m)) ?? 'null')).to.equal(stored);
  });

  it("a host's token lives in memory only: it signs in, stores nothing, and is gone on the next mount", async () => {
    const token = await demoToken();
    const prefix = `${unique('mem')}:`;
    const m = await mountApp({ storagePrefix: prefix, token, initialRoute: '/ad-center' });
    await waitRoute(m, '/ad-center');
    expect(Object.keys(localStorage).filter((k) => k.startsWith(prefix) && k.includes('token'))).to.deep.equal([]);
    expect(Object.keys(localStorage).filter((k) => k.startsWith(prefix) && k.includes('userInfo'))).to.deep.equal([]);
    unmountAll();
    const again = await mountApp({ storagePrefix: prefix, initialRoute: '/ad-center' });
    await waitRoute(again, '/login');
  });

  it('persistToken: the host asks for its token to be stored, and the next mount finds it', async () => {
    const token = await demoToken();
    const prefix = `${unique('keep')}:`;
    const m = await mountApp({ storagePrefix: prefix, token, persistToken: true, initialRoute: '/ad-center' });
    await waitRoute(m, '/ad-center');
    expect(JSON.parse(localStorage.getItem(tokenKey(m)) ?? 'null')).to.equal(token);
    unmountAll();
    const again = await mountApp({ storagePrefix: prefix, initialRoute: '/ad-center' });
    await waitRoute(again, '/ad-center');
  });

  it('a token accepted while the last user info is on its way shows its own merchant, not the one the late answer is about', async () => {
    const [first, second] = [await freshMerchant(), await freshMerchant()];
    // The first merchant's user info reaches the server, and its answer is kept until the second session started.
    await apiFault('/user/info', first.token, 'hold-answer');
    try {
      const m = await mountApp({ token: first.token, initialRoute: '/ad-center' });
      await waitRoute(m, '/ad-center');
      await waitFor(async () => (await apiCalls('/user/info', first.token)) >= 1, 'the first user info on its way');
      m.app.setToken(second.token);
      const greetings: string[] = [];
      const greeting = () => seenElements(m, '.ma-home__greeting')[0]?.textContent ?? '';
      const watch = new MutationObserver(() => greetings.push(greeting()));
      watch.observe(m.shadow, { subtree: true, childList: true, characterData: true });
      // The late answer arrives (a browser may hold the second request, for the same URL, until it has).
      await apiFault('/user/info', first.token, null);
      await waitFor(() => greeting().includes(second.username), 'the second merchant greeted').catch((e: Error) => {
        throw new Error(`${e.message}: "${greeting()}"`);
      });
      watch.disconnect();
      expect(
        greetings.filter((g) => g.includes(first.username)),
        'the first merchant was never greeted in the second session',
      ).to.deep.equal([]);
      expect(await apiCalls('/user/info', second.token), 'the second session asked for its own user').to.be.at.least(1);
    } finally {
      await apiFault('/user/info', first.token, null);
    }
  });

  it('an answer that the previous token has expired (503) leaves the merchant the host switched to signed in', async () => {
    const [first, second] = [await freshMerchant(), await freshMerchant()];
    // The first merchant's user info waits at the proxy, before the server, until the host has switched.
    await apiFault('/user/info', first.token, 'hold');
    try {
      const m = await mountApp({ token: first.token, initialRoute: '/ad-center' });
      await waitFor(async () => (await apiCalls('/user/info', first.token)) >= 1, 'the first user info on its way');
      m.app.setToken(second.token);
      // The first session ends on the server; then its held request arrives there and is answered 503 (the browser
      // holds the second session's request for the same address until then).
      const out = await fetch('/api/auth/logout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CT': first.token },
        body: '{}',
      });
      expect(((await out.json()) as { code: number }).code).to.equal(Code.OK);
      await apiFault('/user/info', first.token, null);
      await waitFor(async () => (await apiAnswered('/user/info', first.token)) >= 1, 'the late 503 answered');
      await waitFor(
        () => (seenElements(m, '.ma-home__greeting')[0]?.textContent ?? '').includes(second.username),
        'the second merchant greeted',
      );
      await nextFrame();
      expect(routeOf(m)).to.equal('/ad-center');
      expect(
        m.events.filter((e) => ['logout', 'tokenRequest'].includes(e.type)),
        'no sign-out, no token asked for',
      ).to.deep.equal([]);
      expect(
        m.events.filter((e) => e.type === 'error'),
        'no error told of the session now shown',
      ).to.deep.equal([]);
      expect(seenElements(m, '.ma-home__greeting')[0]?.textContent ?? '').to.include(second.username);
    } finally {
      await apiFault('/user/info', first.token, null);
    }
  });

  it("a <base> put into the page moves neither the API nor the language files: relative addresses are read from the page's own", async () => {
    const base = document.createElement('base');
    base.href = 'http://127.0.0.1:9/elsewhere/';
    document.head.prepend(base);
    try {
      const m = await mountApp({ storagePrefix: `${unique('base')}:` });
      logInViaUi(m, 'demo', 'demo1234');
      await waitRoute(m, '/ad-center');
      expect(localStorage.getItem(tokenKey(m)), "the token is kept for the page's own API origin").to.be.a('string');
      expect(m.events.filter((e) => e.type === 'error')).to.deep.equal([]);
    } finally {
      base.remove();
    }
  });

  it("a token forced on the page (setToken) does not replace the merchant's own stored session", async () => {
    const prefix = `${unique('fix')}:`;
    const m = await mountApp({ storagePrefix: prefix });
    logInViaUi(m, 'demo', 'demo1234');
    await waitRoute(m, '/ad-center');
    const own = localStorage.getItem(tokenKey(m));
    expect(own).to.be.a('string');

    const forced = await demoToken();
    clearRequests();
    m.app.setToken(forced);
    // Its user info has loaded (and been shown): had the forced token been kept, it would be stored by now.
    await waitFor(() => requestsTo('/user/info') >= 1, 'the user info for the forced token');
    await nextFrame();
    expect(localStorage.getItem(tokenKey(m)), "the stored session is still the merchant's own").to.equal(own);
    unmountAll();
    const again = await mountApp({ storagePrefix: prefix, initialRoute: '/ad-center' });
    await waitRoute(again, '/ad-center');
    expect(routeOf(again)).to.equal('/ad-center');
  });
});
