import { expect } from 'chai';
import { $, $$, apiCalls, unmountAll, waitFor, waitRoute } from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { merchant } from '../test-support';
import { PAY_PASSWORD, entry, dialog, inDialog, openWallet, openWithdraw } from './test-support';

/** The wallet's entries against the reference server: deposit, and a withdrawal refused with its way forward. */

describe('wallet entries', () => {
  afterEach(unmountAll);

  it('deposit opens customer service in recharge mode', async () => {
    const { token } = await merchant();
    const m = await openWallet(token);
    entry(m, 'Deposit').click();
    await waitFor(() => dialog(m)?.querySelector('.ma-cs__item'), 'the contacts');
    expect(dialog(m)!.textContent).to.contain('Deposit via customer service');
    expect($$(m, '.ma-cs__item').map((r) => r.textContent)).to.deep.equal([
      'Recharge service',
      'Recharge support website',
    ]);
  });

  it('withdrawal is refused first for start-up funds, then for no transaction password, then for no card, each with its way forward', async () => {
    // Start-up funds not returned (and nothing else set): customer service.
    const a = await merchant({ startup_funds_returned: false });
    let m = await openWallet(a.token);
    expect(entry(m, 'Transaction password').textContent).to.contain('Not set');
    await openWithdraw(m);
    expect(dialog(m)!.querySelector('.ma-withdraw__reason')!.textContent).to.equal(
      'Starting funds not yet returned, contact customer service',
    );
    expect(dialog(m)!.querySelector('input'), 'no amount to type').to.equal(null);
    await expectAxeClean(m.shadow);
    inDialog(m, 'Contact customer service').click();
    await waitFor(
      () => dialog(m)?.querySelector('.ma-cs__item') && !dialog(m)!.textContent.includes('Deposit via'),
      'the customer-service contacts',
    );
    unmountAll();

    // No transaction password: to set one (and the entry leads there too).
    const b = await merchant({ card: 'bank' });
    m = await openWallet(b.token);
    await openWithdraw(m);
    expect(dialog(m)!.querySelector('.ma-withdraw__reason')!.textContent).to.equal(
      'Please set the transaction password first',
    );
    inDialog(m, 'Set transaction password').click();
    await waitRoute(m, '/wallet/set-password');
    m.app.navigate('/wallet');
    await waitRoute(m, '/wallet');
    await waitFor(() => entry(m, 'Transaction password')?.textContent?.includes('Not set'), 'the figures');
    entry(m, 'Transaction password').click();
    await waitRoute(m, '/wallet/set-password');
    unmountAll();

    // A password, nothing bound: to bind a card; the password entry now changes it.
    const c = await merchant({ pay_password: PAY_PASSWORD });
    m = await openWallet(c.token);
    expect(entry(m, 'Bind card').querySelector('.ma-wallet__entry-note'), 'nothing bound, nothing masked').to.equal(
      null,
    );
    await openWithdraw(m);
    expect(dialog(m)!.querySelector('.ma-withdraw__reason')!.textContent).to.equal(
      'Please bind a bank card or wallet address first',
    );
    inDialog(m, 'Bind a card or wallet address').click();
    await waitRoute(m, '/wallet/bind-card');
    m.app.navigate('/wallet');
    await waitRoute(m, '/wallet');
    await waitFor(() => $(m, '.ma-wallet__total'), 'the figures');
    entry(m, 'Transaction password').click();
    await waitRoute(m, '/ad-center/edit-pay-password');
    m.app.navigate('/wallet');
    await waitRoute(m, '/wallet');
    entry(m, 'Foreign exchange').click();
    await waitRoute(m, '/wallet/foreign-exchange');
    expect(
      (await apiCalls('/user/withdraw', a.token)) +
        (await apiCalls('/user/withdraw', b.token)) +
        (await apiCalls('/user/withdraw', c.token)),
      'nothing sent',
    ).to.equal(0);
  });
});
