/** The picker's wheel moved by hand: touch drags and flicks with momentum, a real mouse, and the mouse wheel. */
import { expect } from 'chai';
import { sendMouse, resetMouse } from '@web/test-runner-commands';
import { cleanup, settle, waitFor } from '../../../test/browser/support/render';
import { shiftableNow } from '../../../test/browser/support/timers';
import { LANGS, setup } from './test-support';

describe('Picker gestures', () => {
  afterEach(cleanup);

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
});
