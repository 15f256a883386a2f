/** Test support for the plan-follow screen's tests, imported by them only: opening it, its list and its sheet. */
import { $, $$, freshMerchant, mountApp, waitFor, waitRoute, type Mounted } from '../../../../test/browser/support/app';

export const ROUTE = '/ad-center/operated';

/** The follow IDs of the follow list, top first. */
export const listed = (m: Mounted) => $$(m, '.ma-operated__record-id').map((h) => h.textContent);
/** The shops' names of the follow list, top first. */
export const names = (m: Mounted) => $$(m, '.ma-operated__record h3').map((h) => h.textContent);
/** The open confirm sheet, if any. */
export const sheet = (m: Mounted) => $(m, '.ma-prompt-sheet');
export const fieldError = (m: Mounted) => $(m, '.ma-operated__follow .ma-field__error')?.textContent ?? '';

export async function openOperated(lang?: string) {
  const merchant = await freshMerchant(lang);
  const m = await mountApp({ token: merchant.token, initialRoute: ROUTE, ...(lang ? { language: lang } : {}) });
  await waitRoute(m, ROUTE);
  // The fresh merchant follows 10000011 and 10000012 already (the seed).
  await waitFor(() => listed(m).length >= 2, 'the seeded follows');
  return { m, merchant };
}
