import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { sendKeys, sendMouse, resetMouse } from '@web/test-runner-commands';
import { cleanup, settle, waitFor, expectAxeClean } from '../../../test/browser/support/render';
import { renderWithOverlays, animationsDone } from '../../../test/browser/support/overlays';
import { captureTimeouts, shiftableNow } from '../../../test/browser/support/timers';
import { deepActiveElement } from '../overlay/focus';
import { Picker, type PickerOption, type PickerProps } from './Picker';
import { PickerPopup } from './PickerPopup';

const LANGS: PickerOption[] = [
  { label: 'English', value: 'en' },
  { label: 'Deutsch', value: 'de' },
  { label: 'Français', value: 'fr' },
  { label: '日本語', value: 'jp', disabled: true },
  { label: '한국어', value: 'kor' },
  { label: 'Português', value: 'pt' },
  { label: 'Русский', value: 'ru' },
  { label: 'Español', value: 'spa' },
  { label: 'ไทย', value: 'th' },
  { label: 'Tiếng Việt', value: 'vi' },
];

function setup(extra: Partial<PickerProps> = {}) {
  const changes: string[] = [];
  const confirms: string[] = [];
  let cancels = 0;
  const r = renderWithOverlays(() => (
    <Picker
      title="Language"
      columns={LANGS}
      value="de"
      onChange={(v) => changes.push(v)}
      onConfirm={(v) => confirms.push(v)}
      onCancel={() => cancels++}
      {...extra}
    />
  ));
  const listbox = () => r.$('[role="listbox"]')!;
  const options = () => r.$$('[role="option"]');
  const selected = () => options().find((o) => o.getAttribute('aria-selected') === 'true')!.textContent;
  /** The option whose centre is in the middle of the band, by layout (not by state). */
  const underBand = () => {
    const band = listbox().getBoundingClientRect();
    const mid = band.top + band.height / 2;
    return options().find((o) => {
      const b = o.getBoundingClientRect();
      return Math.abs(b.top + b.height / 2 - mid) < 1;
    })?.textContent;
  };
  /** Dispatches a touch event on the second option; false when the picker prevented its default (the page's scroll). */
  const touch = (type: string, y: number) => {
    const target = options()[1];
    const t = new Touch({ identifier: 1, target, clientX: 100, clientY: y });
    return target.dispatchEvent(
      new TouchEvent(type, {
        touches: type === 'touchend' ? [] : [t],
        changedTouches: [t],
        bubbles: true,
        cancelable: true,
        composed: true,
      }),
    );
  };
  return { r, changes, confirms, cancels: () => cancels, listbox, options, selected, underBand, touch };
}

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

  it('a slow touch drag snaps to the option under the band, skipping disabled ones', async () => {
    const { touch, selected, underBand, changes } = setup();
    const clock = shiftableNow();
    try {
      const slowDrag = async (dy: number) => {
        touch('touchstart', 400);
        // The page under the wheel must not scroll: a passive listener (React's own) could not prevent it.
        expect(touch('touchmove', 390), 'touchmove prevented').to.equal(false);
        clock.advance(350);
        touch('touchmove', 400 - dy);
        // Held still for over 300 ms (by the picker's clock) before lifting: no momentum, just the snap.
        clock.advance(350);
        touch('touchend', 400 - dy);
        await settle();
      };
      // From Deutsch (index 1) up by 54 px: 1.23 options → Français.
      await slowDrag(54);
      expect(selected()).to.equal('Français');
      await waitFor(() => changes.length === 1, 'settled');
      expect(changes).to.deep.equal(['fr']);
      await waitFor(() => underBand() === 'Français', 'Français under the band');
      // Up by 34 px: 0.77 options → the disabled 日本語 → the next enabled one.
      await slowDrag(34);
      await waitFor(() => changes.length === 2, 'settled again');
      expect(changes.at(-1)).to.equal('kor');
      await waitFor(() => underBand() === '한국어', '한국어 under the band');
    } finally {
      clock.restore();
    }
  });

  it('a quick flick carries on with momentum', async () => {
    const { touch, selected, listbox } = setup();
    touch('touchstart', 400);
    touch('touchmove', 380);
    touch('touchmove', 340);
    touch('touchend', 340);
    await settle();
    // 60 px in a few ms would only be about one option without momentum.
    const i = Number(listbox().getAttribute('aria-activedescendant')!.split('-').at(-1));
    expect(i).to.be.greaterThan(3);
    expect(selected()).to.equal(LANGS[i].label);
  });

  it('confirm during momentum stops the wheel and confirms where it was heading', async () => {
    const { touch, r, confirms, changes, underBand, selected } = setup({ swipeDuration: 2000 });
    touch('touchstart', 400);
    touch('touchmove', 380);
    touch('touchmove', 330);
    touch('touchend', 330);
    await settle();
    const target = selected();
    // Still under way: the wheel has not settled on its target, so it has not announced it.
    expect(changes, 'not settled yet').to.not.include(LANGS.find((l) => l.label === target)!.value);
    r.$('.ma-picker__confirm')!.click();
    expect(confirms).to.deep.equal([LANGS.find((l) => l.label === target)!.value]);
    expect(changes.at(-1)).to.equal(confirms[0]);
    await settle();
    expect(underBand(), 'stopped, not still animating').to.equal(target);
  });

  it('works with a real mouse: click an option, drag the wheel', async () => {
    const { options, selected, underBand, listbox } = setup();
    const clock = shiftableNow();
    try {
      const at = (el: Element, dy = 0): [number, number] => {
        const b = el.getBoundingClientRect();
        return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2 + dy)];
      };
      await sendMouse({ type: 'click', position: at(options()[2]) });
      await settle();
      expect(selected(), 'clicked option').to.equal('Français');
      await waitFor(() => underBand() === 'Français', 'snapped');
      const [x, y] = at(listbox());
      await sendMouse({ type: 'move', position: [x, y] });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [x, y + 20] });
      clock.advance(350);
      await sendMouse({ type: 'move', position: [x, y + 88] });
      // Held still for over 300 ms (by the picker's clock): a drag, not a fling.
      clock.advance(350);
      await sendMouse({ type: 'up' });
      await waitFor(() => underBand() === 'English', 'dragged down by two options');
    } finally {
      clock.restore();
      await resetMouse();
    }
  });

  it('the mouse wheel steps one option per notch', async () => {
    const { listbox, selected } = setup();
    const notch = listbox().dispatchEvent(
      new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true, composed: true }),
    );
    expect(notch, 'the page does not scroll too').to.equal(false);
    // A wheel event is continuous-priority work for React, which may render it a task after a timer: wait for it.
    await waitFor(() => selected() === 'Français', 'one option down');
    listbox().dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true, composed: true }));
    await waitFor(() => selected() === 'Deutsch', 'one option back up');
  });

  it('cancel calls onCancel', async () => {
    const { r, cancels } = setup({ cancelText: 'Back' });
    const cancel = r.$('.ma-picker__cancel')!;
    expect(cancel.textContent).to.equal('Back');
    cancel.click();
    expect(cancels()).to.equal(1);
  });
});

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
