/** The dashboard: its figures for each period, the ticker under reduced motion, where its links lead, and axe. */
import { expect } from 'chai';
import type { Statistics } from '../../../api/shapes/ad-center';
import { $, $$, button, unmountAll, waitFor, waitRoute } from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { STATS, figure, openHome } from './test-dashboard';

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const num = (n: number | string) => new Intl.NumberFormat('en-US').format(n as number);

async function api<T>(path: string, token: string): Promise<T> {
  const r = await fetch(`/api${path}`, { headers: { 'X-CT': token, 'X-TZ': zone } });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
  return j.data as T;
}

describe('ad-centre home: the dashboard', () => {
  afterEach(unmountAll);

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
