import { expect } from 'chai';
import { mount, define } from '../../../src/index';
import type { MerchantAdsEvents } from '../../../src/index';
import { waitFor } from '../support/render';

/**
 * The `loading` option: when the app starts its work. Until then the element shows the app's empty frame at the
 * app's own size, and nothing of the widget is fetched.
 */
describe('loading: when the app starts', () => {
  let spacer: HTMLElement;
  let host: HTMLElement;
  beforeEach(() => {
    // A page whose widget is three screens down.
    spacer = document.createElement('div');
    spacer.style.height = `${innerHeight * 3}px`;
    host = document.createElement('div');
    host.style.width = '375px';
    document.body.append(spacer, host);
    scrollTo(0, 0);
  });
  afterEach(() => {
    spacer.remove();
    host.remove();
    scrollTo(0, 0);
  });

  /** What the widget has fetched since `since` (performance.now()): its language files and its API calls. */
  const fetchedSince = (since: number) =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime >= since && /\/locales\/|\/api\//.test(e.name))
      .map((e) => new URL(e.name).pathname);
  /** Drawn and not hidden (checkVisibility where the engine has it). */
  const shown = (el: Element | null | undefined) =>
    !!el && el.getClientRects().length > 0 && (el.checkVisibility?.() ?? true);
  const loginShown = () => shown(host.shadowRoot?.querySelector('input[autocomplete="username"]'));
  /** Two frames and a task: time for a start that should not come (the callbacks that would start it have run). */
  const frames = () =>
    new Promise<void>((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 50))));

  it("visible: an empty frame of the app's own size until the element nears the viewport, then the app, with nothing shifted", async () => {
    const since = performance.now();
    const events: (keyof MerchantAdsEvents)[] = [];
    const app = mount(host, {
      apiBase: '/api',
      routing: 'memory',
      localesBase: '/locales/',
      storagePrefix: 'loading-visible:',
      loading: 'visible',
    });
    app.on('ready', () => events.push('ready'));
    const placeholder = host.getBoundingClientRect().height;
    expect(placeholder, "the app's own height (the page gives it none), held from the start").to.equal(480);
    await frames(); // shows that nothing starts while the element is far below
    expect(fetchedSince(since), 'nothing fetched').to.deep.equal([]);
    expect(host.shadowRoot!.querySelector('.ma-root')!.childElementCount, 'an empty frame').to.equal(0);
    expect(events).to.deep.equal([]);

    host.scrollIntoView();
    await waitFor(loginShown, 'the login form, once near');
    await app.ready;
    expect(events).to.deep.equal(['ready']);
    expect(host.getBoundingClientRect().height, 'the same height as the frame before it').to.equal(placeholder);
    await waitFor(
      () => fetchedSince(since).some((p) => p.endsWith('/basic_config')),
      'the config, asked for once started',
    );
    app.unmount();
  });

  it('visible: a call that needs the app starts it at once; what the host set before the start holds', async () => {
    const app = mount(host, {
      apiBase: '/api',
      routing: 'memory',
      localesBase: '/locales/',
      storagePrefix: 'loading-call:',
      loading: 'visible',
    });
    const languages: string[] = [];
    app.on('language', ({ lang }) => languages.push(lang));
    app.update({ language: 'de', theme: { primary: '#e60012' } });
    await frames(); // not started yet: the element is far below
    expect(host.shadowRoot!.querySelector('.ma-root')!.childElementCount).to.equal(0);
    app.navigate('/register');
    await waitFor(
      () => host.shadowRoot!.querySelector('.ma-root')!.textContent.includes('Registrieren'),
      'the registration form, in German',
    );
    expect(
      getComputedStyle(host.shadowRoot!.querySelector('.ma-root')!).getPropertyValue('--ma-primary').trim(),
    ).to.equal('#e60012');
    app.unmount();
    localStorage.removeItem('loading-call:lang');
  });

  it('unmounted before it started: nothing is left, and nothing starts later', async () => {
    const since = performance.now();
    const app = mount(host, {
      apiBase: '/api',
      routing: 'memory',
      localesBase: '/locales/',
      storagePrefix: 'loading-gone:',
      loading: 'visible',
    });
    app.unmount();
    await app.ready; // settles, as an app unmounted while starting does
    expect(host.shadowRoot!.childNodes.length, 'the shadow root emptied').to.equal(0);
    host.scrollIntoView();
    await frames(); // shows that nothing starts once unmounted
    expect(host.shadowRoot!.childNodes.length).to.equal(0);
    expect(fetchedSince(since)).to.deep.equal([]);
    // The element takes a new app.
    const again = mount(host, {
      apiBase: '/api',
      routing: 'memory',
      localesBase: '/locales/',
      storagePrefix: 'loading-gone:',
    });
    await waitFor(loginShown, 'a new app');
    again.unmount();
  });

  it('idle: starts once the page has loaded and the browser is idle, wherever the element is', async () => {
    const app = mount(host, {
      apiBase: '/api',
      routing: 'memory',
      localesBase: '/locales/',
      storagePrefix: 'loading-idle:',
      loading: 'idle',
    });
    await app.ready;
    await waitFor(loginShown, 'the login form, far below the viewport');
    expect(scrollY, 'no scroll was needed').to.equal(0);
    app.unmount();
  });

  it('<merchant-ads loading="visible">: the attribute, as the option', async () => {
    await define();
    const since = performance.now();
    const el = document.createElement('merchant-ads');
    el.setAttribute('api-base', '/api');
    el.setAttribute('routing', 'memory');
    el.setAttribute('storage-prefix', 'loading-element:');
    el.setAttribute('locales-base', '/locales/');
    el.setAttribute('loading', 'visible');
    host.append(el);
    await frames(); // shows that the element far below starts nothing
    expect(fetchedSince(since)).to.deep.equal([]);
    expect(el.getBoundingClientRect().height).to.equal(480);
    el.scrollIntoView();
    await waitFor(
      () => shown(el.shadowRoot?.querySelector('input[autocomplete="username"]')),
      'the login form, once near',
    );
    el.remove();
  });
});
