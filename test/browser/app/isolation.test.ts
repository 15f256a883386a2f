import { expect } from 'chai';
import { mount } from '../../../src/index';
import {
  $,
  click,
  mountApp,
  routeOf,
  testApi,
  text,
  registeredMerchant,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
} from '../support/app';
import { trackLeaks } from '../support/leaks';
import { nextFrame } from '../support/render';

describe('an embedded widget is a guest', () => {
  afterEach(unmountAll);

  it('50 mount/unmount cycles leave no DOM, listeners, timers or storage behind', async () => {
    const leaks = trackLeaks();
    const el = document.createElement('div');
    document.body.appendChild(el);
    const before = { title: document.title, hash: location.hash, href: location.href };
    try {
      const started: Promise<unknown>[] = [];
      for (let i = 0; i < 50; i++) {
        const app = mount(el, {
          apiBase: '/api',
          routing: i % 2 ? 'hash' : 'memory',
          localesBase: '/locales/',
          storagePrefix: 'leak-test:',
        });
        started.push(app.ready);
        if (i % 10 === 0) await app.ready;
        app.unmount();
        app.unmount(); // idempotent
      }
      // Every instance's start-up has settled (their requests answered or aborted), and a frame has passed: nothing
      // of theirs is still on its way.
      await Promise.allSettled(started);
      await nextFrame();
      expect(el.shadowRoot!.childNodes.length, 'nodes left in the shadow root').to.equal(0);
      expect(leaks.listeners(), 'window/document listeners').to.deep.equal({});
      expect(leaks.timers(), 'live timers').to.equal(0);
      expect(document.title).to.equal(before.title);
    } finally {
      leaks.stop();
      el.remove();
      history.replaceState(null, '', before.href);
    }
  });

  it('mounting twice into one element throws; after unmount it mounts again', async () => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    const a = mount(el, { apiBase: '/api', routing: 'memory', localesBase: '/locales/' });
    expect(() => mount(el, { apiBase: '/api', routing: 'memory' })).to.throw(/already holds a mounted app/);
    expect(() => mount(el, {} as never)).to.throw(/apiBase is required/);
    await a.ready;
    a.unmount();
    const b = mount(el, { apiBase: '/api', routing: 'memory', localesBase: '/locales/' });
    await b.ready;
    expect(el.shadowRoot!.querySelector('.ma-root')).to.exist;
    b.unmount();
    el.remove();
  });

  it('host CSS does not reach inside, and nothing of ours leaks out', async () => {
    const hostStyle = document.createElement('style');
    hostStyle.textContent =
      '* { font-size: 30px !important; box-sizing: content-box !important; } div { color: red !important; } button { background: lime !important; }';
    document.head.appendChild(hostStyle);
    const probe = document.createElement('button');
    probe.className = 'ma-button ma-button--primary';
    document.body.appendChild(probe);
    try {
      const m = await mountApp();
      const root = $(m, '.ma-root')!;
      const submit = $(m, 'button[type="submit"]')!;
      expect(getComputedStyle(submit).fontSize).to.not.equal('30px');
      expect(getComputedStyle(submit).backgroundColor).to.not.equal('rgb(0, 255, 0)');
      expect(getComputedStyle(root.querySelector('.ma-cells')!).color).to.not.equal('rgb(255, 0, 0)');
      expect(getComputedStyle(root.querySelector('.ma-cells')!).boxSizing).to.equal('border-box');
      // Our classes mean nothing outside the shadow root.
      expect(getComputedStyle(probe).backgroundColor).to.equal('rgb(0, 255, 0)');
      // Nothing of the widget's is in the page's own tree: its style and root are in the shadow root.
      expect(document.querySelectorAll('.ma-root').length).to.equal(0);
      expect(document.querySelectorAll('style').length).to.equal(document.head.querySelectorAll('style').length);
    } finally {
      hostStyle.remove();
      probe.remove();
    }
  });

  it('memory routing never touches location or history; hash routing writes only the hash', async () => {
    const href = location.href;
    const length = history.length;
    const m = await mountApp({ routing: 'memory' });
    m.app.navigate('/register');
    await waitRoute(m, '/register');
    click(m, 'Log in');
    await waitRoute(m, '/login');
    expect(location.href).to.equal(href);
    expect(history.length).to.equal(length);
    unmountAll();

    const h = await mountApp({ routing: 'hash' });
    expect(location.hash).to.equal('#/login');
    h.app.navigate('/register');
    await waitRoute(h, '/register');
    expect(location.hash).to.equal('#/register');
    expect(location.pathname + location.search).to.equal(new URL(href).pathname + new URL(href).search);
    history.back();
    await waitRoute(h, '/login');
    unmountAll();
    history.replaceState(null, '', href);
  });

  it('a hash present at mount resolves the same as the same hash arriving later', async () => {
    const href = location.href;
    history.replaceState(null, '', '#/no%20such%20page');
    const m = await mountApp({ routing: 'hash' });
    const atMount = routeOf(m);
    m.app.navigate('/login');
    await waitRoute(m, '/login');
    location.hash = '#/no%20such%20page';
    await waitFor(() => routeOf(m) !== '/login', 'hashchange route');
    expect(atMount).to.equal(routeOf(m));
    expect(atMount).to.equal('/no such page');
    unmountAll();
    history.replaceState(null, '', href);
  });

  it('writes document.title only with manageTitle, and restores it on unmount', async () => {
    document.title = 'Host page';
    const m = await mountApp();
    expect(document.title).to.equal('Host page');
    unmountAll();
    const t = await mountApp({ manageTitle: true });
    await waitFor(() => document.title === 'Log in', 'title');
    t.app.navigate('/register');
    await waitFor(() => document.title === 'Register', 'title follows route');
    unmountAll();
    expect(document.title).to.equal('Host page');
    expect(m).to.exist;
  });

  it('a nonce goes on the injected style; storage keys carry the prefix', async () => {
    const m = await mountApp({ nonce: 'abc123', storagePrefix: 'acme-ads:' });
    const style = m.shadow.querySelector('style')!;
    expect(style.nonce).to.equal('abc123');
    await m.app.setLanguage('de');
    await waitText(m, 'Anmelden');
    const ours = Object.keys(localStorage).filter((k) => k.startsWith('acme-ads:'));
    expect(ours).to.include('acme-ads:lang');
    expect(Object.keys(localStorage).filter((k) => k === 'lang' || k === 'token')).to.deep.equal([]);
    expect(text(m)).to.include('Anmelden');
  });

  it('the back arrow follows the back route; back on a no-previous route emits close', async () => {
    const m = await mountApp();
    m.app.navigate('/register');
    await waitRoute(m, '/register');
    click(m, 'Back');
    await waitRoute(m, '/login');
    expect(m.events.some((e) => e.type === 'close')).to.equal(false);
    m.app.navigate('/ad-welcome');
    await waitRoute(m, '/ad-welcome');
    click(m, 'Back');
    await waitFor(() => m.events.some((e) => e.type === 'close' && e.payload.reason === 'back'), 'close event');
    expect(routeOf(m)).to.equal('/ad-welcome');
  });
});

