import { expect } from 'chai';
import en from '../../../locales/en.json';
import type { MerchantAdsApp, MountOptions } from '../../../src/index';
import { apiFault, freshMerchant, logInViaUi, routeOf, unique, waitFor, waitRoute, type Mounted } from '../support/app';
import { expectAxeClean } from '../support/render';

/**
 * The script-tag build's route files (dist/merchant-ads.<group>-<hash>.js), as a partner page loads them: the
 * real dist/merchant-ads.js from a <script>, its other files fetched by its own loader.
 *
 * Each test loads a fresh copy of the script (its own loader and file cache, as a newly opened page has: a file
 * that has arrived is never fetched again on that page) and mounts with `assetsBase: '/__assets/<key>/'`, a folder
 * of its own that the dev server maps to dist/ (test/web-test-runner.config.mjs, assetFiles). So its requests are
 * its own to count in the resource timings, and its faults (`/__asset-faults`: 'fail' → 404, 'hold' → waits until
 * cleared) touch no other test, nor the test file running beside this one.
 */
type Sdk = typeof import('../../../src/index');

const GROUPS = ['ad-center', 'ad-center-tools', 'auth-partner', 'service', 'overlays', 'metrics'] as const;
type Group = (typeof GROUPS)[number];

/** Each group's file name in this build (content-hashed), as merchant-ads.js names it for its loader. */
const fileName = {} as Record<Group, string>;

let copies = 0;
/** Runs a fresh copy of dist/merchant-ads.js (the same file; a query keeps the copies apart) and returns its global. */
async function loadScript(nonce?: string): Promise<Sdk> {
  await new Promise<void>((ok, fail) => {
    const s = document.createElement('script');
    s.src = `/dist/merchant-ads.js?copy=${++copies}`;
    if (nonce) s.nonce = nonce;
    // Removed once it has run: document.head then holds only the <script>s the SDK's loader adds.
    s.onload = () => {
      s.remove();
      ok();
    };
    s.onerror = () => {
      s.remove();
      fail(new Error('could not load /dist/merchant-ads.js (run npm run build)'));
    };
    document.head.appendChild(s);
  });
  return (window as unknown as { MerchantAds: Sdk }).MerchantAds;
}

async function assetFault(pattern: string, mode: 'fail' | 'hold' | null): Promise<void> {
  const r = await fetch('/__asset-faults', { method: 'POST', body: JSON.stringify({ pattern, mode }) });
  if (!r.ok) throw new Error(`/__asset-faults answered ${r.status}`);
}

const pathOf = (url: string) => new URL(url, location.href).pathname;
const nextFrame = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));

