import { expect } from 'chai';
import { renderUI, cleanup, expectAxeClean, settle, waitFor } from '../../../test/browser/support/render';
import { PullRefresh, dampPull } from './index';
import css from './pull-refresh.css';
import { captureTimeouts } from '../../../test/browser/support/timers';

function touch(el: Element, type: string, y: number, x = 100): TouchEvent {
  const t = new Touch({ identifier: 1, target: el, clientX: x, clientY: y });
  const ev = new TouchEvent(type, {
    touches: type === 'touchend' ? [] : [t],
    changedTouches: [t],
    bubbles: true,
    cancelable: true,
    composed: true,
  });
  el.dispatchEvent(ev);
  return ev;
}

/** A finger drag from y=100 down by `dy` in steps; returns the last touchmove (to check preventDefault). */
async function pull(el: Element, dy: number, release = true): Promise<TouchEvent> {
  touch(el, 'touchstart', 100);
  let last!: TouchEvent;
  for (let y = 10; y <= dy; y += 10) {
    last = touch(el, 'touchmove', 100 + y);
    await settle();
  }
  if (release) touch(el, 'touchend', 100 + dy);
  await settle();
  return last;
}

const items = Array.from({ length: 40 }, (_, i) => (
  <p key={i} className="row">
    Row {i}
  </p>
));

function setup(onRefresh: () => Promise<void>) {
  const r = renderUI(<PullRefresh onRefresh={onRefresh}>{items}</PullRefresh>, [css]);
  const box = r.$('.ma-pull-refresh')!;
  const track = r.$('.ma-pull-refresh__track')!;
  const head = r.$('.ma-pull-refresh__head')!;
  const status = r.$('[role="status"]')!;
  return { r, box, track, head, status, content: r.$('.row')! };
}

describe('PullRefresh', () => {
  afterEach(cleanup);

  it('damps the pull like Vant', () => {
    expect(dampPull(40, 50)).to.equal(40);
    expect(dampPull(80, 50)).to.equal(65);
    expect(dampPull(140, 50)).to.equal(85);
  });

  it('is its own scroll container', () => {
    const { box, r } = setup(async () => undefined);
    expect(getComputedStyle(box).overflowY).to.equal('auto');
    expect(box.getBoundingClientRect().height).to.equal(r.root.getBoundingClientRect().height);
    expect(box.scrollHeight).to.be.greaterThan(box.clientHeight);
  });

  it('refreshes when pulled past 50 px: loosing → loading → success → normal', async () => {
    let calls = 0;
    let finish!: () => void;
    const { content, head, track, status } = setup(() => {
      calls++;
      return new Promise<void>((ok) => {
        finish = ok;
      });
    });

    const move = await pull(content, 120, false);
    expect(move.defaultPrevented).to.equal(true);
    expect(head.textContent).to.equal('Release to refresh…');
    expect(track.style.transform).to.contain('translate3d(0px, 80px');
    touch(content, 'touchend', 220);
    await settle();
    expect(calls).to.equal(1);
    expect(head.textContent).to.equal('Loading…');
    expect(status.textContent).to.equal('Loading…');
    expect(track.style.transform).to.contain('50px');

    // A second pull while loading does nothing.
    await pull(content, 120);
    expect(calls).to.equal(1);

    // The success text stays for successDuration (500 ms): its timer is held and run by the test, rather than timed
    // by polling, which on a loaded machine sees the text late and measures too short a stay.
    const timers = captureTimeouts({ hold: [500] });
    try {
      finish();
      await waitFor(() => head.textContent === 'Refreshed', 'success text');
      expect(status.textContent).to.equal('Refreshed');
      expect(timers.pending(500), 'one timer of successDuration').to.equal(1);
      await settle();
      expect(track.style.transform, 'still open until it runs').to.contain('50px');
      timers.fire(500);
    } finally {
      timers.restore();
    }
    await waitFor(() => track.style.transform === '', 'head closed', 2000);
    expect(head.textContent).to.equal('');
  });

  it('shows "Pull to refresh" under the threshold and does not refresh', async () => {
    let calls = 0;
    const { content, head, track } = setup(async () => {
      calls++;
    });
    await pull(content, 40, false);
    expect(head.textContent).to.equal('Pull to refresh…');
    expect(track.style.transform).to.contain('40px');
    touch(content, 'touchend', 140);
    await settle();
    expect(calls).to.equal(0);
    expect(track.style.transform).to.equal('');
  });

  it('does not pull when the content is scrolled down', async () => {
    let calls = 0;
    const { box, content, track } = setup(async () => {
      calls++;
    });
    box.scrollTop = 200;
    await settle();
    const move = await pull(content, 150);
    expect(move.defaultPrevented).to.equal(false);
    expect(track.style.transform).to.equal('');
    expect(calls).to.equal(0);
  });

  it('ignores upward and sideways drags and the disabled state', async () => {
    let calls = 0;
    const { r, content, track } = setup(async () => {
      calls++;
    });
    touch(content, 'touchstart', 300);
    const up = touch(content, 'touchmove', 200);
    touch(content, 'touchend', 200);
    expect(up.defaultPrevented).to.equal(false);
    touch(content, 'touchstart', 100, 100);
    touch(content, 'touchmove', 120, 200);
    touch(content, 'touchmove', 200, 260);
    touch(content, 'touchend', 200, 260);
    await settle();
    expect(track.style.transform).to.equal('');
    r.rerender(
      <PullRefresh
        disabled
        onRefresh={async () => {
          calls++;
        }}
      >
        {items}
      </PullRefresh>,
    );
    await pull(r.$('.row')!, 150);
    expect(calls).to.equal(0);
  });

  it('offers a keyboard refresh button that becomes visible on focus', async () => {
    let calls = 0;
    let finish!: () => void;
    // Held until the test lets it finish, so "Loading…" is read while it is really loading.
    const { r, head, status } = setup(() => {
      calls++;
      return new Promise<void>((ok) => {
        finish = ok;
      });
    });
    const button = r.$('.ma-pull-refresh__a11y') as HTMLButtonElement;
    expect(button.tagName).to.equal('BUTTON');
    expect(button.textContent).to.equal('Refresh');
    expect(button.getBoundingClientRect().width).to.be.at.most(1);
    button.focus();
    expect(button.getBoundingClientRect().width).to.be.greaterThan(20);
    await expectAxeClean(r.shadow);
    button.click();
    await settle();
    expect(calls).to.equal(1);
    expect(head.textContent).to.equal('Loading…');
    expect(status.getAttribute('aria-live')).to.equal('polite');
    finish();
    await waitFor(() => status.textContent === 'Refreshed', 'announced success');
    await expectAxeClean(r.shadow);
  });

  it('closes the head without success when onRefresh rejects', async () => {
    const { content, head, track } = setup(() => Promise.reject(new Error('offline')));
    await pull(content, 120);
    await waitFor(() => track.style.transform === '', 'closed');
    expect(head.textContent).to.equal('');
  });
});
