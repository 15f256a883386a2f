/** The picker's wheel: its size, toolbar and listbox, the keyboard, taps on options, and cancel. */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, settle, waitFor, expectAxeClean } from '../../../test/browser/support/render';
import { captureTimeouts } from '../../../test/browser/support/timers';
import { setup } from './test-support';

describe('Picker', () => {
  afterEach(cleanup);

  it('is a 6 × 44 px wheel with a toolbar, and a listbox labelled by its title', async () => {
    const { r, listbox, options, selected, underBand } = setup();
    await settle();
    expect(listbox().getBoundingClientRect().height).to.equal(264);
    expect(options()[0].getBoundingClientRect().height).to.equal(44);
    expect(r.shadow.getElementById(listbox().getAttribute('aria-labelledby')!)!.textContent).to.equal('Language');
    expect(r.$('.ma-picker__cancel')!.textContent).to.equal('Cancel');
    expect(r.$('.ma-picker__confirm')!.textContent).to.equal('OK');
    expect(selected()).to.equal('Deutsch');
    expect(underBand()).to.equal('Deutsch');
    expect(r.shadow.getElementById(listbox().getAttribute('aria-activedescendant')!)!.textContent).to.equal('Deutsch');
    expect(options()[3].getAttribute('aria-disabled')).to.equal('true');
    await expectAxeClean(r.shadow);
  });

  it('moves with ArrowUp/ArrowDown/Home/End/PageUp/PageDown, skipping disabled options; Enter confirms', async () => {
    const { listbox, selected, changes, confirms, underBand } = setup();
    listbox().focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(selected()).to.equal('Français');
    await sendKeys({ press: 'ArrowDown' });
    expect(selected(), 'skips the disabled 日本語').to.equal('한국어');
    await sendKeys({ press: 'ArrowUp' });
    expect(selected()).to.equal('Français');
    await sendKeys({ press: 'End' });
    expect(selected()).to.equal('Tiếng Việt');
    await sendKeys({ press: 'PageUp' });
    expect(selected(), 'a page is visibleCount - 1 options').to.equal('한국어');
    await sendKeys({ press: 'Home' });
    expect(selected()).to.equal('English');
    await sendKeys({ press: 'PageDown' });
    expect(selected()).to.equal('Português');
    await waitFor(() => changes.at(-1) === 'pt', 'onChange once settled');
    await waitFor(() => underBand() === 'Português', 'Português under the band');
    await sendKeys({ press: 'Enter' });
    expect(confirms).to.deep.equal(['pt']);
  });

  it('a tap on an option picks it; a tap on a disabled one does nothing', async () => {
    const { options, selected, changes, underBand, r, confirms } = setup();
    options()[5].click();
    await settle();
    expect(selected()).to.equal('Português');
    await waitFor(() => underBand() === 'Português', 'snapped to the tapped option');
    await waitFor(() => changes.length === 1, 'change after settling');
    expect(changes).to.deep.equal(['pt']);
    const timers = captureTimeouts();
    try {
      options()[3].click();
      // Whatever timers the tap set (a snap would set one) run now, instead of waiting out a snap.
      timers.fire();
      await settle();
    } finally {
      timers.restore();
    }
    expect(selected()).to.equal('Português');
    expect(changes, 'no change for a disabled option').to.deep.equal(['pt']);
    r.$('.ma-picker__confirm')!.click();
    expect(confirms).to.deep.equal(['pt']);
  });

  it('cancel calls onCancel', async () => {
    const { r, cancels } = setup({ cancelText: 'Back' });
    const cancel = r.$('.ma-picker__cancel')!;
    expect(cancel.textContent).to.equal('Back');
    cancel.click();
    expect(cancels()).to.equal(1);
  });
});
