import { expect } from 'chai';
import { cleanup, settle, waitFor, expectAxeClean } from '../../../test/browser/support/render';
import { renderWithOverlays } from '../../../test/browser/support/overlays';
import { TOAST_DURATION } from './toast-store';
import { captureTimeouts } from '../../../test/browser/support/timers';

function setup() {
  const r = renderWithOverlays(() => (
    <button type="button" id="under" style={{ position: 'absolute', inset: '0' }}>
      under
    </button>
  ));
  const region = () => r.$('[role="status"]')!;
  const toast = () => r.$('.ma-toast');
  return { r, o: r.o, region, toast };
}

describe('Toast', () => {
  afterEach(cleanup);

  it('keeps a polite live region in the DOM even with no toast', async () => {
    const { o, region, toast } = setup();
    await settle();
    expect(region()).to.not.equal(null);
    expect(region().getAttribute('aria-live')).to.equal('polite');
    expect(toast()).to.equal(null);
    o.toast.text('Hi');
    await settle();
    expect(region().textContent).to.equal('Hi');
    o.toast.clear();
    await settle();
    expect(toast()).to.equal(null);
    expect(region(), 'still there after clear').to.not.equal(null);
  });

  it('shows each type, with an icon for success, fail and a spinner for loading', async () => {
    const { r, o, toast } = setup();
    o.toast.text('Plain');
    await settle();
    expect(toast()!.className).to.contain('ma-toast--text');
    expect(toast()!.querySelector('svg, .ma-toast__spinner')).to.equal(null);
    o.toast.success('Saved');
    await settle();
    expect(toast()!.className).to.contain('ma-toast--success');
    expect(toast()!.querySelector('svg.ma-toast__icon')).to.not.equal(null);
    expect(toast()!.textContent).to.equal('Saved');
    o.toast.fail('Nope');
    await settle();
    expect(toast()!.className).to.contain('ma-toast--fail');
    expect(toast()!.querySelector('svg.ma-toast__icon')).to.not.equal(null);
    o.toast.loading();
    await settle();
    expect(toast()!.className).to.contain('ma-toast--loading');
    expect(toast()!.querySelector('.ma-toast__spinner')).to.not.equal(null);
    expect(toast()!.textContent, 'default loading text').to.equal('Loading…');
    expect(r.$$('.ma-toast').length, 'one at a time').to.equal(1);
    // Centred over the widget (once the entrance animation has finished scaling it).
    await Promise.all(
      toast()!
        .getAnimations()
        .map((a) => a.finished),
    );
    const host = r.host.getBoundingClientRect();
    const box = toast()!.getBoundingClientRect();
    expect(Math.abs(box.left + box.width / 2 - (host.left + host.width / 2))).to.be.lessThan(2);
    expect(Math.abs(box.top + box.height / 2 - (host.top + host.height / 2))).to.be.lessThan(2);
    await expectAxeClean(r.shadow);
  });

  it('hides itself after the duration', async () => {
    const { o, toast } = setup();
    o.toast.show({ message: 'Quick', duration: 120 });
    await settle();
    expect(toast()).to.not.equal(null);
    await waitFor(() => !toast(), 'auto-dismiss', 1000);
  });

  it('defaults to 2000 ms', async () => {
    expect(TOAST_DURATION).to.equal(2000);
    const timers = captureTimeouts();
    try {
      const { o, toast } = setup();
      o.toast.text('Default');
      await settle();
      expect(toast(), 'showing').to.not.equal(null);
      expect(timers.pending(TOAST_DURATION), 'one timer, of 2000 ms').to.equal(1);
      timers.fire(TOAST_DURATION);
      await settle();
      expect(toast(), 'gone when it runs').to.equal(null);
    } finally {
      timers.restore();
    }
  });

  it('stays with duration 0 until cleared', async () => {
    const timers = captureTimeouts();
    const { o, toast } = setup();
    try {
      o.toast.loading('Wait', { duration: 0 });
      await settle();
      // Whatever timers have been set since it was shown run now: none of them takes it away.
      timers.fire();
      await settle();
      expect(toast()).to.not.equal(null);
    } finally {
      timers.restore();
    }
    o.toast.clear();
    await settle();
    expect(toast()).to.equal(null);
  });

  it('a new toast replaces the current one, and the old timer does not cut it short', async () => {
    const timers = captureTimeouts();
    const { r, o, toast } = setup();
    try {
      o.toast.text('First', { duration: 100 });
      o.toast.text('Second', { duration: 0 });
      // The first toast's timer, if it is still set, runs now: it must not take the second away.
      timers.fire(100);
      await settle();
    } finally {
      timers.restore();
    }
    expect(r.$$('.ma-toast').length).to.equal(1);
    expect(toast()!.textContent).to.equal('Second');
  });

  it('forbidClick puts a tap-swallowing layer over the widget', async () => {
    const { r, o } = setup();
    let clicks = 0;
    r.$('#under')!.addEventListener('click', () => clicks++);
    const center = () => {
      const b = r.host.getBoundingClientRect();
      return r.shadow.elementFromPoint(b.left + 20, b.top + 20);
    };
    o.toast.text('Free');
    await settle();
    expect(r.$('.ma-toast-blocker')).to.equal(null);
    expect((center() as HTMLElement).id, 'a plain toast lets taps through').to.equal('under');
    o.toast.show({ message: 'Busy', type: 'loading', forbidClick: true, duration: 0 });
    await settle();
    expect(center()!.className).to.equal('ma-toast-blocker');
    (center() as HTMLElement).click();
    expect(clicks).to.equal(0);
    o.toast.clear();
    await settle();
    expect(r.$('.ma-toast-blocker')).to.equal(null);
  });

  it('destroy() clears its timer', async () => {
    const { o, toast } = setup();
    const live = new Set<unknown>();
    const realSet = window.setTimeout;
    const realClear = window.clearTimeout;
    window.setTimeout = ((fn: () => void, ms?: number) => {
      const id = realSet(() => {
        live.delete(id);
        fn();
      }, ms);
      live.add(id);
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      live.delete(id);
      realClear(id);
    }) as typeof window.clearTimeout;
    try {
      o.toast.text('Bye', { duration: 5000 });
      expect(live.size).to.equal(1);
      o.destroy();
      expect(live.size, 'no timer left').to.equal(0);
    } finally {
      window.setTimeout = realSet;
      window.clearTimeout = realClear;
    }
    await settle();
    expect(toast()).to.equal(null);
  });
});
