import { expect } from 'chai';
import md5 from 'blueimp-md5';
import { $, apiCalls, input, type, unmountAll, waitFor, waitRoute, waitText } from '../../../test/browser/support/app';
import { expectAxeClean } from '../../../test/browser/support/render';
import { apiCall, toastNow } from '../shared/coupon/test-support';
import { merchant, passwordIs, open, buttonNamed, pinError } from './test-support';

/** Changing the transaction password against the reference server: the checks, a wrong old one, the lock, none set. */

describe('wallet forms: change transaction password', () => {
  afterEach(unmountAll);

  it('change password: every check at once under its field, digits kept; wrong old on its field; the new one works; axe clean', async () => {
    const { token } = await merchant({ pay_password: '123456' });
    const m = await open(token, '/ad-center/edit-pay-password');
    const OLD = 'Current transaction password',
      NEW = 'New transaction password',
      AGAIN = 'New transaction password again';
    const submit = () => buttonNamed(m, 'Submit')!.click();
    submit();
    await waitFor(
      () => [OLD, NEW, AGAIN].every((l) => pinError(m, l) === 'Please enter 6 digits'),
      'three errors at once',
    );
    await expectAxeClean(m.shadow);
    type(m, OLD, '123456');
    type(m, NEW, '12x3456');
    type(m, AGAIN, '654321');
    await waitFor(() => input(m, NEW).value === '123456', 'the digits only');
    submit();
    await waitFor(() => pinError(m, NEW) === 'The new password must differ from the old one', 'same as old');
    expect(pinError(m, AGAIN)).to.equal('');
    type(m, NEW, '111111');
    submit();
    await waitFor(() => pinError(m, AGAIN) === 'The two passwords entered do not match', 'the mismatch');
    expect(
      [OLD, NEW, AGAIN].map((l) => input(m, l).value),
      'what was typed stays',
    ).to.deep.equal(['123456', '111111', '654321']);
    expect(await apiCalls('/update/pay_password', token), 'nothing sent').to.equal(0);

    type(m, OLD, '999999');
    type(m, AGAIN, '111111');
    submit();
    await waitFor(
      () => pinError(m, OLD) === 'Wrong old password\nTries left: 4',
      'wrong old on its field, with the tries left on a line of their own',
    );
    expect(input(m, OLD).getAttribute('aria-invalid')).to.equal('true');
    expect([OLD, NEW, AGAIN].map((l) => input(m, l).value)).to.deep.equal(['999999', '111111', '111111']);
    await expectAxeClean(m.shadow);

    type(m, OLD, '123456');
    submit();
    await waitFor(() => toastNow(m.shadow).includes('Transaction password changed'), 'the toast');
    await waitRoute(m, '/wallet');
    expect(await passwordIs(token, '111111'), 'the new one works').to.equal(true);
    expect(await passwordIs(token, '123456'), 'the old one does not').to.equal(false);
  });

  it('change password: locked after too many wrong ones (when to try again); with none set, the way to set one', async () => {
    const locked = await merchant({ pay_password: '123456' });
    for (let i = 0; i < 5; i++)
      await apiCall(locked.token, '/update/pay_password', {
        old_password: md5('000000'),
        password: md5('222222'),
        confirm_password: md5('222222'),
      });
    const m = await open(locked.token, '/ad-center/edit-pay-password');
    type(m, 'Current transaction password', '123456');
    type(m, 'New transaction password', '222222');
    type(m, 'New transaction password again', '222222');
    buttonNamed(m, 'Submit')!.click();
    await waitFor(
      () => $(m, '[role="alert"]')?.textContent === 'Too many wrong transaction passwords. Try again in 15 min.',
      'the lock and when it ends',
    );
    expect(await passwordIs(locked.token, '222222')).to.equal(false);
    await expectAxeClean(m.shadow);
    unmountAll();

    const { token } = await merchant();
    const u = await open(token, '/ad-center/edit-pay-password');
    type(u, 'Current transaction password', '123456');
    type(u, 'New transaction password', '222222');
    type(u, 'New transaction password again', '222222');
    buttonNamed(u, 'Submit')!.click();
    await waitFor(
      () => $(u, '[role="alert"]')?.textContent?.includes('Please set the transaction password first'),
      'unset',
    );
    await expectAxeClean(u.shadow);
    buttonNamed(u, 'Set transaction password')!.click();
    await waitRoute(u, '/wallet/set-password');
    await waitText(u, 'Step 1 of 2');
  });
});
