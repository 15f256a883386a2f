/** Plan follow: the merchant's own follow ID with its copy button, and the operating rules. */
import { expect } from 'chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import {
  $,
  $$,
  apiFault,
  button,
  freshMerchant,
  input,
  mountApp,
  toastText,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { ROUTE, openOperated } from './test-support';

const center = (el: Element): [number, number] => {
  const b = el.getBoundingClientRect();
  return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];
};

describe('plan follow (/ad-center/operated): my follow ID and the operating rules', () => {
  afterEach(unmountAll);

  it('shows my own follow ID with a copy button whose copy is confirmed and really lands on the clipboard', async () => {
    const { m, merchant } = await openOperated();
    await waitText(m, merchant.proxy_id);
    expect($(m, '.ma-operated__my-id')!.textContent).to.equal(merchant.proxy_id);
    // A real click (user activation), as a finger's.
    await sendMouse({ type: 'click', position: center(button(m, 'Copy')) });
    await waitFor(() => toastText(m).includes('Copied'), 'copy confirmed');
    // Paste it into the follow field: what was copied is the ID.
    input(m, 'Follow ID').focus();
    await sendKeys({ press: navigator.platform.includes('Mac') ? 'Meta+V' : 'Control+V' });
    await waitFor(() => input(m, 'Follow ID').value === merchant.proxy_id, 'pasted ID');
  });

  it('my ID and the rules: skeletons while they load, a retry when they fail', async () => {
    const merchant = await freshMerchant();
    await apiFault('/user/info', merchant.token, 'hold');
    await apiFault('/basic_config', merchant.token, 'hold');
    try {
      const m = await mountApp({ token: merchant.token, initialRoute: ROUTE });
      await waitRoute(m, ROUTE);
      await waitFor(
        () => $(m, '.ma-operated__mine .ma-skeleton') && $(m, '.ma-operated__rules .ma-skeleton'),
        'both skeletons',
      );
      expect(() => button(m, 'Copy')).to.throw();
      await apiFault('/user/info', merchant.token, 'fail');
      await apiFault('/basic_config', merchant.token, 'fail');
      await waitText(m, 'Could not load your follow ID.');
      await waitText(m, 'Could not load the operating rules.');
      await expectAxeClean(m.shadow);
      await apiFault('/user/info', merchant.token, null);
      await apiFault('/basic_config', merchant.token, null);
      for (const b of $$(m, '.ma-operated button.ma-link')) b.click();
      await waitFor(() => $(m, '.ma-operated__my-id')?.textContent === merchant.proxy_id, 'my ID after the retry');
      await waitFor(() => $(m, '.ma-operated__rules .ma-rich-text'), 'rules after the retry');
      expect(() => button(m, 'Copy')).to.not.throw();
    } finally {
      await apiFault('/user/info', merchant.token, null);
      await apiFault('/basic_config', merchant.token, null);
    }
  });

  it('shows the operating rules as rich text, and is axe clean', async () => {
    const { m } = await openOperated();
    await waitFor(() => $(m, '.ma-operated__rules .ma-rich-text'), 'rules');
    expect($(m, '.ma-operated__rules .ma-rich-text')!.textContent.trim()).to.not.equal('');
    await expectAxeClean(m.shadow);
  });
});
