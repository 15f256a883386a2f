/** Popups in the layer root: scroll locking, stacking, unmounting while open, the touch guard, a tall sheet. */
import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, settle, waitFor, expectAxeClean } from '../../../test/browser/support/render';
import { renderWithOverlays } from '../../../test/browser/support/overlays';
import { Popup, PopupFooter } from './Popup';
import { setup } from './test-support';

describe('Popup: stacking, scroll locking and layout', () => {
  afterEach(cleanup);

  it('locks the scroll container while any popup is open (a counter), then restores it', async () => {
    const { r, open, open2, log, openIt } = setup({}, true);
    const scroller = document.createElement('div');
    scroller.style.overflow = 'auto';
    r.root.appendChild(scroller);
    r.o.setScrollContainer(scroller);
    await openIt();
    expect(scroller.style.overflow).to.equal('hidden');
    r.$('#open2')!.click();
    await waitFor(() => r.$('.second'), 'second popup');
    open.value = false;
    await waitFor(() => log.includes('closed'), 'first closed');
    expect(scroller.style.overflow, 'second still open').to.equal('hidden');
    open2.value = false;
    await waitFor(() => !r.$('.second'), 'second closed');
    expect(scroller.style.overflow).to.equal('auto');
    expect(document.body.style.overflow, 'never the host page').to.equal('');
  });

  it('stacks later popups above earlier ones, from the z-index base, and Escape closes only the top one', async () => {
    const { r, log, active, openIt } = setup({}, true);
    await openIt();
    const z1 = Number(r.$('.first')!.parentElement!.style.zIndex);
    expect(z1).to.equal(2000);
    r.$('#open2')!.focus();
    r.$('#open2')!.click();
    await waitFor(() => r.$('.second'), 'second popup');
    const z2 = Number(r.$('.second')!.parentElement!.style.zIndex);
    expect(z2).to.be.greaterThan(z1);
    expect(active()!.id).to.not.equal('open2');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !r.$('.second'), 'second closed');
    expect(log).to.not.include('close');
    expect(active()!.id, 'focus back in the first popup').to.equal('open2');
    await expectAxeClean(r.shadow);
  });

  it('uses the instance zIndexBase', async () => {
    const open = signal(true);
    function Screen() {
      useSignals();
      return (
        <Popup open={open.value} ariaLabel="x">
          x
        </Popup>
      );
    }
    const r = renderWithOverlays(() => <Screen />, { zIndexBase: 9000 });
    await settle();
    expect(r.$('.ma-popup-layer')!.style.zIndex).to.equal('9000');
  });

  it('unmounting while open releases the lock and removes the layer', async () => {
    const show = signal(true);
    function Screen() {
      useSignals();
      return show.value ? (
        <Popup open ariaLabel="x">
          <button type="button">x</button>
        </Popup>
      ) : null;
    }
    const r = renderWithOverlays(() => <Screen />);
    const scroller = document.createElement('div');
    r.o.setScrollContainer(scroller);
    await settle();
    expect(r.$('.ma-popup')).to.not.equal(null);
    expect(scroller.style.overflow).to.equal('hidden');
    show.value = false;
    await settle();
    expect(r.$('.ma-popup-layer')).to.equal(null);
    expect(r.$('.ma-layers__portal')!.childElementCount).to.equal(0);
    expect(scroller.style.overflow).to.equal('');
  });

  it('blocks touchmove except where the content can still scroll', async () => {
    const { r, openIt } = setup({ position: 'bottom', height: '200px' });
    await openIt();
    const content = r.$('.ma-popup')!;
    const list = document.createElement('div');
    list.style.cssText = 'height:60px;overflow-y:auto';
    list.innerHTML = '<div style="height:300px">long</div>';
    content.appendChild(list);
    const touch = (target: Element, type: string, y: number) => {
      const t = new Touch({ identifier: 1, target, clientX: 10, clientY: y });
      const e = new TouchEvent(type, {
        touches: type === 'touchend' ? [] : [t],
        changedTouches: [t],
        bubbles: true,
        cancelable: true,
        composed: true,
      });
      target.dispatchEvent(e);
      return e.defaultPrevented;
    };
    const drag = (target: Element, dy: number) => {
      touch(target, 'touchstart', 300);
      return touch(target, 'touchmove', 300 + dy);
    };
    expect(drag(r.$('.ma-overlay')!, -20), 'overlay').to.equal(true);
    expect(drag(r.$('#a')!, -20), 'non-scrolling content').to.equal(true);
    const inner = list.firstElementChild!;
    expect(drag(inner, 20), 'pulling down at the top').to.equal(true);
    expect(drag(inner, -20), 'scrolling down from the top').to.equal(false);
    list.scrollTop = 1000;
    expect(drag(inner, -20), 'pushing up at the bottom').to.equal(true);
    expect(drag(inner, 20), 'scrolling back up').to.equal(false);
  });

  it("a sheet taller than its room: the title, close and the footer's actions stay in place, only the middle scrolls", async () => {
    const r = renderWithOverlays(() => (
      <Popup open position="bottom" height="300px" title="Sheet" closeable>
        <p id="first">First</p>
        <div style={{ height: '900px', flex: 'none' }} />
        <PopupFooter>
          <button type="button" id="ok">
            OK
          </button>
        </PopupFooter>
      </Popup>
    ));
    const ok = await waitFor(() => r.$('.ma-popup__footer #ok'), 'the action in the footer');
    await settle(250);
    const sheet = r.$('.ma-popup')!;
    const middle = r.$('.ma-popup__body')!;
    const boxes = () =>
      ['.ma-popup__title', '.ma-popup__close', '#ok'].map((sel) => r.$(sel)!.getBoundingClientRect().top);
    const before = boxes();
    expect(middle.scrollHeight, 'the middle overflows').to.be.greaterThan(middle.clientHeight);
    expect(sheet.scrollHeight, 'the sheet itself does not').to.equal(sheet.clientHeight);
    const firstTop = r.$('#first')!.getBoundingClientRect().top;
    middle.scrollTop = middle.scrollHeight;
    await settle();
    expect(r.$('#first')!.getBoundingClientRect().top, 'the middle scrolled').to.be.below(firstTop - 500);
    expect(boxes(), 'title, close and action where they were').to.deep.equal(before);
    const s = sheet.getBoundingClientRect();
    const o = ok.getBoundingClientRect();
    expect(o.bottom <= s.bottom && o.top >= s.bottom - 80, "the action at the sheet's bottom").to.equal(true);
  });

  it('renders inline without an OverlayHost', async () => {
    const r = renderWithOverlays(() => null);
    r.o.layerRoot.value = null;
    r.rerender(
      <Popup open ariaLabel="inline">
        <span>hi</span>
      </Popup>,
    );
    await settle();
    expect(r.$('.ma-popup')!.textContent).to.equal('hi');
  });
});
