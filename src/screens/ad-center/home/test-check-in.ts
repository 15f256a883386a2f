/** Test support for the daily check-in's tests, imported by them only: a merchant with a streak, and the check-in. */
import type { CheckInStatus, Statistics } from '../../../api/shapes/ad-center';
import { $, freshMerchant, mountApp, testApi, waitRoute, type Mounted } from '../../../../test/browser/support/app';
import { apiCall } from '../../shared/coupon/test-support';

export const STATS = '/ad/order/data_statistics/list';

/** The server's check-in status for this merchant now (its X-TZ day). */
export async function serverStatus(token: string): Promise<{ check_in: CheckInStatus; credit_score: number }> {
  const r = await apiCall<Statistics>(token, `${STATS}?type=today`);
  if (r.code !== 200) throw new Error(JSON.stringify(r));
  return r.data;
}

const dayBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A fresh merchant who checked in on the `streak` days before today (through the test API: a streak takes days). */
export async function merchantWithStreak(streak: number, lang?: string) {
  const merchant = await freshMerchant(lang);
  if (streak > 0) {
    const today = (await serverStatus(merchant.token)).check_in.day;
    await testApi('check-ins', {
      username: merchant.username,
      days: Array.from({ length: streak }, (_, i) => dayBefore(today, i + 1)),
    });
  }
  return merchant;
}

export async function openHome(token: string, language?: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: '/ad-center', ...(language ? { language } : {}) });
  await waitRoute(m, '/ad-center');
  return m;
}

export const checkIn = (m: Mounted) => $(m, '.ma-checkin');
export const checkInButtons = (m: Mounted) => Array.from(checkIn(m)?.querySelectorAll('button') ?? []);
export const visible = (el: Element | null) => (el?.textContent ?? '').trim();
