/** confirmSheet: what it shows, and true only for its confirm button (false for Cancel, Escape, the overlay). */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, expectAxeClean } from '../../test/browser/support/render';
import { confirmSheet } from './prompts';
import { html } from './test-dom';
import { setup } from './test-prompts';

describe('confirmSheet', () => {
  afterEach(cleanup);

  it('shows the title, message and the two buttons; resolves true only for the confirm button', async () => {
    const { o, t, dialog, shown, gone, button } = setup();
    const p = confirmSheet(o, t, {
      title: 'Redeem coupon',
      message: 'Spend 100 points on this coupon?',
      confirm: 'Redeem',
    });
    await shown();
    expect(dialog()!.textContent).to.contain('Redeem coupon');
    expect(dialog()!.textContent).to.contain('Spend 100 points on this coupon?');
    expect(html(button('Cancel')), 'the default cancel text').to.not.equal(null);
    button('Redeem')!.click();
    expect(await p).to.equal(true);
    await gone();
  });

  it('resolves false for Cancel (and says a custom cancel)', async () => {
    const { o, t, shown, button } = setup();
    const p = confirmSheet(o, t, { title: 'Leave', message: 'Leave the plan?', confirm: 'Leave', cancel: 'Stay' });
    await shown();
    expect(html(button('Cancel'))).to.equal(null);
    button('Stay')!.click();
    expect(await p).to.equal(false);
  });

  it('resolves false for Escape', async () => {
    const { o, t, shown, gone } = setup();
    const p = confirmSheet(o, t, { title: 'Redeem', message: 'Sure?', confirm: 'Redeem' });
    await shown();
    await sendKeys({ press: 'Escape' });
    expect(await p).to.equal(false);
    await gone();
  });

  it('resolves false for a tap on the overlay and when the widget goes away', async () => {
    const { r, o, t, shown, gone } = setup();
    const p = confirmSheet(o, t, { title: 'Redeem', message: 'Sure?', confirm: 'Redeem' });
    await shown();
    r.$('.ma-overlay')!.click();
    expect(await p).to.equal(false);
    await gone();
    const q = confirmSheet(o, t, { title: 'Redeem', message: 'Sure?', confirm: 'Redeem' });
    await shown();
    r.unmount();
    expect(await q).to.equal(false);
  });

  it('an open confirm sheet is axe clean', async () => {
    const { r, o, t, shown } = setup();
    void confirmSheet(o, t, { title: 'Redeem coupon', message: 'Spend 100 points?', confirm: 'Redeem' });
    await shown();
    await expectAxeClean(r.shadow);
  });
});