describe('the script-tag build loads each route group from a file of its own', () => {
  let MA: Sdk;
  let key: string;
  let base: string;
  let host: HTMLElement;
  let mounted: Mounted[];
  let faults: string[];
  let errors: string[];
  let watchers: MutationObserver[];
  const onError = (e: ErrorEvent) => errors.push(`error: ${e.message}`);
  const onRejection = (e: PromiseRejectionEvent) =>
    errors.push(`unhandled rejection: ${String(e.reason?.message ?? e.reason)}`);

  /** The path this test's copy fetches a group's file from. */
  const fileOf = (group: Group) => `${base}${fileName[group]}`;
  /** This test's finished requests, in the order they started. */
  const requests = () =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => pathOf(e.name).startsWith(base))
      .sort((a, b) => a.startTime - b.startTime);
  const requestsOf = (group: Group) => requests().filter((e) => pathOf(e.name) === fileOf(group));
  /** The loader's <script> elements for this test's files that are in the page now. */
  const ourScripts = () =>
    Array.from(document.head.querySelectorAll('script')).filter((s) => pathOf(s.src).startsWith(base));
  const fault = async (pattern: string, mode: 'fail' | 'hold' | null) => {
    faults.push(pattern);
    await assetFault(pattern, mode);
  };
  /** Every <script> added to document.head from now on. */
  const watchScripts = () => {
    const added: HTMLScriptElement[] = [];
    const watch = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLScriptElement) added.push(n);
    });
    watch.observe(document.head, { childList: true });
    watchers.push(watch);
    return added;
  };

  function mount(options: Partial<MountOptions> = {}): Mounted {
    const events: Mounted['events'] = [];
    const prefix = `${key}:`;
    const app: MerchantAdsApp = MA.mount(host, {
      apiBase: '/api',
      routing: 'memory',
      storagePrefix: prefix,
      assetsBase: base,
      onEvent: (type, payload) => events.push({ type, payload }),
      ...options,
    });
    const m = { app, host, shadow: host.shadowRoot!, events, prefix };
    mounted.push(m);
    return m;
  }
  const $ = (m: Mounted, sel: string) => m.shadow.querySelector<HTMLElement>(sel);
  const loginForm = (m: Mounted) =>
    $(m, 'input[name="username"]') &&
    $(m, 'input[name="password"]') &&
    Array.from(m.shadow.querySelectorAll('button[type="submit"]')).some((b) => b.textContent?.trim() === en.auth.login);
  const lastRoute = (m: Mounted) =>
    [...m.events].reverse().find((e) => e.type === 'route')?.payload as { path: string; title: string } | undefined;

  before(async () => {
    const source = await (await fetch('/dist/merchant-ads.js')).text();
    for (const g of GROUPS) {
      // The loader asks for "./merchant-ads.<group>-<8-character hash>" (the quote ends the name, so
      // "ad-center" does not match the tools file).
      const found = new RegExp(`merchant-ads\\.${g}-[\\w-]{6}(?=["'])`).exec(source);
      if (!found) throw new Error(`dist/merchant-ads.js names no merchant-ads.${g}-<hash> file (run npm run build)`);
      fileName[g] = `${found[0]}.js`;
    }
    performance.setResourceTimingBufferSize(5000);
  });

  beforeEach(async () => {
    key = unique('k');
    base = `/__assets/${key}/`;
    mounted = [];
    faults = [];
    errors = [];
    watchers = [];
    MA = await loadScript();
    host = document.createElement('div');
    host.style.cssText = 'width:375px;height:667px;position:relative;';
    document.body.appendChild(host);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  });

  afterEach(async () => {
    for (const w of watchers) w.disconnect();
    for (const m of mounted) m.app.unmount();
    host.remove();
    for (const p of faults) await assetFault(p, null);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    for (const k of Object.keys(localStorage)) if (k.startsWith(`${key}:`)) localStorage.removeItem(k);
  });

  it('shows the login form from the script alone when every other file is refused, and raises no error', async () => {
    await fault(base, 'fail'); // every file under this test's folder answers 404
    const m = mount({ localesBase: '/dist/locales/' });
    await m.app.ready;
    await waitFor(() => loginForm(m), 'the login form: username, password, Log in');
    // The prefetch (on by default) asks for the ad centre, the overlays and the service files at idle time: let it
    // be refused, so "no error" covers its failures too.
    for (const g of ['ad-center', 'overlays', 'service'] as const)
      await waitFor(() => requestsOf(g).length > 0, `the refused request for the ${g} file`);
    await nextFrame();
    const files = requests().filter((e) => /\/merchant-ads\.[\w-]+\.js$/.test(pathOf(e.name)));
    expect(files.length).to.be.greaterThan(0);
    expect(files.map((e) => `${pathOf(e.name)} ${e.responseStatus}`)).to.deep.equal(
      files.map((e) => `${pathOf(e.name)} 404`),
      'no file arrived',
    );
    expect(errors).to.deep.equal([]);
    expect(loginForm(m), 'the form is still there').to.be.ok;
    expect($(m, '[role="alert"]')).to.equal(null);
  });

  it("says when a screen's file cannot be loaded, offers Retry, and tries again on Retry and on every new visit", async () => {
    const file = fileOf('ad-center');
    await fault(file, 'fail');
    const { token } = await freshMerchant();
    // prefetch off: every request for the file below is the screen's own.
    const m = mount({ token, prefetch: false });
    const alert = () => m.shadow.querySelector<HTMLElement>('main [role="alert"]');
    await waitFor(alert, 'the load failure on /ad-center');
    expect(routeOf(m)).to.equal('/ad-center');
    // The route is live from its meta: the page is labelled with its title (the home screen draws its own header:
    // its meta hides the shared one).
    expect($(m, 'main')!.getAttribute('aria-label')).to.equal(en.routes['ad-center']);
    expect(alert()!.textContent).to.include(en.app.screenLoadFailed);
    expect(Array.from(alert()!.querySelectorAll('button')).map((b) => b.textContent?.trim())).to.deep.equal([
      en.common.retry,
    ]);
    expect(requestsOf('ad-center')).to.have.length(1);
    // The home screen draws its own header, so the shared one stands in with its ways out; and the page is axe clean.
    for (const label of [en.header.language, en.header.customerService])
      expect($(m, `button[aria-label="${label}"]`), `${label} reachable`).to.not.equal(null);
    await expectAxeClean(m.shadow);

    // Another route of the same file: its header (title) at once, the failure below it, from a new request.
    m.app.navigate('/ad-center/level');
    await waitFor(
      () => $(m, '.ma-nav-bar__title')?.textContent === en.routes['ad-center-level'] && alert(),
      "the level page's header and its failure",
    );
    await waitFor(() => requestsOf('ad-center').length === 2, 'a second request for the file');

    // Away to a screen inside the script, and back: one more try.
    m.app.navigate('/wallet');
    await waitRoute(m, '/wallet');
    expect(alert()).to.equal(null);
    m.app.navigate('/ad-center');
    await waitFor(() => routeOf(m) === '/ad-center' && alert(), 'the failure again on /ad-center');
    await waitFor(() => requestsOf('ad-center').length === 3, 'a third request for the file');

    // The file is back: Retry renders the home screen, with the ad centre's CSS applied.
    await assetFault(file, null);
    Array.from(alert()!.querySelectorAll('button'))
      .find((b) => b.textContent?.trim() === en.common.retry)!
      .click();
    const home = await waitFor(() => $(m, '.ma-home'), 'the home screen after Retry');
    expect(requestsOf('ad-center')).to.have.length(4);
    expect(requestsOf('ad-center').at(-1)!.responseStatus).to.equal(200);
    expect(alert()).to.equal(null);
    // home.css: `.ma-home__top { display: flex; … }`, `.ma-home__greeting { font-size: 18px; … }`
    expect(getComputedStyle(home.querySelector('.ma-home__top')!).display).to.equal('flex');
    expect(getComputedStyle(home.querySelector('.ma-home__greeting')!).fontSize).to.equal('18px');
    expect(errors).to.deep.equal([]);
  });

  it("says so when a piece the screen's file imports cannot be loaded, and Retry recovers once it is back", async () => {
    // merchant-ads.shared-screens-<id>.js: imported by every group's file, fetched alongside it.
    const shared = `${base}merchant-ads.shared-screens-`;
    await fault(shared, 'fail');
    const { token } = await freshMerchant();
    const m = mount({ token, prefetch: false });
    const alert = () => m.shadow.querySelector<HTMLElement>('main [role="alert"]');
    await waitFor(alert, 'the load failure on /ad-center');
    expect(alert()!.textContent).to.include(en.app.screenLoadFailed);
    expect(requestsOf('ad-center').map((e) => e.responseStatus)).to.deep.equal([200], 'the group file itself arrived');

    await assetFault(shared, null);
    Array.from(alert()!.querySelectorAll('button'))
      .find((b) => b.textContent?.trim() === en.common.retry)!
      .click();
    await waitFor(() => $(m, '.ma-home'), 'the home screen after Retry');
    expect(
      requests()
        .filter((e) => pathOf(e.name).startsWith(shared))
        .at(-1)!.responseStatus,
    ).to.equal(200);
    expect(errors).to.deep.equal([]);
  });

  it("opens a deep link by fetching that route's file before any other group's", async () => {
    const { token } = await freshMerchant();
    const href = location.href;
    history.replaceState(null, '', '#/ad-center/coupons');
    try {
      // Prefetch stays on: the files it fetches at idle time must come after the one the link needs.
      const m = mount({ token, routing: 'hash' });
      await waitFor(() => $(m, '.ma-coupons'), 'the coupons screen');
      expect(location.hash).to.equal('#/ad-center/coupons');
      const groupFiles = requests()
        .map((e) => GROUPS.find((g) => pathOf(e.name) === fileOf(g)))
        .filter((g) => g !== undefined);
      expect(groupFiles[0]).to.equal('ad-center-tools');
      expect($(m, '.ma-nav-bar__title')?.textContent).to.equal(en.routes['ad-center-coupons']);
    } finally {
      for (const m of mounted.splice(0)) m.app.unmount();
      history.replaceState(null, '', href);
    }
  });

  it("shows the route's header and a skeleton while its file is on its way, then the screen", async () => {
    const file = fileOf('ad-center-tools');
    await fault(file, 'hold');
    const { token } = await freshMerchant();
    const m = mount({ token, initialRoute: '/ad-center/coupons', prefetch: false });
    await waitFor(() => ourScripts().some((s) => pathOf(s.src) === file), 'the held request for the tools file');
    await waitFor(() => lastRoute(m)?.path === '/ad-center/coupons' && $(m, 'main .ma-skeleton'), 'the skeleton');
    expect($(m, '.ma-nav-bar__title')?.textContent).to.equal(en.routes['ad-center-coupons']);
    expect($(m, '.ma-coupons')).to.equal(null);
    expect($(m, '[role="alert"]')).to.equal(null);
    await expectAxeClean(m.shadow);

    await assetFault(file, null);
    await waitFor(() => $(m, '.ma-coupons'), 'the coupons screen once the file arrived');
    expect($(m, '.ma-nav-bar__title')?.textContent).to.equal(en.routes['ad-center-coupons']);
    expect(errors).to.deep.equal([]);
  });

  it('unmounted while a file loads, leaves nothing behind when it arrives, and mounts again in the same element', async () => {
    const file = fileOf('ad-center');
    await fault(file, 'hold');
    const { token } = await freshMerchant();
    // prefetch off: no other file is fetched.
    const m = mount({ token, prefetch: false });
    const script = await waitFor(
      () => ourScripts().find((s) => pathOf(s.src) === file),
      'the <script> for the held ad-center file',
    );
    // The pieces it imports, fetched alongside it, have arrived: the held file is all that is in flight.
    await waitFor(() => ourScripts().length === 1, 'the shared pieces loaded, the held file alone in flight');
    m.app.unmount();
    await assetFault(file, null);
    await waitFor(() => !script.isConnected, 'the <script> removed once its file loaded');
    await nextFrame();
    expect(host.shadowRoot!.childNodes.length).to.equal(0);
    expect(ourScripts().map((s) => s.src)).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    expect(requestsOf('ad-center').map((e) => e.responseStatus)).to.deep.equal([200]);

    // The same element takes a new app; the file arrived for the page, so home renders without fetching it again.
    const again = mount({ token });
    await waitFor(() => $(again, '.ma-home'), 'the home screen in the second mount');
    expect(requestsOf('ad-center')).to.have.length(1);
    expect(errors).to.deep.equal([]);
  });

  it('with prefetch: false, the login form fetches no file ahead of time', async () => {
    const added = watchScripts();
    const m = mount({ prefetch: false });
    await waitFor(() => loginForm(m), 'the login form');
    // A fixed wait, to show that nothing happens. With prefetch on, the app asks for idle time in an effect of the
    // form's render (requestIdleCallback, capped at 2 s) and then appends the files' <script>s at once. So: let the
    // form's effects run, wait for an idle period asked for after the app's (idle callbacks run in the order they
    // were asked for), then 500 ms of margin. The same steps with prefetch left on do see the <script>s (checked by
    // running this test so), so the wait is long enough to show something.
    await nextFrame();
    await new Promise((ok) => requestIdleCallback(ok, { timeout: 500 }));
    await new Promise((ok) => setTimeout(ok, 500));
    expect(added.filter((s) => pathOf(s.src).startsWith(base)).map((s) => pathOf(s.src))).to.deep.equal([]);
    expect(requests().filter((e) => /\/merchant-ads\./.test(pathOf(e.name)))).to.have.length(0);
    expect(loginForm(m)).to.be.ok;
  });

  it('by default fetches the ad-center file while the login form shows, into the cache only: it runs at sign-in', async () => {
    const { username } = await freshMerchant();
    const added = watchScripts();
    const m = mount();
    await waitFor(() => loginForm(m), 'the login form');
    // No navigation: the file comes at idle time, with the overlays and the service files and the pieces they
    // import, each asked for once, by fetch(): into the browser's cache, not run.
    await waitFor(() => requestsOf('ad-center').length === 1, 'the prefetched ad-center file');
    for (const g of ['overlays', 'service'] as const)
      await waitFor(() => requestsOf(g).length === 1, `the prefetched ${g} file`);
    await waitFor(
      () => requests().some((e) => /\/merchant-ads\.shared-screens-/.test(e.name)),
      'a piece the ad-center file imports',
    );
    await nextFrame();
    const early = requests();
    expect(early.map((e) => `${pathOf(e.name)} ${e.initiatorType}`)).to.deep.equal(
      early.map((e) => `${pathOf(e.name)} fetch`),
    );
    expect(new Set(early.map((e) => e.name)).size, 'no file asked for twice').to.equal(early.length);
    // Nothing of them ran while the merchant may be typing: a file runs from a <script> of the loader, and none came.
    expect(added.filter((s) => pathOf(s.src).startsWith(base)).map((s) => pathOf(s.src))).to.deep.equal([]);
    // Signed out, the ad centre's tools are not fetched.
    expect(requestsOf('ad-center-tools')).to.have.length(0);
    expect(lastRoute(m)?.path).to.equal('/login');

    // The sign-in's answer is held at the proxy until the file's <script> is asked for: the file must start while
    // the request is in flight, however fast this machine's server answers. (A sign-in carries no session token, so
    // the hold is on every sign-in of the run for those few milliseconds.)
    await apiFault('/auth/login', '', 'hold-answer');
    try {
      logInViaUi(m, username, 'demo1234');
      await waitFor(
        () => added.some((s) => pathOf(s.src) === fileOf('ad-center')),
        'the ad-center file run while the sign-in is in flight',
      );
    } finally {
      await apiFault('/auth/login', '', null);
    }
    const home = await waitFor(() => $(m, '.ma-home'), 'the home screen after sign-in');
    expect(getComputedStyle(home.querySelector('.ma-home__top')!).display).to.equal('flex');
    // Home ran the file from a <script> (this test server's `Vary: *` keeps the browser from reusing the prefetched
    // answer, so here it is asked for again; bench/mount-speed.mjs serves it cacheable and sees one download).
    expect(added.filter((s) => pathOf(s.src) === fileOf('ad-center'))).to.have.length(1);
    expect(requestsOf('ad-center').map((e) => e.initiatorType)).to.deep.equal(['fetch', 'script']);
    // It ran while the sign-in request was in flight: its <script> was asked for before the answer came.
    const signIn = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => pathOf(e.name).endsWith('/api/auth/login'))
      .at(-1)!;
    expect(requestsOf('ad-center')[1].startTime).to.be.below(signIn.responseEnd);
    // Signed in, the prefetch adds the tools file.
    await waitFor(() => requestsOf('ad-center-tools').length === 1, 'the prefetched tools file once signed in');
    expect(errors).to.deep.equal([]);
  });

  it('asks for English once the page has painted and the browser is idle, so a mount after that waits for no language file', async () => {
    // A fresh copy of the script from /dist/: its English comes from /dist/locales/.
    const english = (from: number) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => pathOf(e.name) === '/dist/locales/en.json' && e.startTime >= from,
      );
    // The copies loaded by the tests before ask for theirs at an idle moment too: theirs are asked for first.
    await new Promise((idle) => requestIdleCallback(idle, { timeout: 5000 }));
    const loaded = performance.now();
    MA = await loadScript();
    await waitFor(() => english(loaded).length === 1, 'English, asked for by the script itself');
    const mountedAt = performance.now();
    const m = mount({ assetsBase: undefined, prefetch: false });
    await waitFor(() => loginForm(m), 'the login form');
    expect(english(mountedAt), 'no request for English at mount').to.deep.equal([]);
    expect($(m, '[role="alert"]')).to.equal(null);
    // A mount whose files are elsewhere asks for its own.
    const other = document.createElement('div');
    document.body.appendChild(other);
    try {
      const app = MA.mount(other, {
        apiBase: '/api',
        routing: 'memory',
        storagePrefix: `${key}:`,
        assetsBase: base,
        prefetch: false,
      });
      await waitFor(
        () => requests().filter((e) => pathOf(e.name) === `${base}locales/en.json`).length === 1,
        "English from the mount's own folder",
      );
      app.unmount();
    } finally {
      other.remove();
    }
    expect(errors).to.deep.equal([]);
  });

  it('opens the language sheet from its file at the first tap: a refused file is a toast and no sheet, the next tap opens it, styled', async () => {
    await fault(fileOf('service'), 'fail');
    const m = mount({ prefetch: false, localesBase: '/dist/locales/' });
    await waitFor(() => loginForm(m), 'the login form');
    const languageButton = () =>
      m.shadow.querySelector<HTMLButtonElement>(`button[aria-label="${en.header.language}"]`)!;
    languageButton().click();
    await waitFor(
      () => m.shadow.querySelector('[role="status"]')?.textContent?.includes(en.app.screenLoadFailed),
      'the toast that says the sheet could not load',
    );
    expect($(m, '.ma-picker'), 'no sheet').to.equal(null);
    expect(errors).to.deep.equal([]);

    await fault(fileOf('service'), null);
    languageButton().click();
    const picker = await waitFor(() => $(m, '.ma-picker'), 'the language sheet');
    // Its CSS came with its file (the picker's and the popup's), into the widget's one <style>.
    await waitFor(
      () => getComputedStyle(picker.closest('.ma-popup')!).position === 'absolute',
      'the sheet styled as a popup',
    );
    expect(requestsOf('service').map((e) => e.responseStatus)).to.deep.equal([404, 200]);
  });

  /** A fresh merchant's home, signed in, no file fetched ahead; its log-out button asks for a dialog. */
  async function signedInHome() {
    const { token } = await freshMerchant();
    const m = mount({ prefetch: false, localesBase: '/dist/locales/', token, initialRoute: '/ad-center' });
    const button = () => m.shadow.querySelector<HTMLButtonElement>(`button[aria-label="${en.header.logout}"]`);
    await waitFor(button, 'the home with its log-out button');
    return { m, logout: () => button()! };
  }

  it("opens a dialog once the overlay views' file is in: a refused file is a toast and no dialog, the next tap opens it", async () => {
    await fault(fileOf('overlays'), 'fail');
    const { m, logout } = await signedInHome();
    logout().click();
    await waitFor(
      () =>
        Array.from(m.shadow.querySelectorAll('[role="status"]')).some((s) =>
          s.textContent?.includes(en.app.screenLoadFailed),
        ),
      'the toast that says the dialog could not load',
    );
    expect($(m, '[role="alertdialog"]'), 'no dialog').to.equal(null);
    expect(lastRoute(m)?.path, 'still signed in').to.equal('/ad-center');

    await fault(fileOf('overlays'), null);
    logout().click();
    const dialog = await waitFor(() => $(m, '[role="alertdialog"]'), 'the log-out dialog');
    expect(dialog.textContent).to.include(en.header.logoutConfirm);
    expect(requestsOf('overlays').map((e) => e.responseStatus)).to.deep.equal([404, 200]);
    expect(errors).to.deep.equal([]);
  });

  it('a dialog asked for while its file loads, on a route left before the file arrives, never opens', async () => {
    await fault(fileOf('overlays'), 'hold');
    const { m, logout } = await signedInHome();
    const scripts = watchScripts();
    logout().click();
    await waitFor(() => scripts.some((s) => pathOf(s.src) === fileOf('overlays')), "the overlay views' file asked for");
    m.app.navigate('/ad-center/level');
    await waitFor(() => lastRoute(m)?.path === '/ad-center/level', 'the level page');
    await fault(fileOf('overlays'), null);
    await waitFor(() => requestsOf('overlays').length === 1, 'the file arrived');
    // Nothing is to happen now: a few frames for the dialog that must not open.
    for (let i = 0; i < 5; i++) await nextFrame();
    expect($(m, '[role="alertdialog"]'), 'no dialog').to.equal(null);
    expect(lastRoute(m)?.path, 'still signed in, on the page it went to').to.equal('/ad-center/level');
    expect(errors).to.deep.equal([]);
  });

  it("gives every file's <script> the mount's nonce", async () => {
    const { token } = await freshMerchant();
    const added = watchScripts();
    const m = mount({ token, nonce: 'n0nce', prefetch: false });
    await waitFor(() => $(m, '.ma-home'), 'the home screen');
    m.app.navigate('/ad-center/coupons');
    await waitFor(() => $(m, '.ma-coupons'), 'the coupons screen');
    const ours = added.filter((s) => pathOf(s.src).startsWith(base));
    expect(ours.map((s) => pathOf(s.src))).to.include.members([fileOf('ad-center'), fileOf('ad-center-tools')]);
    // The shared pieces the group files import come the same way (fetched alongside them).
    expect(ours.some((s) => /\/merchant-ads\.shared-/.test(s.src))).to.equal(true);
    expect(ours.map((s) => `${pathOf(s.src)} ${s.nonce}`)).to.deep.equal(ours.map((s) => `${pathOf(s.src)} n0nce`));
    expect(
      ours.filter((s) => s.isConnected),
      'each <script> removed once loaded',
    ).to.deep.equal([]);
  });

  it("gives the files the nonce of the SDK's own <script> when the mount names none", async () => {
    MA = await loadScript('scr1pt');
    const { token } = await freshMerchant();
    const added = watchScripts();
    const m = mount({ token, prefetch: false });
    await waitFor(() => $(m, '.ma-home'), 'the home screen');
    const ours = added.filter((s) => pathOf(s.src).startsWith(base));
    expect(ours.map((s) => pathOf(s.src))).to.include(fileOf('ad-center'));
    expect(ours.map((s) => `${pathOf(s.src)} ${s.nonce}`)).to.deep.equal(ours.map((s) => `${pathOf(s.src)} scr1pt`));
  });
});
