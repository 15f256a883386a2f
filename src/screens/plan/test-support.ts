/** Test support for the plan screens' tests, imported by them only: the server's plans, the list, the put dialog. */
import type { PlanPage } from '../../api/shapes/plan';
import { $, $$, mountApp, waitFor, waitRoute, type Mounted } from '../../../test/browser/support/app';
import { timeZoneHeader } from '../../lib/timezone';

export const get = async <T>(token: string, path: string): Promise<T> => {
  const r = await fetch(`/api${path}`, { headers: { 'X-CT': token, 'X-TZ': timeZoneHeader() } });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
  return j.data as T;
};
export const plans = (token: string, status?: string) =>
  get<PlanPage>(token, `/plan/order/list?page_size=50${status ? `&status=${status}` : ''}`);

/** Waiting plans of a known range (test API), returning the first's plan number. */
export async function waitingPlan(username: string, lowest: string, highest: string): Promise<string> {
  const r = await fetch('/api/__test__/plans', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, lowest, highest }),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`test api plans: ${JSON.stringify(j)}`);
  return j.data.plan_nos[0];
}

export const panel = (m: Mounted) => $(m, '[role="tabpanel"]:not([hidden])')!;
export const cards = (m: Mounted) => Array.from(panel(m).querySelectorAll<HTMLElement>('article.ma-plan-card'));
export const cardOf = (m: Mounted, planNo: string) => cards(m).find((c) => c.textContent.includes(planNo));
export const tab = (m: Mounted, start: string) =>
  $$(m, '[role="tab"]').find((t) => (t.textContent ?? '').replace(/\u00ad/g, '').startsWith(start))!;
// The top one: a dialog just closed may still be leaving (its exit animation) under a new one.
export const dialog = (m: Mounted) => $$(m, '[role="dialog"]').at(-1) ?? null;
export const fieldError = (m: Mounted) => dialog(m)?.querySelector('.ma-field__error')?.textContent ?? '';
export const confirm = (m: Mounted) =>
  Array.from(dialog(m)!.querySelectorAll('button')).find((b) => b.textContent === 'Confirm put')!;
export const money = (s: string) => `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

export async function openList(token: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: '/plan' });
  await waitRoute(m, '/plan');
  await waitFor(() => cards(m).length > 0, 'first page');
  return m;
}

/** Opens the put dialog of the waiting plan `planNo` from the "Waiting to put" tab. */
export async function openPut(m: Mounted, planNo: string): Promise<void> {
  const waiting = tab(m, 'Waiting to put');
  waiting.click();
  // 15 s, not the default 5: two test files run at once on one server (a wallet file beside this one hashes
  // passwords), and in one CI run of the React build this list took longer than 5 s to show.
  const card = await waitFor(
    () => waiting.getAttribute('aria-selected') === 'true' && cardOf(m, planNo),
    `the card of ${planNo}`,
    15_000,
  );
  Array.from(card.querySelectorAll('button'))
    .find((b) => b.textContent === 'Put')!
    .click();
  // This plan's dialog alone: the one a test just closed may still be on its way out, and the form helpers find
  // fields by their label anywhere in the widget.
  await waitFor(
    () =>
      $$(m, '[role="dialog"]').length === 1 &&
      dialog(m)?.textContent?.includes(planNo) &&
      dialog(m)?.querySelector('.ma-put__balance'),
    'the dialog with the balance',
  );
}
