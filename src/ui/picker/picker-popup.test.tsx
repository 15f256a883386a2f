/** The picker in its bottom sheet: its size in the widget, focus, and closing by Escape and by OK. */
import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, waitFor, expectAxeClean } from '../../../test/browser/support/render';
import { renderWithOverlays, animationsDone } from '../../../test/browser/support/overlays';
import { deepActiveElement } from '../overlay/focus';
import { PickerPopup } from './PickerPopup';
import { LANGS } from './test-support';

describe('PickerPopup', () => {
  afterEach(cleanup);

  it('is a bottom sheet half the widget high, its wheel filling it with the band in the middle, labelled by the title, focused on the listbox; Escape cancels, OK confirms', async () => {
    const open = signal(false);
    const log: string[] = [];
    function Screen() {
      useSignals();
      return (
        <>
          <button type="button" id="lang" onClick={() => (open.value = true)}>
            Language
          </button>
          <PickerPopup
            open={open.value}
            title="Choose language"
            columns={LANGS}
            value="fr"
            onConfirm={(v) => {
              log.push(`ok:${v}`);
              open.value = false;
            }}
            onCancel={() => {
              log.push('cancel');
              open.value = false;
            }}
          />
        </>
      );
    }
    const r = renderWithOverlays(() => <Screen />);
    const trigger = r.$('#lang')!;
    trigger.focus();
    trigger.click();
    await waitFor(() => deepActiveElement(r.shadow)?.getAttribute('role') === 'listbox', 'listbox focused');
    await animationsDone(r.shadow);
    const sheet = r.$('.ma-popup')!;
    expect(sheet.classList.contains('ma-popup--bottom')).to.equal(true);
    // Half of the 667 px widget; the wheel fills what the toolbar leaves, with the chosen option in the
    // middle of it (44 px options).
    expect(
      Math.abs(sheet.getBoundingClientRect().height - 667 / 2),
      `sheet ${sheet.getBoundingClientRect().height}`,
    ).to.be.below(1);
    expect(sheet.querySelector<HTMLElement>('.ma-picker')!.offsetHeight).to.equal(sheet.clientHeight);
    const column = sheet.querySelector<HTMLElement>('[role="listbox"]')!.getBoundingClientRect();
    expect(Math.round(column.height)).to.equal(Math.round(667 / 2) - 44);
    const chosenOption = sheet.querySelector<HTMLElement>('[aria-selected="true"]')!;
    expect(chosenOption.textContent).to.equal('Français');
    const chosen = chosenOption.getBoundingClientRect();
    expect(
      Math.abs(chosen.top + chosen.height / 2 - (column.top + column.height / 2)),
      'the chosen option is in the middle',
    ).to.be.below(1);
    expect(r.shadow.getElementById(sheet.getAttribute('aria-labelledby')!)!.textContent).to.equal('Choose language');
    await expectAxeClean(r.shadow);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    expect(log).to.deep.equal(['ok:kor']);
    await waitFor(() => !r.$('.ma-popup'), 'closed');
    expect(deepActiveElement(r.shadow)!.id).to.equal('lang');
    trigger.click();
    await waitFor(() => deepActiveElement(r.shadow)?.getAttribute('role') === 'listbox', 'reopened');
    await sendKeys({ press: 'Escape' });
    expect(log).to.deep.equal(['ok:kor', 'cancel']);
  });

  it('in a short widget, never less than the toolbar and six 44 px options', async () => {
    const r = renderWithOverlays(() => (
      <PickerPopup open title="Choose language" columns={LANGS} value="en" onConfirm={() => {}} onCancel={() => {}} />
    ));
    r.host.style.height = '480px';
    await waitFor(() => r.$('.ma-popup'), 'sheet');
    await animationsDone(r.shadow);
    const sheet = r.$('.ma-popup')!;
    expect(sheet.getBoundingClientRect().height).to.equal(44 + 6 * 44);
    expect(r.$('[role="listbox"]')!.getBoundingClientRect().height).to.equal(6 * 44);
    // The first option under the band, five below it: none above, and the mask fades the rows away from the band.
    const options = r.$$('[role="option"]').map((o) => o.getBoundingClientRect());
    const column = r.$('[role="listbox"]')!.getBoundingClientRect();
    expect(options[0].top - column.top).to.equal(2.5 * 44);
  });
});
