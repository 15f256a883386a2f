/**
 * createBridge (bridge/bridge.ts) through each adapter: the explicit test double, a fake React Native WebView,
 * a fake iOS message handler and a fake Android JavaScript interface (default and custom name); then the
 * detection order, the 'none' adapter and the iframe adapter inside a same-origin child frame.
 */
import { expect } from 'chai';
import { createBridge, type Bridge, type BridgeOptions } from '../../../bridge/bridge';
import { CAPABILITIES, MAX_MESSAGE_BYTES, parse, webToShell, type Message } from '../../../bridge/protocol';
import { waitFor } from '../support/render';
import { captureTimeouts, shiftableNow, type CapturedTimeouts } from '../support/timers';

type Sent = Message<keyof typeof webToShell & string, any>;

interface Harness {
  bridge: Bridge;
  raw: string[];
  /** performance.now() of each raw message, as it was sent. */
  at: number[];
  /** Everything sent, parsed (each must parse as a valid web → shell message). */
  sent: () => Sent[];
  nonReady: () => Sent[];
  readies: () => number;
  received: Message<string, any>[];
  closes: number;
  opened: string[];
  logs: string[];
}

interface AdapterCase {
  title: string;
  name: string;
  handlerName?: string;
  install: (sink: (m: string) => void) => BridgeOptions['adapter'] | undefined;
}

const w = window as unknown as Record<string, any>;
const installed: string[] = [];
const put = (key: string, value: unknown) => {
  w[key] = value;
  installed.push(key);
};

const CASES: AdapterCase[] = [
  { title: 'explicit adapter option', name: 'custom', install: (sink) => ({ name: 'test-double', send: sink }) },
  {
    title: 'window.ReactNativeWebView',
    name: 'react-native',
    install: (sink) => void put('ReactNativeWebView', { postMessage: sink }),
  },
  {
    title: 'webkit.messageHandlers.merchantAds (iOS)',
    name: 'ios',
    install: (sink) => void put('webkit', { messageHandlers: { merchantAds: { postMessage: sink } } }),
  },
  {
    title: 'Android interface window.merchantAds',
    name: 'android',
    install: (sink) => void put('merchantAds', { postMessage: sink }),
  },
  {
    title: 'Android interface with a custom handlerName',
    name: 'android',
    handlerName: 'shellBridge',
    install: (sink) => void put('shellBridge', { postMessage: sink }),
  },
];

const bridges: Bridge[] = [];
const frames: HTMLIFrameElement[] = [];

function cleanupAll() {
  for (const b of bridges.splice(0)) b.destroy();
  for (const k of installed.splice(0)) delete w[k];
  for (const f of frames.splice(0)) f.remove();
}

function parseSent(raw: string[]): Sent[] {
  return raw.map((r) => {
    const p = parse(r, webToShell);
    if (!p.ok) throw new Error(`the bridge sent something that is not a valid web → shell message: ${r.slice(0, 200)}`);
    return p.message as Sent;
  });
}

function start(c: AdapterCase | null, o: Partial<BridgeOptions> = {}): Harness {
  const raw: string[] = [];
  const at: number[] = [];
  const sink = (m: string) => {
    raw.push(m);
    at.push(performance.now());
  };
  const adapter = c ? c.install(sink) : undefined;
  const h: Harness = {
    bridge: null as unknown as Bridge,
    raw,
    at,
    sent: () => parseSent(raw),
    nonReady: () => parseSent(raw).filter((m) => m.type !== 'ready'),
    readies: () => parseSent(raw).filter((m) => m.type === 'ready').length,
    received: [],
    closes: 0,
    opened: [],
    logs: [],
  };
  h.bridge = createBridge({
    win: window,
    sdkVersion: '9.9.9-test',
    adapter,
    handlerName: c?.handlerName,
    readyBackoff: [20, 40],
    fallbackTimeout: 300,
    onMessage: (m) => void h.received.push(m),
    fallback: { close: () => void h.closes++, openUrl: (u) => void h.opened.push(u) },
    log: (m) => void h.logs.push(m),
    ...o,
  });
  bridges.push(h.bridge);
  return h;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const msg = (type: string, payload: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    ns: 'merchant-ads',
    v: 1,
    id: `shell-${Math.random().toString(36).slice(2)}`,
    kind: 'event',
    type,
    payload,
    ...extra,
  });
