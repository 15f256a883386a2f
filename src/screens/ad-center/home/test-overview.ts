/** Test support for the data overview's tests, imported by them only: the server's figures and the home opened. */
import type { StatPeriod, Statistics } from '../../../api/shapes/ad-center';
import {
  $,
  apiFault,
  freshMerchant,
  mountApp,
  streamDown,
  waitRoute,
  type Mounted,
} from '../../../../test/browser/support/app';

export const STATS = '/ad/order/data_statistics/list';
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
export const num = (n: number) => new Intl.NumberFormat('en-US').format(n);

export async function stats(period: StatPeriod, token: string): Promise<Statistics> {
  const r = await fetch(`/api${STATS}?type=${period}&user_time_zone=${encodeURIComponent(zone)}`, {
    headers: { 'X-CT': token, 'X-TZ': zone },
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(JSON.stringify(j));
  return j.data as Statistics;
}

export const overview = (m: Mounted) => $(m, '.ma-home__overview')!;
export const figureEl = (m: Mounted, key: string) => $(m, `.ma-home__figure[data-key="${key}"]`);
export const value = (m: Mounted, key: string) => figureEl(m, key)?.querySelector('dd')?.textContent;

/** `polling`: the change stream down, so the 30-second refresh stands in for it (a test drives it with captured timers). */
export async function openHome(
  opts: { width?: number; fault?: 'hold' | 'fail'; lang?: string; polling?: boolean } = {},
) {
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
