import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, settle, waitFor, expectAxeClean } from '../../../test/browser/support/render';
import { renderWithOverlays } from '../../../test/browser/support/overlays';
import { deepActiveElement } from '../overlay/focus';
import { Popup, PopupFooter, type PopupProps } from './Popup';

type Extra = Partial<PopupProps>;

/** A trigger button plus a popup whose open state lives in a signal, like an app screen would hold it. */
function setup(extra: Extra = {}, second = false) {
  const open = signal(false);
  const open2 = signal(false);
  const log: string[] = [];
  function Screen() {
    useSignals();
    return (
      <>
        <button type="button" id="trigger" onClick={() => (open.value = true)}>
          Open
        </button>
        <Popup
          open={open.value}
          onClose={() => {
            log.push('close');
            open.value = false;
          }}
          onOpened={() => log.push('opened')}
          onClosed={() => log.push('closed')}
          title="Sheet"
          className="first"
          {...extra}
        >
          <button type="button" id="a">
            A
          </button>
          <button type="button" id="b">
            B
          </button>
          <button type="button" id="open2" onClick={() => (open2.value = true)}>
            Second
          </button>
        </Popup>
        {second && (
          <Popup open={open2.value} onClose={() => (open2.value = false)} ariaLabel="Second" className="second">
            <button type="button" id="c">
              C
            </button>
          </Popup>
        )}
      </>
    );
  }
  const r = renderWithOverlays(() => <Screen />);
  const active = () => deepActiveElement(r.shadow);
  const openIt = async () => {
    const trigger = r.$('#trigger')!;
    trigger.focus();
    trigger.click();
    await waitFor(() => log.includes('opened'), 'popup opened');
  };
  return { r, open, open2, log, active, openIt };
}

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
