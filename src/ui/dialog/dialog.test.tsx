import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, settle, waitFor, expectAxeClean } from '../../../test/browser/support/render';
import { renderWithOverlays, animationsDone } from '../../../test/browser/support/overlays';
import { deepActiveElement } from '../overlay/focus';

function setup() {
  const r = renderWithOverlays(() => (
    <button type="button" id="trigger">
      Trigger
    </button>
  ));
  const trigger = r.$('#trigger')!;
  trigger.focus();
  const dialogs = () => r.$$('[role="alertdialog"]');
  const top = () => dialogs().at(-1)!;
  const shown = async () => {
    await waitFor(
      () => dialogs().length && deepActiveElement(r.shadow)?.classList.contains('ma-dialog__confirm'),
      'dialog focused',
    );
    await animationsDone(r.shadow);
  };
  const gone = () => waitFor(() => !dialogs().length, 'dialog removed');
  return { r, o: r.o, dialogs, top, shown, gone, active: () => deepActiveElement(r.shadow) };
}

describe('Dialog', () => {
  afterEach(cleanup);

  it('confirm resolves true on the confirm button and returns focus', async () => {
    const { r, o, top, shown, gone, active } = setup();
    const p = o.dialog.confirm({ title: 'Log out', message: 'Sure?' });
    await shown();
    expect(top().querySelector('.ma-dialog__confirm')!.textContent).to.equal('OK');
    expect(top().querySelector('.ma-dialog__cancel')!.textContent).to.equal('Cancel');
    r.$('.ma-dialog__confirm')!.click();
    expect(await p).to.equal(true);
    await gone();
    expect(active()!.id).to.equal('trigger');
  });

  it('confirm resolves false on cancel, with custom texts', async () => {
    const { top, o, shown } = setup();
    const p = o.dialog.confirm({ message: 'Sure?', confirmText: 'Yes', cancelText: 'No' });
    await shown();
    const cancel = top().querySelector<HTMLElement>('.ma-dialog__cancel')!;
    expect(cancel.textContent).to.equal('No');
    expect(top().querySelector('.ma-dialog__confirm')!.textContent).to.equal('Yes');
    cancel.click();
    expect(await p).to.equal(false);
  });

  it('is an alertdialog labelled by the title element id and described by the message', async () => {
    const { r, o, top, shown } = setup();
    void o.dialog.confirm({ title: 'Rebind card', message: 'A card is already bound.' });
    await shown();
    const d = top();
    expect(d.getAttribute('aria-modal')).to.equal('true');
    const labelledBy = d.getAttribute('aria-labelledby')!;
    expect(labelledBy).to.not.equal('Rebind card');
    expect(r.shadow.getElementById(labelledBy)!.textContent).to.equal('Rebind card');
    expect(r.shadow.getElementById(d.getAttribute('aria-describedby')!)!.textContent).to.equal(
      'A card is already bound.',
    );
    // offsetWidth: the entrance animation scales the box.
    expect(d.offsetWidth).to.equal(320);
    await expectAxeClean(r.shadow);
  });

  it('Enter confirms and Escape cancels', async () => {
    const { o, shown, gone } = setup();
    const p1 = o.dialog.confirm({ message: 'Enter?' });
    await shown();
    await sendKeys({ press: 'Enter' });
    expect(await p1).to.equal(true);
    await gone();
    const p2 = o.dialog.confirm({ message: 'Escape?' });
    await shown();
    await sendKeys({ press: 'Escape' });
    expect(await p2).to.equal(false);
  });

  it("an IME's Enter (confirming a candidate) does not confirm; a plain Enter does", async () => {
    const { o, top, shown } = setup();
    let settled: boolean | undefined;
    void o.dialog.confirm({ message: 'Enter?' }).then((v) => (settled = v));
    await shown();
    // React's own keyboard event has no isComposing: only the browser's event says an IME is composing.
    const enter = (isComposing: boolean) =>
      top()
        .querySelector('.ma-dialog__confirm')!
        .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing, bubbles: true, cancelable: true }));
    expect(enter(true), 'the IME keeps its Enter').to.equal(true);
    await settle(50);
    expect(settled, 'still open while composing').to.equal(undefined);
    enter(false);
    await waitFor(() => settled === true, 'confirmed by a plain Enter');
  });

  it('Enter on the focused cancel button cancels; Tab stays inside', async () => {
    const { o, shown, active } = setup();
    const p = o.dialog.confirm({ message: 'Which?' });
    await shown();
    await sendKeys({ press: 'Tab' });
    expect(active()!.classList.contains('ma-dialog__cancel'), 'wrapped to the first button').to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(active()!.classList.contains('ma-dialog__confirm')).to.equal(true);
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Enter' });
    expect(await p).to.equal(false);
  });

  it('alert resolves on OK and on Escape', async () => {
    const { top, o, shown, gone } = setup();
    const p1 = o.dialog.alert({ message: 'Done' });
    await shown();
    expect(top().querySelector('.ma-dialog__cancel')).to.equal(null);
    (top().querySelector('.ma-dialog__confirm') as HTMLElement).click();
    expect(await p1).to.equal(undefined);
    await gone();
    const p2 = o.dialog.alert({ message: 'Again' });
    await shown();
    await sendKeys({ press: 'Escape' });
    expect(await p2).to.equal(undefined);
  });

  it('keeps the buttons in view when the message is long', async () => {
    const { r, o, top, shown } = setup();
    void o.dialog.confirm({ title: 'Terms', message: 'Line\n'.repeat(200) });
    await shown();
    const host = r.host.getBoundingClientRect();
    const footer = top().querySelector('.ma-dialog__footer')!.getBoundingClientRect();
    expect(footer.bottom).to.be.at.most(host.bottom);
    expect(top().offsetHeight).to.be.lessThan(host.height);
  });

  it('ignores overlay taps', async () => {
    const { r, o, shown } = setup();
    let settled = false;
    void o.dialog.confirm({ message: 'Stay' }).then(() => (settled = true));
    await shown();
    r.$('.ma-overlay')!.click();
    await settle(50);
    expect(settled).to.equal(false);
    expect(r.$('[role="alertdialog"]')).to.not.equal(null);
  });

  it('shows loading on confirm while an async beforeClose runs, and honours its veto', async () => {
    const { o, top, shown, active } = setup();
    let finish!: (ok: boolean) => void;
    const actions: string[] = [];
    let settled: boolean | undefined;
    void o.dialog
      .confirm({
        message: 'Pay?',
        beforeClose: (a) => {
          actions.push(a);
          return new Promise<boolean>((ok) => (finish = ok));
        },
      })
      .then((v) => (settled = v));
    await shown();
    const confirm = top().querySelector<HTMLElement>('.ma-dialog__confirm')!;
    const cancel = top().querySelector<HTMLElement>('.ma-dialog__cancel')!;
    confirm.click();
    await settle();
    expect(actions).to.deep.equal(['confirm']);
    expect(confirm.getAttribute('aria-busy')).to.equal('true');
    expect(confirm.querySelector('.ma-dialog__spinner')).to.not.equal(null);
    expect(confirm.getAttribute('aria-disabled')).to.equal('true');
    expect(cancel.getAttribute('aria-disabled')).to.equal('true');
    expect(active(), 'focus kept on the busy button').to.equal(confirm);
    cancel.click();
    await sendKeys({ press: 'Escape' });
    expect(actions, 'buttons and keys ignored while loading').to.deep.equal(['confirm']);
    finish(false);
    await settle();
    expect(settled, 'vetoed').to.equal(undefined);
    expect(confirm.getAttribute('aria-busy')).to.equal(null);
    confirm.click();
    await settle();
    finish(true);
    await waitFor(() => settled !== undefined, 'resolved');
    expect(settled).to.equal(true);
  });

  it('stacks dialogs with rising z-index; closeAll resolves them as cancel', async () => {
    const { r, o, dialogs, shown, gone } = setup();
    const p1 = o.dialog.confirm({ message: 'One' });
    await shown();
    const p2 = o.dialog.confirm({ message: 'Two' });
    await waitFor(() => dialogs().length === 2, 'two dialogs');
    const [a, b] = dialogs().map((d) => Number(d.parentElement!.style.zIndex));
    expect(b).to.be.greaterThan(a);
    await sendKeys({ press: 'Escape' });
    expect(await p2).to.equal(false);
    await waitFor(() => dialogs().length === 1, 'top one closed');
    expect(r.$('[role="alertdialog"] .ma-dialog__message')!.textContent).to.equal('One');
    o.dialog.closeAll();
    expect(await p1).to.equal(false);
    await gone();
  });

  it('destroy() settles pending dialogs as cancel and removes them at once', async () => {
    const { r, o, shown } = setup();
    const p = o.dialog.confirm({ message: 'Pending' });
    const a = o.dialog.alert({ message: 'Also' });
    await shown();
    o.destroy();
    expect(await p).to.equal(false);
    expect(await a).to.equal(undefined);
    await settle();
    expect(r.$('.ma-popup-layer')).to.equal(null);
  });
});
