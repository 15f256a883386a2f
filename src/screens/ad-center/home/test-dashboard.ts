/** Test support for the dashboard's tests, imported by them only: the home opened and a figure as it shows. */
import { $$, freshMerchant, mountApp, streamDown, waitRoute, type Mounted } from '../../../../test/browser/support/app';

export const STATS = '/ad/order/data_statistics/list';

/** The figure shown under a label of the overview. */
export const figure = (m: Mounted, label: string) =>
  $$(m, '.ma-home__figure')
    .find((f) => f.querySelector('dt')?.textContent === label)
    ?.querySelector('dd')?.textContent;

/** The home with its change stream down: these tests drive the 30-second refresh that stands in for it. */
export async function openHome(lang?: string) {
  const merchant = await freshMerchant(lang);
  await streamDown(merchant.token);
  const m = await mountApp({ token: merchant.token, initialRoute: '/ad-center', ...(lang ? { language: lang } : {}) });
  await waitRoute(m, '/ad-center');
  return { m, merchant };
}