describe('header', () => {
  afterEach(unmountAll);

  it('the bell shows the unread count capped at 99+, and the unread event follows it', async () => {
    const { username, token } = await registeredMerchant('b');
    // A new merchant already has the messages to everyone, unread: count from there.
    const count = await fetch('/api/user/notifications/unread_count', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CT': token },
      body: '{}',
    }).then((r) => r.json());
    const base: number = count.data.unread_total;
    expect(base).to.be.below(80);
    await testApi('notify', { username, count: 7 });
    const n = base + 7;
    const m = await mountApp({ token: token, initialRoute: '/ad-center/coupons' });
    await waitFor(() => m.events.some((e) => e.type === 'unread' && e.payload.count === n), `unread ${n}`);
    const bell = await waitFor(
      () => m.shadow.querySelector<HTMLElement>(`[aria-label^="Notifications, ${n} unread"]`),
      `bell with ${n}`,
    );
    expect(bell.textContent).to.include(String(n));
    unmountAll();
    await testApi('notify', { username, count: 120 });
    const again = await mountApp({ token: token, initialRoute: '/ad-center/coupons' });
    const capped = await waitFor(
      () => again.shadow.querySelector<HTMLElement>('[aria-label^="Notifications, 99+ unread"]'),
      'bell with 99+',
    );
    expect(capped.textContent).to.include('99+');
    expect(again.events.some((e) => e.type === 'unread' && e.payload.count === n + 120)).to.equal(true);
  });

  it('theme variables reach the widget through the option and update()', async () => {
    const m = await mountApp({ theme: { primary: 'rgb(200, 0, 0)' } });
    const submit = $(m, 'button[type="submit"]')!;
    expect(getComputedStyle(submit).backgroundColor).to.equal('rgb(200, 0, 0)');
    m.app.update({ theme: { '--ma-primary': 'rgb(0, 100, 0)' } });
    // The button animates its colour: wait for the transition to end.
    await waitFor(() => getComputedStyle(submit).backgroundColor === 'rgb(0, 100, 0)', 'updated theme');
  });
});
