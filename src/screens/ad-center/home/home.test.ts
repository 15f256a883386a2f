import { expect } from 'chai';
import type { Broadcast, Statistics } from '../../../api/shapes/ad-center';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  button,
  freshMerchant,
  mountApp,
  streamDown,
  text,
  toastText,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean, settle } from '../../../../test/browser/support/render';
import {
  captureIntervals,
  clearRequests,
  requestsTo,
  setVisibility,
  type CapturedIntervals,
} from '../../../../test/browser/support/timers';

const STATS = '/ad/order/data_statistics/list';
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const num = (n: number | string) => new Intl.NumberFormat('en-US').format(n as number);

async function api<T>(path: string, token: string): Promise<T> {
  const r = await fetch(`/api${path}`, { headers: { 'X-CT': token, 'X-TZ': zone } });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
  return j.data as T;
}

/** The figure shown under a label of the overview. */
const figure = (m: Mounted, label: string) =>
  $$(m, '.ma-home__figure')
    .find((f) => f.querySelector('dt')?.textContent === label)
    ?.querySelector('dd')?.textContent;

/** The home with its change stream down: these tests drive the 30-second refresh that stands in for it. */
async function openHome(lang?: string) {
  const merchant = await freshMerchant(lang);
  await streamDown(merchant.token);
  const m = await mountApp({ token: merchant.token, initialRoute: '/ad-center', ...(lang ? { language: lang } : {}) });
  await waitRoute(m, '/ad-center');
  return { m, merchant };
}

