/** Coupons: a page or the discount amount that fails to load, and an empty tab. */
import { expect } from 'chai';
import {
  $,
  apiFault,
  freshMerchant,
  mountApp,
  registeredMerchant,
  unmountAll,
  waitFor,
  waitRoute,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { COUPON_PAGE_SIZE } from './model';
import { ROUTE, cards, money, panel, tab } from './test-support';

describe('coupons: a failed load and an empty tab', () => {
  afterEach(unmountAll);

  it('a page that fails to load says so and reloads on a tap; so does the discount amount', async () => {
    const { token } = await freshMerchant();
    await apiFault('/user_coupon/list', token, 'fail');
    await apiFault('/user/property', token, 'fail');
    try {
      const m = await mountApp({ token, initialRoute: ROUTE });
      await waitRoute(m, ROUTE);
      const retry = await waitFor(
        () =>
          Array.from(panel(m).querySelectorAll('button')).find(
            (b) => b.textContent === 'Request failed, tap to reload',
          ),
        "the list's reload button",
      );
      expect(panel(m).querySelector('.ma-empty'), 'a failure is not an empty list').to.equal(null);
      await waitFor(
        () => $(m, '.ma-coupons__wallet')!.textContent.includes('Could not load the discount amount.'),
        "the discount amount's failure",
      );
      await expectAxeClean(m.shadow);
      await apiFault('/user_coupon/list', token, null);
      await apiFault('/user/property', token, null);
      (retry as HTMLElement).click();
      await waitFor(() => cards(m).length === COUPON_PAGE_SIZE, 'the first page after the retry');
      Array.from($(m, '.ma-coupons__wallet')!.querySelectorAll('button'))
        .find((b) => b.textContent === 'Retry')!
        .click();
      await waitFor(() => $(m, '.ma-coupons__discount-value'), 'the discount amount after its retry');
    } finally {
      await apiFault('/user_coupon/list', token, null);
      await apiFault('/user/property', token, null);
    }
  });

  it('an empty tab says so and offers a way forward', async () => {
    // A merchant who registered here and holds no coupon yet.
    const { token } = await registeredMerchant('empty');
    const m = await mountApp({ token, initialRoute: ROUTE });
    await waitRoute(m, ROUTE);
    await waitFor(() => panel(m).querySelector('.ma-empty'), 'empty state');
    expect(panel(m).textContent).to.include('No coupons to use right now.');
    expect(tab(m, 'Unused').textContent).to.equal('Unused (0)');
    await waitFor(() => $(m, '.ma-coupons__discount-value')?.textContent === money('0'), 'no discount amount yet');
    expect(panel(m).querySelector('.ma-skeleton'), 'no skeleton once answered').to.equal(null);
    await expectAxeClean(m.shadow);
    tab(m, 'Used').click();
    await waitFor(() => panel(m).textContent.includes('No used coupons yet.'), 'used empty');
    tab(m, 'Unused').click();
    await waitFor(() => tab(m, 'Unused').getAttribute('aria-selected') === 'true', 'back on unused');
    (
      Array.from(panel(m).querySelectorAll('button')).find((b) => b.textContent === 'Get coupons') as HTMLElement
    ).click();
    await waitRoute(m, '/ad-center/activities');
  });
});
