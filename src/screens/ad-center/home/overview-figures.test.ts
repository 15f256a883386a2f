/** The data overview's figures: changes against the previous period, and a refresh or load that fails. */
import { expect } from 'chai';
import type { PeriodFigures, Statistics } from '../../../api/shapes/ad-center';
import {
  $,
  $$,
  apiFault,
  button,
  freshMerchant,
  mountApp,
  testApi,
  toastText,
  unmountAll,
  waitFor,
  waitRoute,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { captureIntervals, type CapturedIntervals } from '../../../../test/browser/support/timers';
import { STATS, figureEl, num, openHome, overview, stats, value } from './test-overview';

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

describe("ad-centre home: the data overview's figures and failures", () => {
  let timers: CapturedIntervals | undefined;
  afterEach(() => {
    unmountAll();
    timers?.restore();
    timers = undefined;
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