describe('ad-centre home: the dashboard', () => {
  let timers: CapturedIntervals | undefined;
  afterEach(() => {
    unmountAll();
    timers?.restore();
    timers = undefined;
    setVisibility(null);
  });

  it('shows the figures the server computed from the plans, for each period, with a trend and its text alternative', async () => {
    const { m, merchant } = await openHome();
    const today = await api<Statistics>(
      `${STATS}?type=today&user_time_zone=${encodeURIComponent(zone)}`,
      merchant.token,
    );
    await waitFor(() => figure(m, 'Impressions'), 'figures');
    expect(figure(m, 'Impressions')).to.equal(num(today.impressions));
    expect(figure(m, 'Clicks')).to.equal(num(today.clicks));
    // Money once the config that names the currency is in, which a first visit may get after the figures.
    const consumed = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      today.consumed as unknown as number,
    );
    await waitFor(() => figure(m, 'Consumed') === consumed, `Consumed ${consumed}`).catch(() =>
      expect(figure(m, 'Consumed')).to.equal(consumed),
    );
    expect($$(m, '.ma-home__figure')).to.have.length(9);
    const tabs = $$(m, '[role="tab"]').map((t) => t.textContent);
    expect(tabs).to.deep.equal(['Today', 'Week', 'Month', 'All']);

    const week = await api<Statistics>(`${STATS}?type=week&user_time_zone=${encodeURIComponent(zone)}`, merchant.token);
    expect(week.impressions, 'the seed gives the week more than today').to.be.greaterThan(today.impressions);
    button(m, 'Week').click();
    await waitFor(() => figure(m, 'Impressions') === num(week.impressions), "the week's impressions");
    expect($(m, '[role="tab"][aria-selected="true"]')!.textContent).to.equal('Week');
    // The chart: two lines (each with its faint stretch to today, still in progress), and a table with a row per
    // day for screen readers.
    expect($$(m, '.ma-home__chart-svg polyline:not(.ma-home__chart-partial)')).to.have.length(2);
    expect($$(m, '.ma-home__chart-svg polyline.ma-home__chart-partial')).to.have.length(2);
    expect($$(m, '.ma-home__chart table tbody tr')).to.have.length(week.trend.length);
    expect($(m, '.ma-home__chart-svg')!.getAttribute('aria-hidden')).to.equal('true');
    expect($(m, '.ma-home__chart figcaption')!.textContent).to.match(/^Impressions and clicks from .+ to .+$/);
  });

  it('refreshes every 30 s, never twice at once, not while hidden, not off the route and not after unmount', async () => {
    timers = captureIntervals();
    const { m, merchant } = await openHome();
    await waitFor(() => figure(m, 'Impressions'), 'figures');
    expect(timers.live(30_000), 'overview and ticker').to.equal(2);

    clearRequests();
    timers.fire(30_000);
    await waitFor(() => requestsTo(STATS) === 1, 'one refresh');

    // A refresh still in flight is not started again by the next ticks.
    await apiFault(STATS, merchant.token, 'hold');
    const sent = await apiCalls(STATS, merchant.token);
    try {
      clearRequests();
      timers.fire(30_000);
      await waitFor(
        async () => (await apiCalls(STATS, merchant.token)) === sent + 1,
        'the refresh at the server, held',
      );
      timers.fire(30_000);
      timers.fire(30_000);
    } finally {
      await apiFault(STATS, merchant.token, null);
    }
    await waitFor(() => requestsTo(STATS) === 1, 'the held refresh lands');
    // Counted at the server: a request the later ticks had started would have left before the first was released.
    expect(await apiCalls(STATS, merchant.token), 'one request for three ticks').to.equal(sent + 1);

    // Hidden: the timers stop; shown again: one refresh at once.
    setVisibility('hidden');
    expect(timers.live(30_000)).to.equal(0);
    clearRequests();
    setVisibility('visible');
    expect(timers.live(30_000)).to.equal(2);
    await waitFor(() => requestsTo(STATS) === 1, 'a refresh on coming back');

    // Another route: the screen's model is gone with its timers.
    m.app.navigate('/ad-center/level');
    await waitRoute(m, '/ad-center/level');
    expect(timers.live(30_000)).to.equal(0);
    m.app.navigate('/ad-center');
    await waitRoute(m, '/ad-center');
    expect(timers.live(30_000)).to.equal(2);

    unmountAll();
    expect(timers.live(30_000), 'nothing left after unmount').to.equal(0);
  });

  it('a failed refresh keeps the figures and says so quietly, without a toast', async () => {
    timers = captureIntervals();
    const { m, merchant } = await openHome();
    await waitFor(() => figure(m, 'Impressions'), 'figures');
    const shown = figure(m, 'Impressions');
    await apiFault(STATS, merchant.token, 'fail');
    try {
      timers.fire(30_000);
      await waitText(m, 'Could not refresh; showing earlier data.');
      expect(figure(m, 'Impressions')).to.equal(shown);
      expect(toastText(m)).to.equal('');
    } finally {
      await apiFault(STATS, merchant.token, null);
    }
    button(m, 'Retry').click();
    await waitFor(() => !text(m).includes('Could not refresh'), 'notice gone');
  });

  it('ticker: live figures and masked updates; a new update is announced once, politely', async () => {
    timers = captureIntervals();
    const { m } = await openHome();
    const live = await waitFor(() => $(m, '.ma-home__ticker [aria-live="polite"]'), 'live region');
    const data = await (await fetch('/api/broadcast-data')).json().then((j) => j.data as Broadcast);
    await waitText(m, 'Online users');
    expect($(m, '.ma-home__marquee')!.getAttribute('aria-hidden')).to.equal('true');
    for (const u of data.updates) if (u.name !== null) expect(u.name, 'masked').to.match(/\*/);
    expect(live.textContent, 'nothing said on the first load').to.equal('');

    // Someone joins: the next refresh has a new newest update, said once. (The server computes the ticker at most
    // once per 30 s; the test API lets this test have the next one now rather than wait.)
    await freshMerchant();
    await fetch('/api/__test__/broadcast-expire', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    timers.fire(30_000);
    await waitFor(() => live.textContent.includes('joined'), 'announced');
    const said = live.textContent;
    clearRequests();
    timers.fire(30_000);
    // The refresh has landed and been shown: had it anything to say, it would be said by now.
    await waitFor(() => requestsTo('/broadcast-data') === 1, 'the next refresh');
    await settle();
    await settle();
    expect(live.textContent, 'the same update is not said again').to.equal(said);
  });

  it('stands the ticker still under prefers-reduced-motion', async () => {
    const real = window.matchMedia;
    window.matchMedia = (q: string) => ({
      ...real.call(window, q),
      matches: q.includes('prefers-reduced-motion') ? true : real.call(window, q).matches,
    });
    try {
      const { m } = await openHome();
      const marquee = await waitFor(() => $(m, '.ma-home__marquee'), 'marquee');
      expect(marquee.classList.contains('ma-home__marquee--still')).to.equal(true);
      expect(getComputedStyle(marquee.firstElementChild!).animationName).to.equal('none');
      expect(marquee.querySelectorAll('.ma-home__marquee-item')).to.have.length(1);
    } finally {
      window.matchMedia = real;
    }
  });

  it('banners, the icon grid and the five questions open their screens', async () => {
    const { m } = await openHome();
    const banners = await waitFor(
      () => ($$(m, '.ma-home__banner').length === 3 ? $$(m, '.ma-home__banner') : null),
      'three banners',
    );
    const dots = $$(m, '.ma-home__dot');
    expect(dots).to.have.length(3);
    expect(dots[0].getAttribute('aria-current')).to.equal('true');
    dots[1].click();
    await waitFor(() => dots[1].getAttribute('aria-current') === 'true', 'second dot current');

    // The visible labels (the notifications tile also says how many are unread, to a screen reader).
    const labels = $$(m, '.ma-home__shortcut-label').map((b) => b.textContent.replace(/\u00ad/g, ''));
    expect(labels).to.include.members([
      'Plans',
      'Wallet',
      'Coupons',
      'Newcomer activities',
      'Shop level',
      'Plan follow',
      'Feedback',
      'Notifications',
    ]);
    for (const tile of $$(m, '.ma-home__shortcut')) {
      const r = tile.getBoundingClientRect();
      expect(r.height, tile.textContent).to.be.at.least(44);
      expect(r.width, tile.textContent).to.be.at.least(44);
    }

    const faqs = $$(m, '.ma-home__faq');
    expect(faqs).to.have.length(5);
    faqs[0].click();
    await waitRoute(m, '/ad-center/ques-detail');
    expect(m.events.filter((e) => e.type === 'route').at(-1)!.payload.path).to.match(
      /^\/ad-center\/ques-detail\?id=\d+$/,
    );
    m.app.navigate('/ad-center');
    await waitRoute(m, '/ad-center');
    (await waitFor(() => $$(m, '.ma-home__banner')[0], 'banner')).click();
    await waitRoute(m, '/ad-center/banner-detail');
    expect(banners[0].getAttribute('aria-label')).to.match(/\(1 of 3\)$/);
  });

  it('pull to refresh reloads everything on the page', async () => {
    const { m, merchant } = await openHome();
    const sources = [STATS, '/broadcast-data', '/user/info', '/basic_config'];
    // The start-up loads first, all of them landed: a refresh must not be mistaken for one of them.
    await waitFor(
      () => figure(m, 'Impressions') && $$(m, '.ma-home__faq').length && sources.every((s) => requestsTo(s) >= 1),
      'start-up loads',
    );
    // Counted at the server from here: every source is asked again after the tap.
    const count = () => Promise.all(sources.map((s) => apiCalls(s, merchant.token)));
    const before = await count();
    button(m, 'Refresh the page').click();
    await waitFor(async () => (await count()).every((n, i) => n > before[i]), 'every source reloaded').catch(
      async (e: Error) => {
        const now = await count();
        throw new Error(`${e.message}: ${sources.map((s, i) => `${s} ${before[i]} → ${now[i]}`).join(', ')}`);
      },
    );
  });

  it('is axe clean, and its operating rules are rich text without markup left', async () => {
    const { m } = await openHome();
    await waitFor(
      () => figure(m, 'Impressions') && $$(m, '.ma-home__faq').length === 5 && $(m, '.ma-rich-text'),
      'everything loaded',
    );
    expect($(m, '.ma-rich-text script, .ma-rich-text [onerror]')).to.equal(null);
    await expectAxeClean(m.shadow);
  });
});