const init = (payload: Record<string, unknown> = {}) => msg('init', { platform: 'test', ...payload });

/** Posts `data` to this window from a script running in a child frame (so event.source is that frame). */
async function postFromChildFrame(data: string): Promise<Window> {
  const f = document.createElement('iframe');
  frames.push(f);
  const seen = new Promise<void>((ok) => {
    const on = (e: MessageEvent) => {
      if (e.source === f.contentWindow && e.data === data) {
        window.removeEventListener('message', on);
        ok();
      }
    };
    window.addEventListener('message', on);
  });
  f.srcdoc = `<script>parent.postMessage(${JSON.stringify(data).replace(/</g, '\\u003c')}, '*')</script>`;
  document.body.appendChild(f);
  await seen;
  // One task, not a wait for time: every other listener of the same event runs before the caller goes on.
  await sleep(0);
  return f.contentWindow!;
}

describe('bridge adapters', () => {
  // Every timeout set during a test is captured (and still runs for real unless fired first): a test runs the
  // ready and fallback timers now instead of sleeping through them.
  let timers: CapturedTimeouts;
  beforeEach(() => {
    timers = captureTimeouts();
  });
  afterEach(() => {
    cleanupAll();
    timers.restore();
  });

  for (const c of CASES) {
    describe(c.title, () => {
      it(`is detected as '${c.name}' and sends ready first: protocols [1], sdk version, capabilities`, async () => {
        const h = start(c);
        expect(h.bridge.adapter).to.equal(c.name);
        expect(h.bridge.connected).to.equal(false);
        // The first announcement goes out synchronously.
        expect(h.raw.length).to.equal(1);
        const [first] = h.sent();
        expect(first.type).to.equal('ready');
        expect(first.kind).to.equal('event');
        expect(first.payload).to.deep.equal({ protocols: [1], sdk: '9.9.9-test', capabilities: CAPABILITIES });
        expect(first.payload.capabilities).to.include.members(['init', 'token', 'language', 'logout', 'back']);
      });

      it('re-sends ready with backoff until answered, then stops', async () => {
        const h = start(c);
        // 0, 20, 60, 100, ... ms
        await waitFor(() => h.readies() >= 4, 'four ready announcements', 3000);
        expect(h.nonReady()).to.deep.equal([]);
        h.bridge.receive(init());
        expect(h.bridge.connected).to.equal(true);
        expect(h.bridge.platform).to.equal('test');
        const n = h.readies();
        // Every timer set since the bridge started runs now: none of them announces again.
        timers.fire();
        expect(h.readies()).to.equal(n);
      });

      it('backs off: the delays grow, the last one repeats', async () => {
        const t0 = performance.now();
        const h = start(c, { readyBackoff: [30, 120] });
        await waitFor(() => h.readies() >= 4, 'four readies', 3000);
        const times = h.at.slice(0, 4).map((t) => t - t0);
        // Expected at ~0, ~30, ~150, ~270 ms: never sooner.
        expect(times[0]).to.be.below(20);
        expect(times[1]).to.be.at.least(28);
        expect(times[2] - times[1]).to.be.at.least(115);
        expect(times[3] - times[2]).to.be.at.least(115);
      });

      for (const path of ['receive()', 'message event on window', 'message event on document'] as const) {
        it(`an answer through ${path} reaches onMessage, validated`, async () => {
          const h = start(c);
          const data = init({ language: 'de', token: 'tok-123', extra: '<img src=x onerror=alert(1)>' });
          if (path === 'receive()') h.bridge.receive(data);
          else if (path === 'message event on window') window.dispatchEvent(new MessageEvent('message', { data }));
          else document.dispatchEvent(new MessageEvent('message', { data }));
          await waitFor(() => h.received.length, 'onMessage', 2000);
          expect(h.received.length).to.equal(1);
          expect(h.received[0].type).to.equal('init');
          expect(h.received[0].payload).to.deep.equal({ platform: 'test', language: 'de', token: 'tok-123' });
          expect(h.bridge.connected).to.equal(true);
          expect(h.bridge.platform).to.equal('test');
        });
      }

      it('a message event from this window itself (window.postMessage) is accepted', async () => {
        const h = start(c);
        window.postMessage(init(), '*');
        await waitFor(() => h.bridge.connected, 'connected', 2000);
        expect(h.received.map((m) => m.type)).to.deep.equal(['init']);
      });

      it('every shell → web type reaches onMessage, in order', () => {
        const h = start(c);
        h.bridge.receive(init({ language: 'fr' }));
        h.bridge.receive(msg('token', { token: 'abc.def' }));
        h.bridge.receive(msg('language', { language: 'de' }));
        h.bridge.receive(msg('logout', {}));
        h.bridge.receive(msg('back', {}));
        expect(h.received.map((m) => [m.type, m.payload])).to.deep.equal([
          ['init', { platform: 'test', language: 'fr' }],
          ['token', { token: 'abc.def' }],
          ['language', { language: 'de' }],
          ['logout', {}],
          ['back', {}],
        ]);
      });

      it('any valid shell message counts as the answer (not only init)', () => {
        const h = start(c);
        h.bridge.send('logout', { reason: 'user' });
        h.bridge.receive(msg('language', { language: 'de' }));
        expect(h.bridge.connected).to.equal(true);
        expect(h.bridge.platform).to.equal(null);
        expect(h.nonReady().map((m) => m.type)).to.deep.equal(['logout']);
      });

      it('queues what is sent before the answer and flushes it in order after it', async () => {
        const h = start(c);
        h.bridge.send('logout', { reason: 'expired' });
        h.bridge.send('tokenRequest', { reason: 'missing' });
        h.bridge.send('routeChanged', { path: '/login', canGoBack: false });
        h.bridge.send('titleChanged', { title: 'Log in' });
        timers.fire(); // the next ready's timer, run now: still only announcements go out
        expect(h.nonReady()).to.deep.equal([]);
        h.bridge.receive(init());
        expect(h.nonReady().map((m) => [m.type, m.payload])).to.deep.equal([
          ['logout', { reason: 'expired' }],
          ['tokenRequest', { reason: 'missing' }],
          ['routeChanged', { path: '/login', canGoBack: false }],
          ['titleChanged', { title: 'Log in' }],
        ]);
        // The init answer did not come back as a message; after the answer, sends go straight out.
        h.bridge.send('titleChanged', { title: 'Wallet' });
        expect(h.nonReady().at(-1)).to.deep.include({ type: 'titleChanged', payload: { title: 'Wallet' } });
      });

      it('routeChanged and titleChanged keep only the latest while queued', () => {
        const h = start(c);
        h.bridge.send('routeChanged', { path: '/a', canGoBack: false });
        h.bridge.send('titleChanged', { title: 'A' });
        h.bridge.send('logout', { reason: 'user' });
        h.bridge.send('routeChanged', { path: '/b', canGoBack: true });
        h.bridge.send('tokenRequest', { reason: 'expired' });
        h.bridge.send('titleChanged', { title: 'B' });
        h.bridge.send('routeChanged', { path: '/c', canGoBack: true });
        h.bridge.receive(init());
        expect(h.nonReady().map((m) => [m.type, m.payload])).to.deep.equal([
          ['logout', { reason: 'user' }],
          ['tokenRequest', { reason: 'expired' }],
          ['titleChanged', { title: 'B' }],
          ['routeChanged', { path: '/c', canGoBack: true }],
        ]);
      });

      it('the queue is bounded: the oldest go first', () => {
        const h = start(c, { queueLimit: 3 });
        for (const r of ['r1', 'r2', 'r3', 'r4', 'r5']) h.bridge.send('logout', { reason: r });
        h.bridge.receive(init());
        expect(h.nonReady().map((m) => m.payload.reason)).to.deep.equal(['r3', 'r4', 'r5']);
      });

      it('with no answer, close and openUrl fall back after fallbackTimeout and are never sent later', async () => {
        // The bridge measures fallbackTimeout with Date.now and waits it out with a timer: the test moves that
        // clock on and runs the timers, rather than waiting 300 ms.
        const clock = shiftableNow();
        try {
          const h = start(c, { fallbackTimeout: 300 });
          h.bridge.send('close', { reason: 'back' });
          h.bridge.send('openUrl', { url: 'https://help.example.com/chat', purpose: 'customerService' });
          h.bridge.send('titleChanged', { title: 'Still queued' });
          expect(h.closes).to.equal(0);
          expect(h.opened).to.deep.equal([]);
          clock.advance(300);
          timers.fire();
          expect(h.closes).to.equal(1);
          expect(h.opened).to.deep.equal(['https://help.example.com/chat']);
          // Past the timeout a user action falls back at once.
          h.bridge.send('close', { reason: 'user' });
          expect(h.closes).to.equal(2);
          // A late answer flushes the rest of the queue, but not the actions already done.
          h.bridge.receive(init());
          expect(h.nonReady().map((m) => m.type)).to.deep.equal(['titleChanged']);
          timers.fire();
          expect(h.closes).to.equal(2);
          expect(h.opened.length).to.equal(1);
        } finally {
          clock.restore();
        }
      });

      it('a user action answered in time is sent, not fallen back', async () => {
        const h = start(c, { fallbackTimeout: 200 });
        h.bridge.send('close', { reason: 'back' });
        h.bridge.receive(init());
        expect(h.nonReady().map((m) => [m.type, m.payload])).to.deep.equal([['close', { reason: 'back' }]]);
        timers.fire(); // its fallback timer, if it were still set, runs now
        expect(h.closes).to.equal(0);
        // Connected: later actions go straight to the shell too.
        h.bridge.send('openUrl', { url: 'https://example.com/x', purpose: 'external' });
        expect(h.nonReady().at(-1)).to.deep.include({
          type: 'openUrl',
          payload: { url: 'https://example.com/x', purpose: 'external' },
        });
        expect(h.opened).to.deep.equal([]);
      });

      it('an http:// (or javascript:) openUrl is never sent nor opened', async () => {
        const h = start(c, { fallbackTimeout: 100 });
        h.bridge.send('openUrl', { url: 'http://example.com/insecure', purpose: 'external' });
        h.bridge.receive(init());
        h.bridge.send('openUrl', { url: 'http://example.com/insecure', purpose: 'external' });
        h.bridge.send('openUrl', { url: 'javascript:alert(1)', purpose: 'external' });
        timers.fire(); // a fallback timer, had one been set, runs now
        expect(h.raw.some((r) => r.includes('openUrl'))).to.equal(false);
        expect(h.opened).to.deep.equal([]);
        expect(h.logs.filter((l) => l.includes('not sent: openUrl')).length).to.equal(3);
      });

      it('a message event whose source is another window is rejected', async () => {
        const h = start(c);
        // A frame posting to us for real…
        await postFromChildFrame(init({ token: 'from-a-frame' }));
        // …and a synthetic event naming a frame as its source.
        const other = frames[0].contentWindow!;
        window.dispatchEvent(new MessageEvent('message', { data: init({ token: 'synthetic' }), source: other }));
        document.dispatchEvent(new MessageEvent('message', { data: init({ token: 'synthetic' }), source: other }));
        // dispatchEvent runs the listeners before it returns: nothing to wait for.
        expect(h.received).to.deep.equal([]);
        expect(h.bridge.connected).to.equal(false);
        // Not reported either: a frame's message is simply not ours to read.
        h.bridge.receive(init());
        expect(h.nonReady()).to.deep.equal([]);
      });

      it('dropped messages are reported back to the shell as error messages', () => {
        const h = start(c);
        h.bridge.receive(init());
        h.bridge.receive('{"ns":"merchant-ads","v":1,"type":"token"');
        h.bridge.receive(msg('token', { token: 'abc' }, { v: 2 }));
        h.bridge.receive(msg('token', { token: 'abc' }, { pad: 'x'.repeat(MAX_MESSAGE_BYTES) }));
        h.bridge.receive(msg('token', { token: 'has spaces' }));
        h.bridge.receive(msg('language', { language: 'xx!!' }));
        // Foreign messages and unknown types are ignored silently.
        h.bridge.receive('{"type":"webpackOk"}');
        h.bridge.receive(msg('selfDestruct', {}));
        h.bridge.receive(42);
        const errors = h.nonReady().filter((m) => m.type === 'error');
        expect(errors.map((m) => m.payload.reason)).to.deep.equal([
          'malformed',
          'unsupported_version',
          'too_large',
          'invalid_payload',
          'invalid_payload',
        ]);
        expect(errors[3].payload.detail).to.equal('token.token: pattern');
        expect(errors[4].payload.detail).to.equal('language.language: pattern');
        expect(h.nonReady().length).to.equal(errors.length);
        // None of them reached the app.
        expect(h.received.map((m) => m.type)).to.deep.equal(['init']);
      });

      it('errors for messages dropped before the answer wait in the queue', () => {
        const h = start(c);
        window.dispatchEvent(new MessageEvent('message', { data: msg('back', {}, { v: 3 }) }));
        expect(h.bridge.connected).to.equal(false);
        expect(h.nonReady()).to.deep.equal([]);
        h.bridge.receive(init());
        expect(h.nonReady().map((m) => [m.type, m.payload.reason])).to.deep.equal([['error', 'unsupported_version']]);
      });

      it('destroy() stops the ready timer, the fallback timers and every receive path', async () => {
        const h = start(c, { fallbackTimeout: 150 });
        h.bridge.send('close', { reason: 'back' });
        await waitFor(() => h.readies() >= 2, 'second ready', 2000);
        h.bridge.destroy();
        const n = h.raw.length;
        // Every timer set since the start that is still pending runs now (destroy should have cleared them all).
        timers.fire();
        expect(h.raw.length, 'nothing sent after destroy').to.equal(n);
        expect(h.closes, 'no fallback after destroy').to.equal(0);
        h.bridge.receive(init());
        window.dispatchEvent(new MessageEvent('message', { data: init() }));
        document.dispatchEvent(new MessageEvent('message', { data: init() }));
        expect(h.received).to.deep.equal([]);
        expect(h.bridge.connected).to.equal(false);
        h.bridge.send('titleChanged', { title: 'after' });
        expect(h.raw.length).to.equal(n);
      });
    });
  }

  describe('queue limit and fallbacks together', () => {
    it('a user action pushed out of a full queue still falls back (it is neither sent nor lost)', async () => {
      const h = start(CASES[0], { queueLimit: 2, fallbackTimeout: 150 });
      h.bridge.send('close', { reason: 'back' });
      // E.g. a shell that sends malformed messages before it answers: each report takes a queue slot.
      for (let i = 0; i < 3; i++) h.bridge.receive('{"ns":"merchant-ads",');
      timers.fire(); // the close's fallback timer, if it were still set, runs now
      expect(h.nonReady()).to.deep.equal([]);
      expect(h.closes, 'the close action was dropped from the queue and never fell back').to.equal(1);
    });
  });

  describe('detection', () => {
    it('order: explicit adapter, React Native, iOS, Android', () => {
      const rn: string[] = [];
      const ios: string[] = [];
      const android: string[] = [];
      put('ReactNativeWebView', { postMessage: (m: string) => rn.push(m) });
      put('webkit', { messageHandlers: { merchantAds: { postMessage: (m: string) => ios.push(m) } } });
      put('merchantAds', { postMessage: (m: string) => android.push(m) });
      const custom: string[] = [];
      const base = {
        win: window,
        sdkVersion: 't',
        readyBackoff: [10_000],
        onMessage: () => undefined,
        fallback: { close() {}, openUrl() {} },
        log: () => undefined,
      };
      const a = createBridge({ ...base, adapter: { send: (m) => void custom.push(m) } });
      bridges.push(a);
      expect([a.adapter, custom.length, rn.length, ios.length, android.length]).to.deep.equal(['custom', 1, 0, 0, 0]);
      const b = createBridge(base);
      bridges.push(b);
      expect([b.adapter, rn.length, ios.length, android.length]).to.deep.equal(['react-native', 1, 0, 0]);
      delete w.ReactNativeWebView;
      const d = createBridge(base);
      bridges.push(d);
      expect([d.adapter, ios.length, android.length]).to.deep.equal(['ios', 1, 0]);
      delete w.webkit;
      const e = createBridge(base);
      bridges.push(e);
      expect([e.adapter, android.length]).to.deep.equal(['android', 1]);
    });

    it('half-installed fakes are skipped: no postMessage function, wrong handler name', () => {
      put('ReactNativeWebView', {});
      put('webkit', { messageHandlers: { otherHandler: { postMessage: () => undefined } } });
      put('merchantAds', { postMessage: 'not a function' });
      const b = createBridge({
        win: window,
        sdkVersion: 't',
        onMessage: () => undefined,
        fallback: { close() {}, openUrl() {} },
        log: () => undefined,
      });
      bridges.push(b);
      expect(b.adapter).to.equal('none');
    });

    it('a frame or an element named like the handler is not an Android interface', async () => {
      const f = document.createElement('iframe');
      f.name = 'merchantAds';
      frames.push(f);
      document.body.appendChild(f);
      await waitFor(() => w.merchantAds === f.contentWindow, 'named frame on window');
      expect(typeof w.merchantAds.postMessage).to.equal('function');
      const b = createBridge({
        win: window,
        sdkVersion: 't',
        onMessage: () => undefined,
        fallback: { close() {}, openUrl() {} },
        log: () => undefined,
      });
      bridges.push(b);
      expect(b.adapter).to.equal('none');
    });

    it('top level with no shell: adapter none, no ready, user actions fall back at once', () => {
      let closes = 0;
      const opened: string[] = [];
      const received: unknown[] = [];
      const b = createBridge({
        win: window,
        sdkVersion: 't',
        fallbackTimeout: 10_000,
        onMessage: (m) => void received.push(m),
        fallback: { close: () => void closes++, openUrl: (u) => void opened.push(u) },
        log: () => undefined,
      });
      bridges.push(b);
      expect(b.adapter).to.equal('none');
      b.send('close', { reason: 'back' });
      expect(closes).to.equal(1);
      b.send('openUrl', { url: 'https://example.com/help', purpose: 'external' });
      expect(opened).to.deep.equal(['https://example.com/help']);
      b.send('openUrl', { url: 'http://example.com/help', purpose: 'external' });
      expect(opened.length).to.equal(1);
      // No listeners without an adapter.
      window.dispatchEvent(new MessageEvent('message', { data: init() }));
      expect(received).to.deep.equal([]);
    });
  });

  describe('iframe adapter (same-origin child frame, this page as the parent)', () => {
    interface Posted {
      m: string;
      target: string;
    }
    let posted: Posted[];
    let original: typeof window.postMessage;

    beforeEach(() => {
      posted = [];
      original = window.postMessage;
      // The bridge in the child calls parent.postMessage(message, targetOrigin): record the target, deliver nothing.
      (window as any).postMessage = function (m: string, target: string) {
        posted.push({ m, target });
      };
    });
    afterEach(() => {
      (window as any).postMessage = original;
    });

    async function child(allowedOrigins: string[], extra: Partial<BridgeOptions> = {}) {
      const f = document.createElement('iframe');
      frames.push(f);
      document.body.appendChild(f);
      await waitFor(() => f.contentWindow?.document.readyState === 'complete', 'child frame');
      const received: Message<string, any>[] = [];
      let closes = 0;
      const bridge = createBridge({
        win: f.contentWindow!,
        sdkVersion: 't',
        allowedOrigins,
        readyBackoff: [20, 40],
        fallbackTimeout: 200,
        onMessage: (m) => void received.push(m),
        fallback: { close: () => void closes++, openUrl: () => undefined },
        log: () => undefined,
        ...extra,
      });
      bridges.push(bridge);
      const sent = () => posted.map((p) => ({ ...p, parsed: parse(p.m, webToShell) }));
      return { f, win: f.contentWindow!, bridge, received, sent, closes: () => closes };
    }

    it('ready goes to "*", everything after the answer only to the parent\'s proven origin', async () => {
      const c = await child([location.origin]);
      expect(c.bridge.adapter).to.equal('iframe');
      expect(posted.length).to.equal(1);
      expect(posted[0].target).to.equal('*');
      c.bridge.send('routeChanged', { path: '/login', canGoBack: false });
      c.win.postMessage(init(), '*');
      await waitFor(() => c.bridge.connected, 'connected', 2000);
      c.bridge.send('titleChanged', { title: 'Log in' });
      const rest = c.sent().filter((p) => p.parsed.ok && p.parsed.message.type !== 'ready');
      expect(rest.map((p) => (p.parsed.ok ? p.parsed.message.type : ''))).to.deep.equal([
        'routeChanged',
        'titleChanged',
      ]);
      for (const p of rest) expect(p.target).to.equal(location.origin);
      for (const p of c.sent()) if (p.target === '*') expect(p.parsed.ok && p.parsed.message.type).to.equal('ready');
    });

    it('before the parent is proven, nothing but ready is posted (even past the fallback timeout)', async () => {
      const c = await child([location.origin]);
      c.bridge.send('logout', { reason: 'user' });
      c.bridge.send('close', { reason: 'back' });
      await waitFor(() => c.closes() === 1, 'close fallback', 2000);
      expect(c.sent().every((p) => p.parsed.ok && p.parsed.message.type === 'ready')).to.equal(true);
    });

    it('an empty allowlist (or only blanks) turns the iframe adapter off', async () => {
      for (const list of [[], ['', '  ']]) {
        posted.length = 0;
        const c = await child(list);
        expect(c.bridge.adapter).to.equal('none');
        // A fixed wait only to show that nothing happens: no "ready" is posted later either.
        await sleep(80);
        expect(posted).to.deep.equal([]);
        c.bridge.send('close', { reason: 'back' });
        expect(c.closes()).to.equal(1);
      }
    });

    it('a parent whose origin is not listed exactly is ignored', async () => {
      const u = new URL(location.origin);
      const nearMisses = [
        `${location.origin}/`,
        `${u.protocol}//${u.hostname}:${Number(u.port || 80) + 1}`,
        `https://${u.host}`,
        `${u.protocol}//${u.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}:${u.port}`,
        '*',
        'null',
      ];
      const c = await child(nearMisses);
      expect(c.bridge.adapter).to.equal('iframe');
      const seen = new Promise<void>((ok) => c.win.addEventListener('message', () => ok(), { once: true }));
      c.win.postMessage(init({ token: 'abc' }), '*');
      await seen;
      // A fixed wait only to show that nothing happens: the refused init starts nothing afterwards.
      await sleep(20);
      expect(c.received).to.deep.equal([]);
      expect(c.bridge.connected).to.equal(false);
    });

    it('a sibling frame from an allowed origin is not the parent', async () => {
      const c = await child([location.origin]);
      const s = document.createElement('iframe');
      frames.push(s);
      const data = init({ token: 'from-sibling' });
      c.f.id = 'bridge-child';
      const seen = new Promise<void>((ok) => c.win.addEventListener('message', (e) => e.data === data && ok()));
      s.srcdoc = `<script>parent.document.getElementById('bridge-child').contentWindow.postMessage(${JSON.stringify(data).replace(/</g, '\\u003c')}, ${JSON.stringify(location.origin)})</script>`;
      document.body.appendChild(s);
      await seen;
      // A fixed wait only to show that nothing happens: the sibling's init starts nothing afterwards.
      await sleep(20);
      expect(c.received).to.deep.equal([]);
      expect(c.bridge.connected).to.equal(false);
      // The real parent still gets through.
      c.win.postMessage(init(), location.origin);
      await waitFor(() => c.bridge.connected, 'parent accepted', 2000);
      expect(c.received.map((m) => m.payload)).to.deep.equal([{ platform: 'test' }]);
    });

    it('the global receive path does not bypass the origin check in a frame', async () => {
      const c = await child([location.origin]);
      c.bridge.receive(init({ token: 'abc' }));
      expect(c.received).to.deep.equal([]);
      expect(c.bridge.connected).to.equal(false);
    });
  });
});
