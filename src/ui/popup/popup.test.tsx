/** The popup as a modal dialog: its name and place, the ways it closes (and the veto), and focus kept inside. */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, settle, waitFor, expectAxeClean } from '../../../test/browser/support/render';
import { setup } from './test-support';

describe('Popup', () => {
  afterEach(cleanup);

  it('is a modal dialog portalled into the layer root, named by its title, with focus moved in', async () => {
    const { r, active, openIt } = setup({ position: 'bottom', height: '50%', round: true });
    expect(r.$('.ma-popup')).to.equal(null);
    await openIt();
    const dialog = r.$('.ma-popup')!;
    expect(dialog.getAttribute('role')).to.equal('dialog');
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(r.shadow.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).to.equal('Sheet');
    expect(dialog.closest('.ma-layers__portal'), 'portalled into the OverlayHost').to.not.equal(null);
    expect(dialog.contains(active())).to.equal(true);
    // Positioned against the widget (a 375x667 box here), not the viewport: a bottom sheet of half its height.
    const host = r.host.getBoundingClientRect();
    const box = dialog.getBoundingClientRect();
    expect(Math.round(box.bottom)).to.equal(Math.round(host.bottom));
    expect(Math.round(box.height)).to.equal(Math.round(host.height / 2));
    expect(Math.round(box.width)).to.equal(375);
    expect(getComputedStyle(dialog).borderTopLeftRadius).to.not.equal('0px');
    await expectAxeClean(r.shadow);
  });

  it('closes on overlay tap, leaves nothing behind and returns focus to the trigger', async () => {
    const { r, log, active, openIt } = setup();
    await openIt();
    r.$('.ma-overlay')!.click();
    expect(log).to.include('close');
    await waitFor(() => log.includes('closed'), 'closed');
    expect(r.$('.ma-popup-layer')).to.equal(null);
    expect(active()!.id).to.equal('trigger');
  });

  it('calls onClosed once the layer has left the DOM, not while it is still there', async () => {
    const seen: boolean[] = [];
    const { r, log, openIt } = setup({
      onClosed: () => {
        seen.push(r.$('.ma-popup-layer') !== null);
        log.push('closed');
      },
    });
    await openIt();
    r.$('.ma-overlay')!.click();
    await waitFor(() => log.includes('closed'), 'closed');
    expect(seen, 'the layer at onClosed').to.deep.equal([false]);
  });

  it('does not close on overlay tap when closeOnOverlay is false', async () => {
    const { r, log, openIt } = setup({ closeOnOverlay: false });
    await openIt();
    r.$('.ma-overlay')!.click();
    await settle(50);
    expect(log).to.not.include('close');
    expect(r.$('.ma-popup')).to.not.equal(null);
  });

  it('closes with Escape and with the labelled close button', async () => {
    const { r, log, active, openIt } = setup({ closeable: true });
    await openIt();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => log.includes('closed'), 'closed by Escape');
    expect(active()!.id).to.equal('trigger');

    log.length = 0;
    await openIt();
    const close = r.$('.ma-popup__close')!;
    expect(close.tagName).to.equal('BUTTON');
    expect(close.getAttribute('aria-label')).to.equal('Close');
    close.click();
    await waitFor(() => log.includes('closed'), 'closed by the × button');
  });

  it('lets beforeClose veto a close, sync or async', async () => {
    let allow = false;
    const calls: number[] = [];
    const { r, log, openIt } = setup({
      beforeClose: () => {
        calls.push(1);
        return allow ? new Promise<boolean>((ok) => setTimeout(() => ok(true), 30)) : false;
      },
    });
    await openIt();
    r.$('.ma-overlay')!.click();
    await sendKeys({ press: 'Escape' });
    await settle(50);
    expect(calls.length).to.equal(2);
    expect(log).to.not.include('close');
    expect(r.$('.ma-popup')).to.not.equal(null);
    allow = true;
    r.$('.ma-overlay')!.click();
    expect(log, 'waits for the promise').to.not.include('close');
    await waitFor(() => log.includes('closed'), 'closed after async beforeClose');
  });

  it('traps Tab and Shift+Tab inside', async () => {
    const { active, openIt } = setup();
    await openIt();
    await sendKeys({ press: 'Tab' });
    expect(active()!.id).to.equal('a');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(active()!.id).to.equal('open2');
    await sendKeys({ press: 'Tab' });
    expect(active()!.id, 'wraps to the first').to.equal('a');
    await sendKeys({ press: 'Shift+Tab' });
    expect(active()!.id, 'wraps to the last').to.equal('open2');
  });
});
