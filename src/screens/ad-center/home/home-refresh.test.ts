/** The dashboard's refreshes: every 30 s and on coming back, a failed one, the ticker's news, and pull to refresh. */
import { expect } from 'chai';
import type { Broadcast } from '../../../api/shapes/ad-center';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  button,
  freshMerchant,
  text,
  toastText,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
} from '../../../../test/browser/support/app';
import { settle } from '../../../../test/browser/support/render';
import {
  captureIntervals,
  clearRequests,
  requestsTo,
  setVisibility,
  type CapturedIntervals,
} from '../../../../test/browser/support/timers';
import { STATS, figure, openHome } from './test-dashboard';

describe("ad-centre home: the dashboard's refreshes", () => {
  let timers: CapturedIntervals | undefined;
  afterEach(() => {
    unmountAll();
    timers?.restore();
    timers = undefined;
    setVisibility(null);
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
});
