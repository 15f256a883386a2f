import { expect } from 'chai';
import type { PeriodFigures, StatPeriod, Statistics } from '../../../api/shapes/ad-center';
import {
  $,
  $$,
  apiFault,
  button,
  freshMerchant,
  mountApp,
  streamDown,
  testApi,
  toastText,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { captureIntervals, type CapturedIntervals } from '../../../../test/browser/support/timers';

/** The data overview: alignment, tabs, chart, changes against the previous period, and its failures. */

const STATS = '/ad/order/data_statistics/list';
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const num = (n: number) => new Intl.NumberFormat('en-US').format(n);

async function stats(period: StatPeriod, token: string): Promise<Statistics> {
  const r = await fetch(`/api${STATS}?type=${period}&user_time_zone=${encodeURIComponent(zone)}`, {
    headers: { 'X-CT': token, 'X-TZ': zone },
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(JSON.stringify(j));
  return j.data as Statistics;
}

const overview = (m: Mounted) => $(m, '.ma-home__overview')!;
const figureEl = (m: Mounted, key: string) => $(m, `.ma-home__figure[data-key="${key}"]`);
const value = (m: Mounted, key: string) => figureEl(m, key)?.querySelector('dd')?.textContent;
const left = (el: Element | null) => {
  expect(el, 'element').to.not.equal(null);
  return el!.getBoundingClientRect().left;
};

/** `polling`: the change stream down, so the 30-second refresh stands in for it (a test drives it with captured timers). */
async function openHome(opts: { width?: number; fault?: 'hold' | 'fail'; lang?: string; polling?: boolean } = {}) {
  const merchant = await freshMerchant(opts.lang);
  if (opts.fault) await apiFault(STATS, merchant.token, opts.fault);
  if (opts.polling) await streamDown(merchant.token);
  const m = await mountApp({
    token: merchant.token,
    initialRoute: '/ad-center',
    ...(opts.lang ? { language: opts.lang } : {}),
  });
  if (opts.width) m.host.style.width = `${opts.width}px`;
  await waitRoute(m, '/ad-center');
  return { m, token: merchant.token };
}

/** What the screen should say for a change, worked out here from the server's two numbers. */
function expectedChange(now: number, before: number): { shown: string; words: string; dir: 'up' | 'down' | 'same' } {
  if (now === before) return { shown: 'no change', words: 'no change', dir: 'same' };
  if (before === 0)
    return now > 0
      ? { shown: 'up from 0', words: 'up from 0', dir: 'up' }
      : { shown: 'down from 0', words: 'down from 0', dir: 'down' };
  const r = (now - before) / Math.abs(before);
  const pct = (x: number, signDisplay: 'always' | 'never') =>
    new Intl.NumberFormat('en-US', {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      signDisplay,
    }).format(x);
  if (pct(Math.abs(r), 'never') === '0.0%') return { shown: 'no change', words: 'no change', dir: 'same' };
  return { shown: pct(r, 'always'), words: `${r > 0 ? 'up' : 'down'} ${pct(r, 'never')}`, dir: r > 0 ? 'up' : 'down' };
}

const PERIOD_KEYS: (keyof PeriodFigures)[] = [
  'investment_amount',
  'delivery_orders',
  'consumed',
  'impressions',
  'clicks',
  'ad_revenue',
  'profit',
];

describe('ad-centre home: the data overview', () => {
  let timers: CapturedIntervals | undefined;
  afterEach(() => {
    unmountAll();
    timers?.restore();
    timers = undefined;
  });

  for (const width of [375, 320]) {
    it(`at ${width} px: skeleton, figures, notice and chart start at the title's x; the four tabs are equally wide`, async () => {
      const { m, token } = await openHome({ width, fault: 'hold' });
      try {
        const skeleton = await waitFor(() => $(m, '.ma-home__overview .ma-skeleton'), 'skeleton');
        expect(left(skeleton), 'skeleton').to.be.closeTo(left($(m, '#ma-home-overview')), 0.5);
      } finally {
        await apiFault(STATS, token, null);
      }
      await waitFor(() => value(m, 'impressions'), 'figures');
      const title = left($(m, '#ma-home-overview'));
      expect(title - left(overview(m)), "the card's padding").to.be.closeTo(16, 0.5);
      for (const sel of [
        '.ma-home__figures',
        '.ma-home__figure',
        '.ma-home__compare',
        '.ma-home__chart',
        '.ma-home__legend',
        '.ma-home__y-axis--start',
      ]) {
        expect(left($(m, sel)), sel).to.be.closeTo(title, 0.5);
      }
      // The chart stays inside the card's content box on the right too (the clicks axis included).
      const content = overview(m).getBoundingClientRect().right - 16;
      expect($(m, '.ma-home__y-axis--end')!.getBoundingClientRect().right).to.be.at.most(content + 0.5);

      const tabs = $$(m, '.ma-home__overview [role="tab"]').map((t) => t.getBoundingClientRect());
      expect(tabs).to.have.length(4);
      for (const t of tabs) {
        expect(t.width, 'equal tab widths').to.be.closeTo(tabs[0].width, 0.5);
        expect(t.height).to.be.at.least(44);
      }
      // Together they span the card edge to edge (the strip is full-bleed; the content is not).
      expect(tabs[0].left).to.be.closeTo(left(overview(m)), 0.5);
    });
  }

  it('the chart has two labelled y axes with round gridlines above each peak, and x labels that do not overlap', async () => {
    const { m, token } = await openHome();
    await waitFor(() => value(m, 'impressions'), 'figures');
    button(m, 'Week').click();
    const week = await stats('week', token);
    await waitFor(() => $(m, '.ma-home__figures') && value(m, 'impressions') === num(week.impressions), 'the week');
    const svg = $(m, '.ma-home__chart-svg')!.getBoundingClientRect();
    for (const [side, series] of [
      ['start', 'impressions'],
      ['end', 'clicks'],
    ] as const) {
      const ticks = $$(m, `.ma-home__y-axis--${side} li`);
      expect(ticks.length, `${series} ticks`).to.be.within(4, 6);
      const values = ticks.map((t) => Number(t.dataset.value));
      expect(values[0]).to.equal(0);
      const step = values[1];
      values.forEach((v, i) => expect(v).to.equal(step * i));
      expect(String(step), 'a round step').to.match(/^(1|2|25|5)0*$/);
      const peak = Math.max(...week.trend.map((p) => p[series]));
      const top = values.at(-1)!;
      expect(top, `${series}: the top gridline is above the peak, with room`).to.be.at.least(peak * 1.1);
      for (const t of ticks) expect(t.textContent, 'labelled').to.match(/\d/);
      // Each label sits on its gridline: the top one at the plot's top, 0 at its bottom.
      const mid = (el: HTMLElement) => {
        const r = el.querySelector('span')!.getBoundingClientRect();
        return (r.top + r.bottom) / 2;
      };
      expect(mid(ticks.at(-1)!)).to.be.closeTo(svg.top, 1.5);
      expect(mid(ticks[0])).to.be.closeTo(svg.bottom, 1.5);
      // The line's highest point is the peak on this axis's scale.
      // (The stretch to today, still in progress, is a line of its own, drawn faint.)
      const ys = [$(m, `.ma-home__chart-line--${series}`), $(m, `.ma-home__chart-partial--${series}`)].flatMap((l) =>
        l
          ? l
              .getAttribute('points')!
              .split(' ')
              .map((p) => Number(p.split(',')[1]))
          : [],
      );
      expect(Math.min(...ys)).to.be.closeTo(100 - (peak / top) * 100, 0.01);
    }
    expect($$(m, '.ma-home__chart-grid')).to.have.length($$(m, '.ma-home__y-axis--start li').length);
    // Both axes are named by the legend above them.
    expect($$(m, '.ma-home__legend-item').map((l) => l.textContent)).to.deep.equal(['Impressions', 'Clicks']);

    const labels = $$(m, '.ma-home__x-axis li');
    expect(labels).to.have.length(7);
    const boxes = labels.map((l) => l.getBoundingClientRect());
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i].left, `label ${i} clear of ${i - 1}`).to.be.at.least(boxes[i - 1].right);
  });

  it('"All" is drawn by month: a point and a table row per month the server sends', async () => {
    const { m, token } = await openHome();
    await waitFor(() => value(m, 'impressions'), 'figures');
    button(m, 'All').click();
    const all = await stats('all', token);
    expect(all.bucket).to.equal('month');
    expect(all.trend.length, 'at least six months').to.be.at.least(6);
    await waitFor(() => $$(m, '.ma-home__chart table tbody tr').length === all.trend.length, 'a row per month');
    const rows = $$(m, '.ma-home__chart table tbody tr');
    const month = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short' });
    rows.forEach((r, i) => {
      expect(r.querySelector('th')!.textContent).to.equal(month.format(new Date(all.trend[i].start)));
      expect(r.querySelector('td')!.textContent).to.equal(num(all.trend[i].impressions));
    });
    // The finished months are the line; this month, still in progress, is the faint stretch after it.
    expect($(m, '.ma-home__chart-line--impressions')!.getAttribute('points')!.split(' ')).to.have.length(
      all.trend.length - 1,
    );
    const partial = $(m, '.ma-home__chart-partial--impressions')!;
    expect(partial.getAttribute('points')!.split(' ')).to.have.length(2);
    expect(Number(getComputedStyle(partial).opacity)).to.be.below(0.5);
    expect($$(m, '.ma-home__x-axis li').length).to.be.within(3, all.trend.length);
    // All time has no period before it: no change is shown and none is promised.
    expect($$(m, '.ma-home__change')).to.have.length(0);
    expect($(m, '.ma-home__compare')).to.equal(null);
  });

  it('each figure shows its change against the previous period as the server computed it, in signs, colours and words', async () => {
    timers = captureIntervals();
    // The seeded plans mostly grow (put in the last days), so the directions would depend on the hour the test
    // runs: a large delivery early yesterday makes today's delivery figures fall against yesterday's for sure,
    // while the week and the month, which hold yesterday, rise.
    const merchant = await freshMerchant();
    const dayStart = new Date();
    dayStart.setHours(0, 0, 0, 0);
    const yesterday = Math.ceil((dayStart.getTime() - 86_400_000) / 3_600_000) * 3_600_000;
    await testApi('delivery-row', {
      username: merchant.username,
      hour: new Date(yesterday).toISOString(),
      consumed: '50000.00',
      revenue: '60000.00',
      impressions: 50_000_000,
      clicks: 500_000,
    });
    const m = await mountApp({ token: merchant.token, initialRoute: '/ad-center' });
    await waitRoute(m, '/ad-center');
    const token = merchant.token;
    await waitFor(() => value(m, 'impressions'), 'figures');
    const kinds = new Set<string>();
    for (const [period, tab, against] of [
      ['today', 'Today', 'Changes compared with yesterday up to the same time.'],
      ['week', 'Week', 'Changes compared with the 7 days before.'],
      ['month', 'Month', 'Changes compared with the 30 days before.'],
    ] as const) {
      button(m, tab).click();
      let server: Statistics | undefined;
      // The server's figures move with live delivery: compare against one answer the screen also shows.
      await waitFor(async () => {
        server = await stats(period, token);
        if (
          value(m, 'impressions') === num(server.impressions) &&
          value(m, 'consumed') ===
            new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(server.consumed))
        )
          return true;
        timers!.fire(30_000);
        return false;
      }, `${period} figures`);
      const previous = server!.previous!;
      expect(previous, `${period} has a previous period`).to.be.an('object');
      for (const key of PERIOD_KEYS) {
        const want = expectedChange(Number(server![key]), Number(previous[key]));
        const el = figureEl(m, key)!.querySelector<HTMLElement>('.ma-home__change')!;
        expect(el, `${period} ${key} change`).to.not.equal(null);
        const shown = el.querySelector('[aria-hidden="true"]')?.textContent ?? el.textContent;
        const words = el.querySelector('.ma-sr-only')?.textContent ?? el.textContent;
        expect(shown, `${period} ${key}`).to.equal(want.shown);
        expect(words, `${period} ${key} in words`).to.equal(want.words);
        expect(el.classList.contains(`ma-home__change--${want.dir}`), `${period} ${key} ${want.dir}`).to.equal(true);
        kinds.add(want.dir);
      }
      // The present-state figures have no previous period.
      expect(figureEl(m, 'to_be_consumed')!.querySelector('.ma-home__change')).to.equal(null);
      expect(figureEl(m, 'operated')!.querySelector('.ma-home__change')).to.equal(null);
      expect($(m, '.ma-home__compare')!.textContent).to.equal(against);
      expect($(m, '.ma-home__figures')!.getAttribute('aria-describedby')).to.equal($(m, '.ma-home__compare')!.id);
      // Colours come from the theme's tokens, and up and down differ: checked on the period shown, as it shows.
      const colour = (dir: string) => {
        const el = $(m, `.ma-home__change--${dir}`);
        return el ? getComputedStyle(el).color : null;
      };
      const probe = document.createElement('span');
      $(m, '.ma-root')!.appendChild(probe);
      probe.style.color = 'color-mix(in srgb, var(--ma-success) 70%, var(--ma-text))';
      const success = getComputedStyle(probe).color;
      probe.style.color = 'var(--ma-danger)';
      const danger = getComputedStyle(probe).color;
      probe.remove();
      if ($(m, '.ma-home__change--up')) expect(colour('up'), `${period} up`).to.equal(success);
      if ($(m, '.ma-home__change--down')) expect(colour('down'), `${period} down`).to.equal(danger);
      expect(success).to.not.equal(danger);
    }
    expect(kinds.size, 'the seed gives more than one kind of change').to.be.at.least(2);
    await expectAxeClean(m.shadow);
  });

  it('a failed refresh keeps the figures and the chart, says the refresh failed and offers Retry', async () => {
    timers = captureIntervals();
    const { m, token } = await openHome({ polling: true });
    // In the configured currency: the basic config (which names it) has arrived.
    await waitFor(() => value(m, 'consumed')?.startsWith('$') && $(m, '.ma-home__chart-svg'), 'figures');
    const shown = PERIOD_KEYS.map((k) => value(m, k));
    await apiFault(STATS, token, 'fail');
    try {
      timers.fire(30_000);
      await waitFor(() => overview(m).textContent.includes('Could not refresh; showing earlier data.'), 'the notice');
      expect(
        PERIOD_KEYS.map((k) => value(m, k)),
        'the earlier figures, not dashes',
      ).to.deep.equal(shown);
      expect(overview(m).textContent).to.not.include('–');
      expect($(m, '.ma-home__chart-svg')).to.not.equal(null);
      expect(toastText(m)).to.equal('');
      await expectAxeClean(m.shadow);
    } finally {
      await apiFault(STATS, token, null);
    }
    overview(m).querySelector<HTMLButtonElement>('.ma-notice button')!.click();
    await waitFor(() => !overview(m).textContent.includes('Could not refresh'), 'the notice goes with a good answer');
    expect(value(m, 'impressions')).to.match(/\d/);
  });

  it('a failure before any data says the overview could not load, with an error picture and Retry', async () => {
    const { m, token } = await openHome({ fault: 'fail' });
    try {
      const failed = await waitFor(() => overview(m).querySelector<HTMLElement>('[role="alert"]'), 'the failure');
      expect(failed.textContent).to.include('Could not load the overview.');
      // Not the empty box (an empty list's picture): an error drawn in the theme's danger colour.
      expect(failed.querySelector('.ma-empty__image svg [fill="var(--ma-danger)"]')).to.not.equal(null);
      expect($$(m, '.ma-home__figure')).to.have.length(0);
      expect(overview(m).textContent).to.not.include('–');
      const retry = failed.querySelector<HTMLButtonElement>('button')!;
      expect(retry.textContent).to.equal('Retry');
      expect(retry.getBoundingClientRect().height).to.be.at.least(44);
      await expectAxeClean(m.shadow);
    } finally {
      await apiFault(STATS, token, null);
    }
    overview(m).querySelector<HTMLButtonElement>('[role="alert"] button')!.click();
    await waitFor(() => value(m, 'impressions'), 'figures after Retry');
    expect(overview(m).querySelector('[role="alert"]')).to.equal(null);
  });

  it("another period that fails to load is a failure of that period, not the last period's figures under its tab", async () => {
    const { m, token } = await openHome();
    await waitFor(() => value(m, 'impressions'), 'figures');
    await apiFault(STATS, token, 'fail');
    try {
      button(m, 'Month').click();
      const failed = await waitFor(() => overview(m).querySelector<HTMLElement>('[role="alert"]'), 'the failure');
      expect(failed.textContent).to.include('Could not load the overview.');
      expect($$(m, '.ma-home__figure'), 'no figures of today under Month').to.have.length(0);
    } finally {
      await apiFault(STATS, token, null);
    }
    overview(m).querySelector<HTMLButtonElement>('[role="alert"] button')!.click();
    const month = await stats('month', token);
    await waitFor(
      () =>
        value(m, 'delivery_orders') === num(month.delivery_orders) &&
        $(m, '.ma-home__compare')?.textContent?.includes('30 days'),
      'the month',
    );
  });
});
