/** What a touch tracker reads: a TouchEvent's first touch, or a mouse or pen pointer event itself. */
export type TouchLike = TouchEvent | { clientX: number; clientY: number };

export type TouchDirection = '' | 'horizontal' | 'vertical';

export interface TouchTracker {
  startX: number;
  startY: number;
  /** Movement since start(), px. */
  deltaX: number;
  deltaY: number;
  /** Set once the finger has travelled `lockAfter` px on either axis, then kept for the rest of the gesture. */
  direction: TouchDirection;
  start: (e: TouchLike) => void;
  move: (e: TouchLike) => void;
}

const point = (e: TouchLike) => ('touches' in e ? e.touches[0] : e);

/**
 * Vant's useTouch as a plain object (listeners attached once can hold it): start/move deltas and a direction
 * locked on the first move of `lockAfter` px or more; a tie counts as vertical.
 */
export function createTouch(lockAfter = 5): TouchTracker {
  const t: TouchTracker = {
    startX: 0,
    startY: 0,
    deltaX: 0,
    deltaY: 0,
    direction: '',
    start(e) {
      const p = point(e);
      t.startX = p?.clientX ?? 0;
      t.startY = p?.clientY ?? 0;
      t.deltaX = t.deltaY = 0;
      t.direction = '';
    },
    move(e) {
      const p = point(e);
      t.deltaX = (p?.clientX ?? 0) - t.startX;
      t.deltaY = (p?.clientY ?? 0) - t.startY;
      const x = Math.abs(t.deltaX);
      const y = Math.abs(t.deltaY);
      if (!t.direction && (x >= lockAfter || y >= lockAfter)) t.direction = x > y ? 'horizontal' : 'vertical';
    },
  };
  return t;
}
