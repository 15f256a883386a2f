import { expect } from 'chai';
import {
  $,
  $$,
  apiFault,
  freshMerchant,
  mountApp,
  streamsOpen,
  testApi,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../test/browser/support/app';
import { captureIntervals, setVisibility, type CapturedIntervals } from '../../../test/browser/support/timers';
import { timeZoneHeader } from '../../lib/timezone';

/**
 * The app told instead of asking (api/stream.ts): against the reference server, through the test server's proxy,
 * the bell, the wallet figures and a plan's progress change on screen soon after the server's change, with no timer
 * fired; the stream is open only while signed in, shown and mounted; without it, the 30-second refresh carries on.
 */
const bellLabel = (m: Mounted) =>
  $(m, '.ma-header__actions button[aria-label^="Notifications"]')?.getAttribute('aria-label') ?? '';
const walletFigure = (m: Mounted, label: string) =>
  $$(m, '.ma-wallet__figure')
    .find((f) => f.querySelector('dt')!.textContent === label)
    ?.querySelector('dd')?.textContent;

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const r = await fetch(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-TZ': timeZoneHeader(), ...(token ? { 'X-CT': token } : {}) },
    body: JSON.stringify(body),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
  return j.data as T;
}

describe('live changes: the change stream', () => {
  let timers: CapturedIntervals | undefined;
  afterEach(() => {
    unmountAll();
    timers?.restore();
    timers = undefined;
    setVisibility(null);
  });

  it('the bell counts a new notice as it arrives, on any screen after the first live one', async () => {
    timers = captureIntervals();
    const merchant = await freshMerchant();
    const m = await mountApp({ token: merchant.token, initialRoute: '/ad-center' });
    await waitRoute(m, '/ad-center');
    await waitFor(async () => (await streamsOpen(merchant.token)) === 1, 'the stream open');
    const before = bellLabel(m);
    // Another screen: the stream stays with the app, not with the screen that opened it.
    m.app.navigate('/ad-center/level');
    await waitRoute(m, '/ad-center/level');
    await testApi('notify', { username: merchant.username, count: 3 });
    await waitFor(() => bellLabel(m) !== before && /\d/.test(bellLabel(m)), 'the bell counts the new notices');
    expect(bellLabel(m)).to.match(/^Notifications, \d+ unread$/);
  });

  it('the wallet figures follow a change made elsewhere, and the ledger shows its row', async () => {
    timers = captureIntervals();
    const merchant = await freshMerchant();
    const m = await mountApp({ token: merchant.token, initialRoute: '/wallet' });
    await waitRoute(m, '/wallet');
    await waitFor(() => walletFigure(m, 'Available balance')?.startsWith('$'), 'the figures');
    await waitFor(async () => (await streamsOpen(merchant.token)) === 1, 'the stream open');
    await testApi('wallet', { username: merchant.username, balance: '4321.09', note: 'Live top-up' });
    await waitFor(() => walletFigure(m, 'Available balance') === '$4,321.09', 'the new balance on screen');
    await waitFor(
      () => $$(m, 'article.ma-flow')[0]?.textContent?.includes('Live top-up'),
      'the new row on top of the ledger',
    );
  });

  it("a plan's progress moves on its page as the server moves it", async function () {
    this.timeout(20_000);
    timers = captureIntervals();
    const merchant = await freshMerchant();
    await testApi('wallet', { username: merchant.username, balance: '5000.00' });
    const { ids } = await post<{ ids: number[] }>('/__test__/plans', {
      username: merchant.username,
      lowest: '100.00',
      highest: '500.00',
    });
    const id = ids[0];
    await post(
      '/plan/order/put',
      { id, amount: '300.00', official: false, request_id: crypto.randomUUID() },
      merchant.token,
    );
    // A step every 400 ms from now on: slow enough to see each, far quicker than the 5 s poll the stream replaces.
    await post('/__test__/plan-pace', { username: merchant.username, id, step_ms: 400 });
    const m = await mountApp({ token: merchant.token, initialRoute: `/plan/detail?id=${id}` });
    const bar = await waitFor(() => $(m, '[role="progressbar"]'), 'the progress bar');
    await waitFor(async () => (await streamsOpen(merchant.token)) === 1, 'the stream open');
    const first = Number(bar.getAttribute('aria-valuenow'));
    const shown = () => Number($(m, '[role="progressbar"]')?.getAttribute('aria-valuenow'));
    await waitFor(() => shown() > first, 'the progress moves');
    const second = shown();
    await waitFor(() => shown() > second, 'and moves again');
    expect(timers.live(5_000), 'the poll timer is there, resting').to.be.greaterThan(0);
  });

  it('open only while shown and mounted; without it the 30-second refresh carries on', async () => {
    timers = captureIntervals();
    const merchant = await freshMerchant();
    const m = await mountApp({ token: merchant.token, initialRoute: '/wallet' });
    await waitRoute(m, '/wallet');
    await waitFor(async () => (await streamsOpen(merchant.token)) === 1, 'the stream open');
    setVisibility('hidden');
    await waitFor(async () => (await streamsOpen(merchant.token)) === 0, 'closed while hidden');
    setVisibility('visible');
    await waitFor(async () => (await streamsOpen(merchant.token)) === 1, 'open again when shown');
    unmountAll();
    await waitFor(async () => (await streamsOpen(merchant.token)) === 0, 'closed on unmount');

    // A proxy that will not stream: the figures are refreshed by the timer, as before.
    await apiFault('/events', merchant.token, 'fail');
    try {
      const again = await mountApp({ token: merchant.token, initialRoute: '/wallet' });
      await waitFor(() => walletFigure(again, 'Available balance')?.startsWith('$'), 'the figures');
      await testApi('wallet', { username: merchant.username, balance: '77.00' });
      timers.fire(30_000);
      await waitFor(() => walletFigure(again, 'Available balance') === '$77.00', "the timer's refresh shows it");
    } finally {
      await apiFault('/events', merchant.token, null);
    }
  });
});
