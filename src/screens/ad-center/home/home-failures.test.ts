import { expect } from 'chai';
import {
  $,
  $$,
  apiFault,
  freshMerchant,
  mountApp,
  toastText,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';

const STATS = '/ad/order/data_statistics/list';
const BROADCAST = '/broadcast-data';

async function openHome(token: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: '/ad-center' });
  await waitRoute(m, '/ad-center');
  return m;
}

const retryIn = (m: Mounted, section: string) => $$(m, `${section} button`).find((b) => b.textContent === 'Retry');

describe('ad-centre home: what failed, and Retry', () => {
  afterEach(unmountAll);

  it('the profile card: statistics that fail before any data say so with Retry, not dashes', async () => {
    const merchant = await freshMerchant();
    await apiFault(STATS, merchant.token, 'fail');
    try {
      const m = await openHome(merchant.token);
      await waitFor(() => $(m, '.ma-home__proxy-id'), 'the account');
      const card = $(m, '.ma-home__profile')!;
      await waitFor(
        () => card.textContent.includes('Could not load your shop level, deposit, balance and check-in.'),
        'the failure in the card',
      );
      // One call brings the figures and the check-in: one message and one Retry for both, no active Check in.
      expect(
        Array.from(card.querySelectorAll('button'))
          .map((b) => b.textContent.trim())
          .filter((x) => x !== '' && x !== 'Copy'),
      ).to.deep.equal(['Retry']);
      expect(card.querySelector('.ma-checkin'), 'the check-in says nothing of its own').to.equal(null);
      expect(card.textContent, 'no dash standing for a value').to.not.include('–');
      expect(card.querySelector('.ma-home__pending'), 'no placeholder left standing').to.equal(null);
      expect(toastText(m), 'said once, in the card').to.equal('');
      await expectAxeClean(m.shadow);

      await apiFault(STATS, merchant.token, null);
      retryIn(m, '.ma-home__profile')!.click();
      await waitFor(() => card.querySelectorAll('.ma-home__profile-figures strong').length === 4, 'the four figures');
      expect(card.textContent).to.not.include('Could not load');
      // Money in the configured currency, once the config that names it is in (a first visit has none stored).
      await waitFor(() => /Deposit\$[\d,]+\.\d\d/.test(card.textContent), 'the deposit in the configured currency');
    } finally {
      await apiFault(STATS, merchant.token, null);
    }
  });

  it('while the figures load, grey bars hold their place (no dashes)', async () => {
    const merchant = await freshMerchant();
    await apiFault(STATS, merchant.token, 'hold');
    try {
      const m = await openHome(merchant.token);
      await waitFor(() => $(m, '.ma-home__proxy-id'), 'the account');
      const figures = $(m, '.ma-home__profile-figures')!;
      expect(figures.getAttribute('aria-busy')).to.equal('true');
      expect(figures.querySelectorAll('.ma-home__pending')).to.have.length(3); // level, deposit, balance (the credit score is the account's)
      expect(figures.textContent).to.not.include('–');
    } finally {
      await apiFault(STATS, merchant.token, null);
    }
  });

  it('the live card: a first load that fails says it could not load, with Retry, without a toast; never a skeleton forever', async () => {
    const merchant = await freshMerchant();
    await apiFault(BROADCAST, merchant.token, 'fail');
    try {
      const m = await openHome(merchant.token);
      const ticker = await waitFor(() => $(m, '.ma-home__ticker'), 'live card');
      await waitFor(() => ticker.textContent.includes('Could not load the live figures.'), 'the failure');
      expect(ticker.querySelector('.ma-skeleton'), 'no skeleton left').to.equal(null);
      expect(toastText(m), 'decoration: no toast').to.equal('');
      await expectAxeClean(m.shadow);

      await apiFault(BROADCAST, merchant.token, null);
      retryIn(m, '.ma-home__ticker')!.click();
      await waitText(m, 'Online users');
      expect(ticker.textContent).to.not.include('Could not load');
    } finally {
      await apiFault(BROADCAST, merchant.token, null);
    }
  });
});
