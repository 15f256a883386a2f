/**
 * <MerchantAds> in a real React 19 host (development build, so StrictMode double-runs effects), against the real
 * reference server at /api: prop changes reach the running app without a remount, callbacks are read when an
 * event fires, StrictMode leaves one live app, and unmounting the host component leaves nothing behind.
 */
import { expect } from 'chai';
import { StrictMode, createRef, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MerchantAds, type MerchantAdsApp, type MerchantAdsProps } from '../../src/react';
import { trackLeaks } from '../browser/support/leaks';

let seq = 0;
const prefix = () => `rh${Date.now().toString(36)}${(seq++).toString(36)}:`;

async function waitFor<T>(fn: () => T, what: string, timeout = 8000): Promise<NonNullable<T>> {
  const end = Date.now() + timeout;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Host {
  container: HTMLElement;
  root: ReturnType<typeof createRoot>;
  render: (ui: ReactNode) => void;
  /** The element <MerchantAds> rendered (the app's host). */
  el: () => HTMLElement;
  shadow: () => ShadowRoot;
  text: () => string;
  events: { type: string; payload: any }[];
  done: () => void;
}

function host(): Host {
  const container = document.createElement('div');
  container.style.cssText = 'width:375px;height:667px;';
  document.body.appendChild(container);
  const root = createRoot(container);
  const h: Host = {
    container,
    root,
    events: [],
    render: (ui) => flushSync(() => root.render(ui)),
    el: () => container.firstElementChild as HTMLElement,
    shadow: () => h.el().shadowRoot!,
    text: () => h.shadow().querySelector('.ma-root')?.textContent ?? '',
    done() {
      root.unmount();
      container.remove();
    },
  };
  return h;
}

/** The props every test passes, with every event recorded. */
const base = (h: Host, storagePrefix: string): MerchantAdsProps => ({
  apiBase: '/api',
  routing: 'memory',
  localesBase: '/locales/',
  storagePrefix,
  onEvent: (type, payload) => h.events.push({ type, payload }),
});
const count = (h: Host, type: string) => h.events.filter((e) => e.type === type).length;
const tick = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

async function demoToken(): Promise<string> {
  const r = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  return (await r.json()).data.token;
}

describe('<MerchantAds> in a React 19 host', () => {
  const hosts: Host[] = [];
  const open = () => {
    const h = host();
    hosts.push(h);
    return h;
  };
  afterEach(() => {
    for (const h of hosts.splice(0)) h.done();
  });

  it('language and token props update the running app: no remount', async () => {
    const h = open();
    const p = base(h, prefix());
    h.render(<MerchantAds {...p} language="en" />);
    await waitFor(() => h.shadow()?.querySelector('main'), 'first screen');
    await waitFor(() => h.text().includes('Log in'), 'English login');
    const [first, appRoot] = [h.shadow().firstElementChild, h.shadow().querySelector('.ma-root')];
    const el = h.el();

    h.render(<MerchantAds {...p} language="de" />);
    await waitFor(() => h.events.some((e) => e.type === 'language' && e.payload.lang === 'de'), 'language event');
    await waitFor(() => h.text().includes('Anmelden'), 'German login');

    const token = await demoToken();
    h.render(<MerchantAds {...p} language="de" token={token} />);
    await waitFor(() => h.events.some((e) => e.type === 'route' && e.payload.path === '/ad-center'), 'home route');

    expect(h.el()).to.equal(el);
    expect(h.shadow().firstElementChild, 'the first node of the shadow root').to.equal(first);
    expect(h.shadow().querySelector('.ma-root')).to.equal(appRoot);
    expect(count(h, 'ready'), 'one mount').to.equal(1);

    // An inline theme object of the same value every render is no change; a removed token signs out.
    h.render(<MerchantAds {...p} language="de" theme={{ primary: '#e60012' }} />);
    await waitFor(() => count(h, 'logout') > 0, 'logout after the token prop went away');
    expect((appRoot as HTMLElement).style.getPropertyValue('--ma-primary')).to.equal('#e60012');
    expect(h.shadow().querySelector('.ma-root')).to.equal(appRoot);
    expect(count(h, 'ready')).to.equal(1);
  });

  it('standard attributes (id, data-*, aria-*, title, a DOM handler) reach the host div; options and app events do not', async () => {
    const h = open();
    const p = base(h, prefix());
    const clicks: string[] = [];
    const errors: unknown[] = [];
    h.render(
      <MerchantAds
        {...p}
        language="en"
        id="merchant-widget"
        data-testid="widget"
        aria-label="Merchant app"
        title="Merchant"
        className="partner-box"
        style={{ height: 600 }}
        onClick={() => clicks.push('div')}
        onError={(e) => errors.push(e)}
      />,
    );
    await waitFor(() => count(h, 'ready'), 'ready');
    const el = h.el();
    expect(el.id).to.equal('merchant-widget');
    expect(el.getAttribute('data-testid')).to.equal('widget');
    expect(el.getAttribute('aria-label')).to.equal('Merchant app');
    expect(el.title).to.equal('Merchant');
    expect(el.className).to.equal('partner-box');
    expect(el.style.height).to.equal('600px');
    // The component's own props stay off the div: no option or app callback as an attribute.
    const names = el.getAttributeNames().sort();
    expect(names).to.deep.equal(['aria-label', 'class', 'data-testid', 'id', 'style', 'title']);
    el.click();
    expect(clicks).to.deep.equal(['div']);
    expect(errors).to.deep.equal([]);
  });

  it('a new onClose identity neither remounts nor re-subscribes: the newest callback is called', async () => {
    const h = open();
    const p = base(h, prefix());
    const ref = createRef<MerchantAdsApp>();
    const calls: string[] = [];
    h.render(<MerchantAds {...p} ref={ref} onClose={() => calls.push('first')} />);
    await waitFor(() => count(h, 'ready'), 'ready');
    const appRoot = h.shadow().querySelector('.ma-root');
    h.render(<MerchantAds {...p} ref={ref} onClose={() => calls.push('second')} />);
    h.render(<MerchantAds {...p} ref={ref} onClose={(e) => calls.push(`third:${e.reason}`)} />);
    ref.current!.navigate('/ad-welcome');
    await waitFor(() => h.events.some((e) => e.type === 'route' && e.payload.path === '/ad-welcome'), 'welcome route');
    ref.current!.back(); // no previous page there: the app asks the host to close it
    await waitFor(() => calls.length, 'onClose');
    expect(calls).to.deep.equal(['third:back']);
    expect(h.shadow().querySelector('.ma-root')).to.equal(appRoot);
    expect(count(h, 'ready')).to.equal(1);
  });

  it('under <StrictMode> exactly one live app runs, and the ref reaches it', async () => {
    const h = open();
    const ref = createRef<MerchantAdsApp>();
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...a: unknown[]) => {
      errors.push(a.map(String).join(' '));
      consoleError.apply(console, a);
    };
    try {
      h.render(
        <StrictMode>
          <MerchantAds {...base(h, prefix())} ref={ref} />
        </StrictMode>,
      );
      await waitFor(() => count(h, 'ready'), 'ready');
      await tick();
      expect(h.shadow().querySelectorAll('.ma-root').length).to.equal(1);
      expect(h.shadow().querySelectorAll('style').length).to.equal(1);
      expect(count(h, 'ready'), 'one app emitted ready').to.equal(1);
      ref.current!.navigate('/register');
      await waitFor(() => h.events.some((e) => e.type === 'route' && e.payload.path === '/register'), 'register route');
      await waitFor(
        () => h.shadow().querySelector('main')?.getAttribute('aria-label') === 'Register',
        'register screen',
      );
      expect(
        h.events.filter((e) => e.type === 'route' && e.payload.path === '/register').length,
        'one router',
      ).to.equal(1);
      expect(errors.filter((e) => /MerchantAds|unmount a root/.test(String(e)))).to.deep.equal([]);
    } finally {
      console.error = consoleError;
    }
  });

  it('changing apiBase, routing or storagePrefix remounts into a new host element', async () => {
    const h = open();
    const p = base(h, prefix());
    h.render(<MerchantAds {...p} />);
    await waitFor(() => count(h, 'ready'), 'ready');
    const first = h.el();
    h.render(<MerchantAds {...p} storagePrefix={prefix()} />);
    await waitFor(() => count(h, 'ready') === 2, 'second ready');
    expect(h.el()).to.not.equal(first);
    expect(h.container.children.length).to.equal(1);
    expect(first.shadowRoot!.childNodes.length, 'the old app is gone').to.equal(0);
  });

  it('unmounting the host component leaves no DOM, listeners, timers or requests', async () => {
    const leaks = trackLeaks();
    const pending = new Set<Promise<unknown>>();
    const realFetch = window.fetch;
    window.fetch = (...a: Parameters<typeof fetch>) => {
      const p = realFetch(...a);
      pending.add(p);
      const done = () => pending.delete(p);
      p.then(done, done);
      return p;
    };
    const h = host();
    try {
      for (let i = 0; i < 5; i++) {
        h.render(
          <StrictMode>
            <MerchantAds {...base(h, 'rh-leak:')} language={i % 2 ? 'de' : 'en'} routing={i % 2 ? 'hash' : 'memory'} />
          </StrictMode>,
        );
        if (i % 2 === 0) await waitFor(() => h.shadow()?.querySelector('main'), 'first screen');
        const el = h.el();
        h.render(null);
        await Promise.resolve();
        expect(el.shadowRoot!.childNodes.length, 'nodes left in the shadow root').to.equal(0);
      }
      // The unmounted instances' requests have been aborted and settled: nothing of theirs is on its way.
      await waitFor(() => pending.size === 0, 'requests of the unmounted instances settled');
      expect(h.container.childNodes.length).to.equal(0);
      expect(leaks.listeners(), 'window/document listeners').to.deep.equal({});
      expect(leaks.timers(), 'live timers').to.equal(0);
      expect(pending.size, 'requests in flight').to.equal(0);
    } finally {
      leaks.stop();
      window.fetch = realFetch;
      h.done();
      history.replaceState(null, '', location.pathname + location.search);
    }
  });
});
