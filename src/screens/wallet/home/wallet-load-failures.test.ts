import { expect } from 'chai';
import { $, $$, apiFault, mountApp, unmountAll, waitFor, waitRoute } from '../../../../test/browser/support/app';
import { seenElements, seenText } from '../../../../test/browser/support/visible';
import { merchant } from '../test-support';
import { PAY_PASSWORD, rows, entry, dialog, amountInput } from './test-support';

/** The wallet while its loads are held or fail: the skeleton, each failure with Retry, and what Retry brings. */

describe('wallet loading and failures', () => {
  afterEach(unmountAll);

  it('a skeleton while the figures load; a failure says so with Retry, which brings them', async () => {
    const { token } = await merchant();
    try {
      await apiFault('/user/property', token, 'hold');
      const m = await mountApp({ token, initialRoute: '/wallet' });
      await waitRoute(m, '/wallet');
      await waitFor(() => $(m, '.ma-wallet__body > .ma-skeleton'), "the figures' skeleton");
      expect($(m, '.ma-wallet__total')).to.equal(null);
      unmountAll();
      await apiFault('/user/property', token, 'fail');
      const n = await mountApp({ token, initialRoute: '/wallet' });
      await waitRoute(n, '/wallet');
      const failed = await waitFor(
        () => $$(n, '[role="alert"]').find((a) => a.textContent?.includes('The wallet could not be loaded')),
        'the failure',
      );
      await waitFor(() => rows(n).length > 0, 'the ledger still shown');
      await apiFault('/user/property', token, null);
      Array.from(failed.querySelectorAll('button'))
        .find((b) => b.textContent === 'Retry')!
        .click();
      await waitFor(() => $(n, '.ma-wallet__total')?.textContent?.startsWith('$'), 'the figures after Retry');
    } finally {
      await apiFault('/user/property', token, null);
    }
  });

  it('offline: the figures, the ledger and the withdrawal sheet say they failed, with Retry (no empty state, no zeros); Retry brings each', async function () {
    this.timeout(20_000);
    const { token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank' });
    const paths = ['/user/property', '/bank_card/detail', '/transaction_flow/list'];
    try {
      for (const path of paths) await apiFault(path, token, 'fail');
      const m = await mountApp({ token, initialRoute: '/wallet' });
      await waitRoute(m, '/wallet');
      await waitFor(
        () =>
          seenText(m).includes('The wallet could not be loaded') &&
          seenText(m).includes('Request failed, tap to reload'),
        'the failures',
      );
      const shown = seenText(m);
      expect(shown, 'no zeros').to.not.match(/\$0\.00/);
      expect(shown, 'no empty ledger').to.not.contain('No funding details yet');
      entry(m, 'Withdraw').click();
      await waitFor(
        () => dialog(m) && seenText(m, dialog(m)).includes('The wallet could not be loaded'),
        "the sheet's failure",
      );
      const sheet = seenText(m, dialog(m));
      expect(sheet).to.not.match(/\$0\.00|Please set|Please bind|Starting funds/);
      // Retry where the merchant sees it, in the sheet (not scrolled out of it).
      const retry = await waitFor(
        () => seenElements<HTMLButtonElement>(m, '[role="dialog"] button').find((b) => b.textContent === 'Retry'),
        'Retry in the sheet',
        3000,
      );
      for (const path of paths) await apiFault(path, token, null);
      retry.click();
      await waitFor(
        () => dialog(m)?.querySelector('.ma-withdraw__balance') && seenText(m, dialog(m)).includes('First Harbor Bank'),
        'the form after Retry',
      );
      expect(amountInput(m).value).to.equal('');
    } finally {
      for (const path of paths) await apiFault(path, token, null);
    }
  });
});
