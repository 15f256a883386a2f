import type { FlowPage, FundingDetail, MonthTotals, Property } from '../../../api/shapes/wallet';
import { $, $$, mountApp, waitFor, waitRoute, type Mounted } from '../../../../test/browser/support/app';
import { scrollToEnd } from '../../../../test/browser/support/render';
import { data } from '../test-support';

/**
 * Test support for the wallet screen's tests, imported by them only: the figures and the ledger as the server has
 * them, the screen's parts as a person finds them, and the withdrawal sheet.
 */

export const PAY_PASSWORD = '123456';

export const property = (token: string) => data<Property>(token, '/user/property');
/** The whole ledger, newest first, and every month's totals, as the server answers them. */
export async function ledger(token: string): Promise<{ rows: FundingDetail[]; months: Map<string, MonthTotals> }> {
  const rows: FundingDetail[] = [];
  const months = new Map<string, MonthTotals>();
  for (let page = 1; ; page++) {
    const p = await data<FlowPage>(token, `/transaction_flow/list?page=${page}&page_size=50`);
    rows.push(...p.list);
    for (const m of p.months) months.set(m.month, m);
    if (rows.length >= p.total || p.list.length === 0) return { rows, months };
  }
}

export const money = (s: string) =>
  `$${Number(s.replace('-', '')).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const scroller = (m: Mounted) => $(m, '.ma-wallet__scroll')!;
export const rows = (m: Mounted) => $$(m, 'article.ma-flow');
export const headers = (m: Mounted) => $$(m, '.ma-ledger__month');
export const figure = (m: Mounted, label: string) =>
  $$(m, '.ma-wallet__figure')
    .find((f) => f.querySelector('dt')!.textContent === label)
    ?.querySelector('dd')?.textContent;
export const entry = (m: Mounted, name: string) =>
  $$(m, '.ma-wallet__entry').find((b) => b.querySelector('.ma-wallet__entry-label')!.textContent === name)!;
export const dialogs = (m: Mounted) => $$(m, '[role="dialog"]');
export const dialog = (m: Mounted) => dialogs(m).at(-1);
export const inDialog = (m: Mounted, text: string) =>
  Array.from(dialog(m)?.querySelectorAll('button') ?? []).find((b) => b.textContent === text)!;
export const amountInput = (m: Mounted) => dialog(m)!.querySelector<HTMLInputElement>('input[inputmode="decimal"]')!;
export const fieldError = (m: Mounted) => dialog(m)?.querySelector('.ma-field__error')?.textContent ?? '';

export function typeInto(el: HTMLInputElement, value: string) {
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export async function openWallet(token: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: '/wallet' });
  await waitRoute(m, '/wallet');
  // The amounts in the configured currency: basic config (the currency) may answer after the figures.
  await waitFor(
    () => $(m, '.ma-wallet__total')?.textContent?.startsWith('$') && rows(m).length > 0,
    'the figures and the first page',
  );
  return m;
}

export async function openWithdraw(m: Mounted): Promise<void> {
  entry(m, 'Withdraw').click();
  await waitFor(() => dialog(m)?.querySelector('.ma-withdraw__reason, .ma-withdraw__balance'), 'the withdrawal sheet');
}

export async function scrollLedgerToEnd(m: Mounted, total: number): Promise<void> {
  while (rows(m).length < total) {
    const before = rows(m).length;
    await scrollToEnd(scroller(m));
    await waitFor(() => rows(m).length > before, `more than ${before} rows`);
  }
}
