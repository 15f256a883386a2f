import { useLayoutEffect, type RefObject } from 'react';
import type { TouchLike } from '../shared/touch';
import { useLatest } from '../shared/use-latest';

export interface WheelDrag {
  start: (e: TouchLike) => void;
  move: (e: TouchLike) => void;
  end: () => void;
  onWheel: (e: WheelEvent) => void;
}

/**
 * The picker's touch drag and mouse wheel, listened for on the element itself: React adds its touchmove and wheel
 * listeners as passive, where preventDefault does nothing, so the page would scroll under a wheel being turned.
 * Attached once, they call the latest render's handlers; in a layout effect, so they are there before the wheel is
 * first painted (preact runs a plain effect only after that paint).
 */
export function useWheelDrag(ref: RefObject<HTMLElement | null>, handlers: WheelDrag): void {
  const on = useLatest(handlers);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const listeners: [string, (e: Event) => void, AddEventListenerOptions?][] = [
      ['touchstart', (e) => on.current.start(e as TouchEvent), { passive: true }],
      [
        'touchmove',
        (e) => {
          if (e.cancelable) e.preventDefault();
          on.current.move(e as TouchEvent);
        },
        { passive: false },
      ],
      ['touchend', () => on.current.end()],
      ['touchcancel', () => on.current.end()],
      ['wheel', (e) => on.current.onWheel(e as WheelEvent), { passive: false }],
    ];
    for (const [type, fn, options] of listeners) el.addEventListener(type, fn, options);
    return () => {
      for (const [type, fn] of listeners) el.removeEventListener(type, fn);
    };
  }, [on, ref]);
}
