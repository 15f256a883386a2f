// A popup's touch guard: a finger moving over the layer must not scroll the host page behind it.
import { useEffect, type RefObject } from 'react';
import { createTouch } from '../shared/touch';

function isScrollable(el: HTMLElement): boolean {
  const { overflowY } = getComputedStyle(el);
  return (overflowY === 'auto' || overflowY === 'scroll') && el.scrollHeight > el.clientHeight;
}

/** While `active`, blocks touchmove on `layer` (Vant's rule) except where `content` itself can still scroll. */
export function useTouchScrollGuard(
  layerRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  active: boolean,
): void {
  // Vant's rule: block touchmove (the host page would scroll) except where the content itself can still scroll.
  useEffect(() => {
    const layer = layerRef.current;
    const content = contentRef.current;
    if (!active || !layer || !content) return;
    const touch = createTouch();
    const onStart = (e: TouchEvent) => touch.start(e);
    const onMove = (e: TouchEvent) => {
      if (!e.cancelable) return;
      touch.move(e);
      const dy = touch.deltaY;
      if (Math.abs(touch.deltaX) > Math.abs(dy)) return;
      let el = e.target instanceof HTMLElement ? e.target : null;
      while (el && el !== content && !isScrollable(el)) el = el.parentElement;
      if (!el || (el === content && !isScrollable(content)) || !content.contains(el)) {
        e.preventDefault();
        return;
      }
      const atTop = el.scrollTop <= 0;
      const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      if ((atTop && dy > 0) || (atBottom && dy < 0)) e.preventDefault();
    };
    layer.addEventListener('touchstart', onStart, { passive: true });
    layer.addEventListener('touchmove', onMove, { passive: false });
    return () => {
      layer.removeEventListener('touchstart', onStart);
      layer.removeEventListener('touchmove', onMove);
    };
  }, [active, layerRef, contentRef]);
}
