import { expect } from 'chai';
import { useState } from 'react';
import { cleanup, renderUI, settle } from '../../../test/browser/support/render';
import { bem, cx } from './bem';
import { prefersReducedMotion } from './motion';
import { createTouch } from './touch';
import { useLatest } from './use-latest';

describe('ui/shared', () => {
  afterEach(cleanup);

  it('bem() names blocks, elements and modifiers', () => {
    const b = bem('ma-popup');
    expect(b()).to.equal('ma-popup');
    expect(b('body')).to.equal('ma-popup__body', 'a string is an element');
    expect(b(['success'])).to.equal('ma-popup ma-popup--success');
    expect(b('body', { open: true })).to.equal('ma-popup__body ma-popup__body--open');
    expect(b('body', { open: false, wide: 1 })).to.equal('ma-popup__body ma-popup__body--wide');
    expect(b(['bottom', { round: true }])).to.equal('ma-popup ma-popup--bottom ma-popup--round');
    expect(b({ round: false })).to.equal('ma-popup');
    expect(b('head', 'loading')).to.equal('ma-popup__head ma-popup__head--loading');
    expect(b('head', [false, null, undefined])).to.equal('ma-popup__head');
  });

  it('cx() joins the truthy names', () => {
    expect(cx('a', false, undefined, null, '', 'b')).to.equal('a b');
    expect(cx()).to.equal('');
  });

  it('createTouch() tracks deltas and locks the direction once, on the first move of 5 px', () => {
    const t = createTouch();
    const at = (clientX: number, clientY: number) => ({ clientX, clientY });
    t.start(at(100, 100));
    t.move(at(103, 96));
    expect([t.deltaX, t.deltaY, t.direction]).to.deep.equal([3, -4, '']);
    t.move(at(100, 110));
    expect([t.deltaX, t.deltaY, t.direction]).to.deep.equal([0, 10, 'vertical']);
    t.move(at(200, 110));
    expect(t.direction).to.equal('vertical', 'locked for the rest of the gesture');
    t.start(at(0, 0));
    expect([t.deltaX, t.deltaY, t.direction]).to.deep.equal([0, 0, '']);
    t.move(at(-6, 2));
    expect(t.direction).to.equal('horizontal');
    t.start(at(0, 0));
    t.move(at(5, 5));
    expect(t.direction).to.equal('vertical', 'a tie is vertical');
  });

  it('createTouch() reads the first touch of a TouchEvent', () => {
    const touch = (x: number, y: number) => new Touch({ identifier: 1, target: document.body, clientX: x, clientY: y });
    const t = createTouch();
    t.start(new TouchEvent('touchstart', { touches: [touch(10, 10)] }));
    t.move(new TouchEvent('touchmove', { touches: [touch(10, 40)] }));
    expect([t.deltaX, t.deltaY, t.direction]).to.deep.equal([0, 30, 'vertical']);
  });

  it('prefersReducedMotion() follows the media query', () => {
    expect(prefersReducedMotion()).to.equal(matchMedia('(prefers-reduced-motion: reduce)').matches);
  });

  it('useLatest() holds the value of the latest render', async () => {
    let ref: { current: number } | undefined;
    let bump = () => {};
    function Probe() {
      const [n, setN] = useState(1);
      bump = () => setN((x) => x + 1);
      ref = useLatest(n);
      return <span>{n}</span>;
    }
    const first = renderUI(<Probe />);
    expect(ref!.current).to.equal(1);
    const same = ref;
    bump();
    await settle();
    expect(ref!.current).to.equal(2);
    expect(ref).to.equal(same, 'one ref for the life of the component');
    expect(first.root.textContent).to.equal('2');
  });
});
