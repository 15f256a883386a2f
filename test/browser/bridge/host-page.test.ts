/**
 * The built host page (dist/bridge/index.html, served by the API server on a second origin) in a real
 * cross-origin iframe, with this test page as the shell: every shell → web message and what the page answers.
 */
import { expect } from 'chai';
import { demoToken, waitFor } from '../support/app';
import { CAPABILITIES } from '../../../bridge/protocol';
import { hostOrigin, cleanupFrames, hostQuery, openHost, sleep, type HostFrame } from './host';

async function signOut(h: HostFrame) {
  const n = h.inbox.messages.length;
  h.send('logout', {});
  await h.inbox.next('routeChanged', n, (m) => m.payload.path === '/login');
}

describe('bridge host page in a cross-origin iframe', function () {
  this.timeout(45000);
  afterEach(cleanupFrames);

  it('announces ready to the parent, re-sending it until answered, and holds everything else back', async () => {
    const api = await hostOrigin();
    const h = await openHost(hostQuery(location.origin));
    const ready = await h.inbox.next('ready', 0);
    expect(ready.kind).to.equal('event');
    expect(ready.payload.protocols).to.deep.equal([1]);
    expect(ready.payload.sdk).to.match(/^\d+\.\d+\.\d+/);
    expect(ready.payload.capabilities).to.deep.equal(CAPABILITIES);
    expect(h.inbox.raw[0].origin).to.equal(api);
    // 250 ms, then 500 ms later: at least three announcements within ~1.5 s, and nothing else.
    await waitFor(() => h.inbox.of('ready').length >= 3, 'ready re-sent', 5000);
    expect(h.inbox.nonReady()).to.deep.equal([]);
    expect(h.inbox.invalid).to.deep.equal([]);
    // Each announcement has its own id.
    const ids = h.inbox.of('ready').map((m) => m.id);
    expect(new Set(ids).size).to.equal(ids.length);
    // The answer stops them and releases the queue (the first route).
    h.send('init', { platform: 'test', language: 'en' });
    await h.inbox.next('routeChanged', 0, (m) => m.payload.path === '/login');
    const n = h.inbox.of('ready').length;
    // A fixed wait, kept: it shows that no further ready comes, which offers nothing to wait for instead.
    await sleep(1200);
    expect(h.inbox.of('ready').length).to.equal(n);
  });

  it('a route that needs a token: tokenRequest {missing} and /login, then token → in', async () => {
    const token = await demoToken();
    const h = await openHost(hostQuery(location.origin, '&route=/wallet'));
    await h.inbox.next('ready', 0);
    h.send('init', { platform: 'test', language: 'en' });
    const req = await h.inbox.next('tokenRequest', 0);
    expect(req.payload).to.deep.equal({ reason: 'missing' });
    await waitFor(() => h.inbox.route() === '/login', `route /login (have ${h.inbox.summary()})`, 10000);
    const n = h.inbox.messages.length;
    h.send('token', { token });
    await h.inbox.next('routeChanged', n, (m) => m.payload.path === '/ad-center');
    await signOut(h);
  });

  it('a shell that answers the very first ready at once (page language still loading) gets its token applied', async () => {
    const token = await demoToken();
    // lang=de makes the app fetch its German strings before its router starts; a native shell answers the first
    // ready within milliseconds, i.e. meanwhile. The window is a race, so the attempt is made three times.
    const routes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const h = await openHost(hostQuery(location.origin, '&lang=de'), `ma-host-quick-${i}`);
      let answered = 0;
      h.inbox.onMessage = (m) => {
        if (m.type === 'ready' && !answered++) h.send('init', { platform: 'test', language: 'de', token });
      };
      await waitFor(() => answered, 'first ready', 10000);
      try {
        await waitFor(() => h.inbox.route(), 'first route', 10000);
        await waitFor(() => h.inbox.route() === '/ad-center', 'route /ad-center', 3000).catch(() => undefined);
        routes.push(h.inbox.route()!);
      } finally {
        // Leave no stored token behind for the next page, whatever happened.
        await signOut(h);
        h.iframe.remove();
      }
    }
    expect(routes, 'the route each attempt ended on').to.deep.equal(['/ad-center', '/ad-center', '/ad-center']);
  });

  it('init (de + token) → /ad-center in German; back → close; language fr; logout → /login; token → in', async () => {
    const api = await hostOrigin();
    const token = await demoToken();
    const h = await openHost(hostQuery(location.origin));
    await h.inbox.next('ready', 0);

    h.send('init', { platform: 'test', language: 'de', token });
    await waitFor(
      () => h.inbox.route() === '/ad-center' && h.inbox.title() === 'Werbezentrale',
      `German /ad-center (have ${h.inbox.summary()})`,
      15000,
    );
    const atHome = h.inbox.of('routeChanged').at(-1)!;
    expect(atHome.payload).to.deep.equal({ path: '/ad-center', canGoBack: false });

    // Hardware back on a route with no previous page: the page asks the shell to close it.
    let n = h.inbox.messages.length;
    h.send('back', {});
    const close = await h.inbox.next('close', n);
    expect(close.payload).to.deep.equal({ reason: 'back' });

    // Language switch: the title follows.
    n = h.inbox.messages.length;
    h.send('language', { language: 'fr' });
    await h.inbox.next('titleChanged', n, (m) => m.payload.title === 'Centre publicitaire');
    expect(h.inbox.route()).to.equal('/ad-center');

    // Logout from the shell: the page signs out, tells the shell, and shows the login page.
    n = h.inbox.messages.length;
    h.send('logout', {});
    await h.inbox.next('routeChanged', n, (m) => m.payload.path === '/login');
    expect(h.inbox.of('logout', n).map((m) => m.payload)).to.deep.equal([{ reason: 'user' }]);
    await h.inbox.next('titleChanged', n, (m) => m.payload.title === 'Connexion');

    // A token from the shell signs in again.
    n = h.inbox.messages.length;
    h.send('token', { token });
    await h.inbox.next('routeChanged', n, (m) => m.payload.path === '/ad-center');

    // Everything came from the host page's origin, was a valid message, and never carried the token.
    expect(h.inbox.invalid).to.deep.equal([]);
    for (const r of h.inbox.raw) {
      expect(r.origin).to.equal(api);
      expect(String(r.data)).to.not.include(token);
    }
    // No error reports: every message we sent was valid.
    expect(h.inbox.of('error')).to.deep.equal([]);
    await signOut(h);
  });
});
