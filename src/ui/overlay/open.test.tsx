import { expect } from 'chai';
import { useState } from 'react';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, waitFor, expectAxeClean } from '../../../test/browser/support/render';
import { renderWithOverlays, animationsDone } from '../../../test/browser/support/overlays';
import { deepActiveElement } from './focus';

function setup() {
  const r = renderWithOverlays(() => (
    <button type="button" id="trigger">
      Trigger
    </button>
  ));
  r.$('#trigger')!.focus();
  const dialog = () => r.$('[role="dialog"]');
  const shown = async () => {
    await waitFor(() => dialog() && dialog()!.contains(deepActiveElement(r.shadow)), 'dialog focused');
    await animationsDone(r.shadow);
  };
  const gone = () => waitFor(() => !dialog(), 'dialog removed');
  return { r, o: r.o, dialog, shown, gone, active: () => deepActiveElement(r.shadow) };
}

/** A small custom form: pick a colour or cancel. */
const picker = (close: (v?: string) => void) => (
  <div>
    <p>Pick a colour</p>
    <button type="button" data-ma-autofocus="" onClick={() => close('red')}>
      Red
    </button>
    <button type="button" onClick={() => close('blue')}>
      Blue
    </button>
    <button type="button" onClick={() => close()}>
      Cancel
    </button>
  </div>
);

describe('overlays.open', () => {
  afterEach(cleanup);

  it('renders the content with focus inside, resolves with close(value) and gives focus back', async () => {
    const { r, o, dialog, shown, gone, active } = setup();
    const p = o.open(picker, { title: 'Colour' });
    await shown();
    expect(dialog()!.getAttribute('aria-modal')).to.equal('true');
    expect(active()!.textContent, 'the autofocus element').to.equal('Red');
    expect(Number(r.$('.ma-popup-layer')!.style.zIndex)).to.be.at.least(2000);
    Array.from(dialog()!.querySelectorAll('button'))
      .find((b) => b.textContent === 'Blue')!
      .click();
    expect(await p).to.equal('blue');
    await gone();
    expect(active()!.id).to.equal('trigger');
  });

  it('Escape resolves undefined and returns focus; Tab stays inside', async () => {
    const { o, dialog, shown, gone, active } = setup();
    const p = o.open(picker, { ariaLabel: 'Colour' });
    await shown();
    for (let i = 0; i < 4; i++) await sendKeys({ press: 'Tab' });
    expect(dialog()!.contains(active()), 'focus trapped').to.equal(true);
    await sendKeys({ press: 'Escape' });
    expect(await p).to.equal(undefined);
    await gone();
    expect(active()!.id).to.equal('trigger');
  });

  it('the first close wins, and destroy() resolves what is still open with undefined', async () => {
    const { r, o, shown } = setup();
    let close!: (v?: number) => void;
    const first = o.open<number>(
      (c) => {
        close = c;
        return <p>One</p>;
      },
      { ariaLabel: 'One' },
    );
    await shown();
    close(1);
    close(2);
    expect(await first).to.equal(1);
    const pending = o.open(picker, { title: 'Colour' });
    r.unmount();
    expect(await pending).to.equal(undefined);
  });

  it('an opened custom dialog is axe clean', async () => {
    const { r, o, shown } = setup();
    void o.open(picker, { title: 'Colour' });
    await shown();
    await expectAxeClean(r.shadow);
  });
});

describe('overlays.open, one layer after another', () => {
  afterEach(cleanup);

  it('a layer opened while the last one is still leaving keeps its state when that one goes', async () => {
    const { r, o, shown } = setup();
    let close!: (v?: number) => void;
    void o.open<number>(
      (c) => {
        close = c;
        return <p>One</p>;
      },
      { ariaLabel: 'One' },
    );
    await shown();
    close(1);
    // The second opens at once, during the first one's leave transition.
    const Counter = () => {
      const [n, setN] = useState(0);
      return <button type="button" id="count" onClick={() => setN(n + 1)}>{`Count ${n}`}</button>;
    };
    void o.open(() => <Counter />, { ariaLabel: 'Two' });
    const count = await waitFor(() => r.$('#count'), 'the second layer');
    count.click();
    await waitFor(() => r.$('#count')?.textContent === 'Count 1', 'counted');
    await waitFor(() => r.$$('[role="dialog"]').length === 1, 'the first layer gone');
    expect(r.$('#count')?.textContent, 'the second layer kept its state').to.equal('Count 1');
  });
});
