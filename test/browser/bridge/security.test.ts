/**
 * The host page's iframe security rules, against the real built page on a second origin: exact origin
 * allowlist, event.source must be the parent, "null" only when listed, an empty allowlist turns the adapter off,
 * and malformed / wrong-version / oversized / invalid messages from the allowed parent change nothing.
 */
import { expect } from 'chai';
import { apiCalls, demoToken, freshMerchant, unique, waitFor } from '../support/app';

/** The dashboard's figures: the first thing the home screen asks for. */
const STATS = '/ad/order/data_statistics/list';
import { MAX_MESSAGE_BYTES } from '../../../bridge/protocol';
import { Inbox, addFrame, hostOrigin, cleanupFrames, hostQuery, js, listen, openHost, sleep } from './host';

/** Origins that differ from this page's in one part only, or are patterns: none may match. */
function nearMisses(): string[] {
  const u = new URL(location.origin);
  const port = Number(u.port || 80);
  return [
    `${u.protocol}//${u.hostname}:${port + 1}`,
    `https://${u.host}`,
    `${u.protocol}//${u.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}:${port}`,
    `${location.origin}/`,
    `${location.origin}.evil.example`,
    '*',
  ];
}

describe('bridge host page security', function () {
  this.timeout(45000);
  afterEach(cleanupFrames);

  it('wrong origin: a parent not on the allowlist gets ready only; its init and token are ignored', async () => {
    const token = await demoToken();
    const h = await openHost(hostQuery(nearMisses().join(',')));
    // The adapter is on (the list is not empty), so ready still goes to '*'.
    await h.inbox.next('ready', 0);
    h.send('init', { platform: 'test', language: 'de', token });
    h.send('token', { token });
    h.send('back', {});
    // Still unanswered: the page keeps announcing and sends nothing else (no route, no close, no error).
    const n = h.inbox.of('ready').length;
    await waitFor(() => h.inbox.of('ready').length > n, 'ready re-sent after the rejected init', 5000);
    // A second announcement since: the messages, posted before the first, have all been handled by now, and none
    // was taken (any valid message from the parent counts as the answer and stops the announcements).
    await waitFor(() => h.inbox.of('ready').length > n + 1, 'a second ready after the rejected messages', 5000);
    expect(h.inbox.nonReady(), h.inbox.summary()).to.deep.equal([]);
    expect(h.inbox.invalid).to.deep.equal([]);
  });

  it('empty allowlist: the page does not even send ready to its parent', async () => {
    const pages: [string, Awaited<ReturnType<typeof openHost>>][] = [];
    for (const q of [hostQuery(''), 'apiBase=/api', hostQuery(' , ')]) {
      const h = await openHost(q, `ma-host-${q.length}`);
      await h.loaded;
      h.send('init', { platform: 'test' });
      pages.push([q, h]);
    }
    // A fixed wait, kept: it shows that nothing comes (a page that announces does so at once, then after 250 ms),
    // and a page that sends nothing offers nothing later to wait for. One wait for the three pages.
    await sleep(1000);
    for (const [q, h] of pages) expect(h.inbox.raw, q).to.deep.equal([]);
  });

  it("wrong source: a sibling frame with the parent's own origin cannot talk to the host page", async () => {
    const api = await hostOrigin();
    const token = await demoToken();
    const h = await openHost(hostQuery(location.origin));
    await h.inbox.next('ready', 0);
    // A same-origin sibling (srcdoc inherits this page's origin) posts init + token straight to the host page.
    const posted: unknown[] = [];
    const sib = addFrame((f) => {
      f.srcdoc = `<script>
        const host = parent.document.getElementById('ma-host').contentWindow;
        const send = (type, payload) => host.postMessage(JSON.stringify({ ns: 'merchant-ads', v: 1, id: 'sib-' + type, kind: 'event', type, payload }), ${js(api)});
        send('init', { platform: 'sibling', language: 'de', token: ${js(token)} });
        send('token', { token: ${js(token)} });
        send('back', {});
        parent.postMessage('sibling-posted', '*');
      </script>`;
    });
    listen(
      () => sib.contentWindow,
      (e) => void posted.push(e.data),
    );
    await waitFor(() => posted.includes('sibling-posted'), 'the sibling to post', 5000);
    const n = h.inbox.of('ready').length;
    await waitFor(() => h.inbox.of('ready').length > n, "ready re-sent after the sibling's init", 5000);
    // A second announcement since: the messages, posted before the first, have all been handled by now, and none
    // was taken (any valid message from the parent counts as the answer and stops the announcements).
    await waitFor(() => h.inbox.of('ready').length > n + 1, 'a second ready after the rejected messages', 5000);
    expect(h.inbox.nonReady(), h.inbox.summary()).to.deep.equal([]);
    // The real parent is still heard, and the sibling's token was not applied: init without a token stays on /login.
    h.send('init', { platform: 'test', language: 'en' });
    await waitFor(() => h.inbox.route() === '/login', `route /login (have ${h.inbox.summary()})`, 10000);
    // A later message answered (the title in French): everything the page was doing before it is done.
    const b = h.inbox.messages.length;
    h.send('language', { language: 'fr' });
    await h.inbox.next('titleChanged', b, (m) => m.payload.title === 'Connexion');
    expect(h.inbox.of('routeChanged').map((m) => m.payload.path)).to.not.include('/ad-center');
    expect(h.inbox.of('close')).to.deep.equal([]);
  });

  describe('the "null" origin (a sandboxed parent)', () => {
    /** A sandboxed frame that frames the host page, answers every ready with init + token, and relays what it gets. */
    async function sandboxedShell(origins: string) {
      const api = await hostOrigin();
      // A merchant of its own: other files change the demo's language and sessions while this one runs.
      const { token } = await freshMerchant();
      const inbox = new Inbox();
      const notes: string[] = [];
      const url = `${api}/bridge/index.html?${hostQuery(origins)}`;
      const sbx = addFrame((f) => {
        f.setAttribute('sandbox', 'allow-scripts');
        f.style.cssText = 'width:375px;height:667px;border:0;';
        f.srcdoc = `<!doctype html><body><script>
          const f = document.createElement('iframe');
          f.style.cssText = 'width:360px;height:640px;border:0;';
          let n = 0;
          addEventListener('message', (e) => {
            if (e.source !== f.contentWindow) return;
            parent.postMessage({ relay: e.data, origin: e.origin }, '*');
            let m;
            try { m = JSON.parse(e.data); } catch { return; }
            if (m && m.ns === 'merchant-ads' && m.type === 'ready') {
              f.contentWindow.postMessage(JSON.stringify({ ns: 'merchant-ads', v: 1, id: 'sbx-' + (++n), kind: 'event', type: 'init', payload: { platform: 'sandbox', language: 'de', token: ${js(token)} } }), '*');
              parent.postMessage({ note: 'answered', origin: String(self.origin) }, '*');
            }
          });
          f.src = ${js(url)};
          document.body.appendChild(f);
        </script></body>`;
      });
      listen(
        () => sbx.contentWindow,
        (e) => {
          const d = e.data as { relay?: unknown; origin?: string; note?: string };
          if (d && 'relay' in d) inbox.add(d.relay, d.origin ?? '');
          else if (d?.note) notes.push(`${d.note}:${d.origin}`);
        },
      );
      return { inbox, notes, origin: () => (notes[0] ?? '').split(':').slice(1).join(':') };
    }

    it("not listed: a sandboxed parent is not accepted, even when its URL's origin is listed", async () => {
      const s = await sandboxedShell([location.origin, 'https://shell.example.com'].join(','));
      await s.inbox.next('ready', 0);
      // A third ready after two answered ones: the page has handled both inits and taken neither.
      await waitFor(() => s.notes.length >= 3, 'three answered readys', 5000);
      expect(s.origin()).to.equal('null');
      expect(s.inbox.nonReady(), s.inbox.summary()).to.deep.equal([]);
      expect(s.inbox.raw.every((r) => r.origin === 'null')).to.equal(true);
    });

    it('listed as "null": accepted, and the page answers (to "*", the only way to reach it)', async () => {
      const s = await sandboxedShell('null');
      await s.inbox.next('ready', 0);
      await waitFor(() => s.inbox.route() === '/ad-center', `route /ad-center (have ${s.inbox.summary()})`, 15000);
      expect(s.origin()).to.equal('null');
      // Answered once: the announcements stop.
      const n = s.inbox.of('ready').length;
      // A fixed wait, kept: it shows that nothing comes (no further ready); the sandboxed shell only relays, so
      // there is no later answer to wait for instead.
      await sleep(1200);
      expect(s.inbox.of('ready').length).to.equal(n);
      expect(s.inbox.invalid).to.deep.equal([]);
    });
  });

  it('malformed JSON, an unknown version, a huge payload and an invalid token change nothing and are reported', async () => {
    const token = await demoToken();
    const h = await openHost(hostQuery(location.origin));
    await h.inbox.next('ready', 0);

    // Dropped before the answer: reported once the shell is connected.
    h.post(`{"ns":"merchant-ads","v":1,"id":"m0","kind":"event","type":"token","payload":{"token":"${token}"}`);
    h.send('init', { platform: 'test', language: 'en' });
    await waitFor(() => h.inbox.route() === '/login', `route /login (have ${h.inbox.summary()})`, 10000);
    await h.inbox.next('error', 0, (m) => m.payload.reason === 'malformed');

    const n = h.inbox.messages.length;
    h.post(`{"ns":"merchant-ads","v":1,"id":"m1","kind":"event","type":"token","payload":{"token":"${token}"}`);
    h.send('token', { token }, { v: 2 });
    h.send('token', { token }, { pad: 'x'.repeat(MAX_MESSAGE_BYTES) });
    h.send('token', { token: `${token} has spaces` });
    h.send('language', { language: '<img src=x onerror=alert(1)>' });
    h.send('init', { platform: 'test', token: `${token}\u0000` });
    // Not reported, just ignored: foreign messages and unknown types.
    h.post('{"type":"webpackOk"}');
    h.post('plain text');
    h.send('selfDestruct', { token });

    await waitFor(() => h.inbox.of('error', n).length >= 6, `six error reports (have ${h.inbox.summary(n)})`, 10000);
    // The page still works and answers in order: a valid message after the bad ones is applied, so every one before
    // it has been handled, and any further report or change would be here by now.
    const b = h.inbox.messages.length;
    h.send('language', { language: 'fr' });
    await h.inbox.next('titleChanged', b, (m) => m.payload.title === 'Connexion');
    const errors = h.inbox.of('error', n).map((m) => m.payload);
    expect(errors.map((e) => e.reason)).to.deep.equal([
      'malformed',
      'unsupported_version',
      'too_large',
      'invalid_payload',
      'invalid_payload',
      'invalid_payload',
    ]);
    expect(errors[1].detail).to.include('version 2');
    expect(Number(/^(\d+) bytes$/.exec(errors[2].detail)?.[1])).to.be.above(MAX_MESSAGE_BYTES);
    expect(errors[3].detail).to.equal('token.token: pattern');
    expect(errors[4].detail).to.match(/^language\.language: /);
    // A NUL is refused as a character before the pattern is tried (the shared schema's 'chars' rule).
    expect(errors[5].detail).to.equal('init.token: chars');
    // Nothing changed before the valid message: no route, title, close or logout, only the reports.
    expect(
      h.inbox.messages.slice(n, b).filter((m) => m.type !== 'ready' && m.type !== 'error'),
      h.inbox.summary(n),
    ).to.deep.equal([]);
    expect(h.inbox.route()).to.equal('/login');
    for (const r of h.inbox.raw) expect(String(r.data)).to.not.include(token);
  });
  describe('settings a crafted link cannot set (apiBase, origins, token)', () => {
    const strangerLog = async (): Promise<{ path: string; token: string | null }[]> =>
      (await fetch('/__evil-log')).json();

    /** A merchant signed in on the host page's origin through a shell that asks for its token to be kept. */
    async function signedInVictim(prefix: string): Promise<string> {
      const token = await demoToken();
      const h = await openHost(
        hostQuery(location.origin, '', { storagePrefix: prefix, persistToken: true }),
        `ma-victim-${prefix}`,
      );
      await h.inbox.next('ready', 0);
      h.send('init', { platform: 'test', language: 'en', token });
      await waitFor(() => h.inbox.route() === '/ad-center', `victim signed in (have ${h.inbox.summary()})`, 15000);
      cleanupFrames();
      return token;
    }

    it('?apiBase= pointing at a stranger: the stored token never leaves for it (the link that stole sessions)', async () => {
      const prefix = `${unique('victim')}:`;
      const token = await signedInVictim(prefix);
      const before = (await strangerLog()).length;
      const asked = await apiCalls(STATS, token);
      // The test page's origin is not the host page's: a stranger's API, which records every X-CT it is sent.
      const evil = `${location.origin}/__evil-api`;
      const h = await openHost(
        hostQuery(location.origin, `&apiBase=${encodeURIComponent(evil)}`, { storagePrefix: prefix }),
      );
      await h.inbox.next('ready', 0);
      h.send('init', { platform: 'test', language: 'en' });
      // The page keeps its configured API, where the merchant is still signed in.
      await waitFor(
        () => h.inbox.route() === '/ad-center',
        `route /ad-center (have ${h.inbox.summary()}; raw ${JSON.stringify(h.inbox.raw).slice(0, 800)})`,
        15000,
      );
      // Its screen has asked the configured API for its figures: any request to the stranger left with them.
      await waitFor(
        async () => (await apiCalls(STATS, token)) > asked,
        "the home screen's loads at the configured API",
      );
      const seen = (await strangerLog()).slice(before);
      expect(seen, JSON.stringify(seen)).to.deep.equal([]);
      expect(JSON.stringify(seen)).to.not.include(token);
    });

    it('?origins= naming the framing page: it is not allowlisted, and its init, token, logout and back do nothing', async () => {
      const token = await demoToken();
      const h = await openHost(
        hostQuery('https://shell.example.com', `&origins=${encodeURIComponent(location.origin)}`),
      );
      await h.inbox.next('ready', 0);
      h.send('init', { platform: 'evil', language: 'de', token });
      h.send('token', { token });
      h.send('logout', {});
      h.send('back', {});
      const n = h.inbox.of('ready').length;
      await waitFor(() => h.inbox.of('ready').length > n, 'ready re-sent after the rejected init', 5000);
      // A second announcement since: the messages, posted before the first, have all been handled by now, and none
      // was taken (any valid message from the parent counts as the answer and stops the announcements).
      await waitFor(() => h.inbox.of('ready').length > n + 1, 'a second ready after the rejected messages', 5000);
      expect(h.inbox.nonReady(), h.inbox.summary()).to.deep.equal([]);
    });

    it('?token= does not sign the page in, nor replace the session kept on the origin (login CSRF, fixation)', async () => {
      const prefix = `${unique('fixate')}:`;
      const attacker = await demoToken();
      const h = await openHost(
        hostQuery(location.origin, `&token=${encodeURIComponent(attacker)}`, { storagePrefix: prefix }),
      );
      await h.inbox.next('ready', 0);
      h.send('init', { platform: 'test', language: 'en' });
      await waitFor(() => h.inbox.route() === '/login', `route /login (have ${h.inbox.summary()})`, 10000);
      // A later message answered (the title in French): everything the page was doing before it is done.
      const b = h.inbox.messages.length;
      h.send('language', { language: 'fr' });
      await h.inbox.next('titleChanged', b, (m) => m.payload.title === 'Connexion');
      expect(h.inbox.of('routeChanged').map((m) => m.payload.path)).to.not.include('/ad-center');
    });

    it("a token from the shell lives in the page's memory: a reopened page without it is signed out", async () => {
      const prefix = `${unique('memory')}:`;
      const token = await demoToken();
      const h = await openHost(hostQuery(location.origin, '', { storagePrefix: prefix }), 'ma-memory-1');
      await h.inbox.next('ready', 0);
      h.send('init', { platform: 'test', language: 'en', token });
      await waitFor(() => h.inbox.route() === '/ad-center', `signed in (have ${h.inbox.summary()})`, 15000);
      cleanupFrames();
      const again = await openHost(
        hostQuery(location.origin, '&route=/ad-center', { storagePrefix: prefix }),
        'ma-memory-2',
      );
      await again.inbox.next('ready', 0);
      again.send('init', { platform: 'test', language: 'en' });
      await again.inbox.next('tokenRequest', 0);
      await waitFor(() => again.inbox.route() === '/login', `route /login (have ${again.inbox.summary()})`, 10000);
    });
  });
});
