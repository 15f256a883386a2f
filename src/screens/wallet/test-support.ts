import md5 from 'blueimp-md5';
import { $, $$, input, mountApp, waitRoute, type Mounted } from '../../../test/browser/support/app';
import { apiCall } from '../shared/coupon/test-support';

/**
 * Test support for the wallet's screens, imported by their tests only: a fresh merchant with the wallet a test needs,
 * the reference server's answers read straight from it, and the controls the wallet's forms share.
 */

/**
 * A fresh merchant with the wallet the test needs (test API): a transaction password, start-up funds not yet
 * returned, a bound card or wallet address, a language.
 */
export async function merchant(
  o: { pay_password?: string; startup_funds_returned?: boolean; card?: 'bank' | 'wallet'; lang?: string } = {},
): Promise<{ username: string; token: string }> {
  const r = await fetch('/api/__test__/merchant', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(o),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`test api merchant: ${JSON.stringify(j)}`);
  return j.data;
}
export const data = async <T>(token: string, path: string, body?: unknown): Promise<T> => {
  const j = await apiCall<T>(token, path, body);
  if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
  return j.data;
};
/** Whether the server takes `digits` as the transaction password (the check the withdrawal dialog makes). */
export const passwordIs = async (token: string, digits: string) =>
  (await apiCall(token, '/check/password', { password: md5(digits) })).code === 200;

export async function open(token: string, route: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: route });
  await waitRoute(m, route);
  return m;
}
export const buttonNamed = (m: Mounted, name: string) =>
  $$(m, 'button').find((b) => b.textContent?.trim() === name) as HTMLButtonElement | undefined;
export const pinError = (m: Mounted, label?: string) =>
  (label ? input(m, label).closest('.ma-password-input') : $(m, '.ma-password-input'))?.querySelector<HTMLElement>(
    '.ma-password-input__error',
  )?.innerText ?? '';
export const fieldError = (m: Mounted, label: string) =>
  input(m, label).closest('.ma-field')?.querySelector('.ma-field__error')?.textContent ?? '';
export const radio = (m: Mounted, name: string) =>
  $$(m, 'label')
    .find((l) => l.textContent === name)!
    .querySelector('input') as HTMLInputElement;
