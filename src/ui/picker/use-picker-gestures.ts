// The wheel under a finger, a mouse or a mouse wheel: a drag moves it, a flick throws it (Vant's momentum), a lift
// snaps it to an option. Touch has its own events (use-wheel-drag.ts); the pointer handlers are mouse and pen.
import type { PointerEvent, RefObject } from 'react';
import type { TouchLike, createTouch } from '../shared/touch';
import type { PickerProps } from './Picker';
import {
  MOMENTUM_DISTANCE,
  MOMENTUM_TIME,
  SNAP_DURATION,
  TAP_SLOP,
  clamp,
  stepEnabled,
  wheelPixels,
} from './picker-utils';
import { useWheelDrag } from './use-wheel-drag';

/** Where the wheel stands between renders. */
export interface WheelState {
  index: number;
  offset: number;
  moving: boolean;
  timer: ReturnType<typeof setTimeout> | 0;
  emitted: string | undefined;
  /** Mouse-wheel travel not yet a whole option. */
  wheel: number;
  touch: ReturnType<typeof createTouch>;
  drag: { active: boolean; moved: boolean; startOffset: number; startTime: number; momentumOffset: number };
}

export interface PickerGestures {
  state: WheelState;
  optionHeight: number;
  visibleCount: number;
  props: { current: PickerProps };
  wrapper: RefObject<HTMLDivElement | null>;
  listbox: RefObject<HTMLDivElement | null>;
  /** Puts the strip at an offset, over a duration. */
  place: (offset: number, ms: number) => void;
  /** Moves the band to an option, over a duration. */
  animateTo: (index: number, ms: number) => void;
}

export function usePickerGestures({
  state: m,
  optionHeight: h,
  visibleCount,
  props: cb,
  wrapper,
  listbox,
  place,
  animateTo,
}: PickerGestures) {
  const indexByOffset = (offset: number) => clamp(Math.round(-offset / h), 0, cb.current.columns.length - 1);

  /** Where the wheel is right now, mid-transition included. */
  const currentOffset = () => {
    const el = wrapper.current;
    if (!el) return m.offset;
    const tf = getComputedStyle(el).transform;
    return tf && tf !== 'none' ? new DOMMatrixReadOnly(tf).m42 : m.offset;
  };

  const start = (e: TouchLike) => {
    if (m.moving) {
      // A touch during a fling stops the wheel where it is (Vant).
      clearTimeout(m.timer);
      m.moving = false;
      place(currentOffset(), 0);
    }
    m.touch.start(e);
    m.drag = { active: true, moved: false, startOffset: m.offset, startTime: Date.now(), momentumOffset: m.offset };
  };

  const move = (e: TouchLike) => {
    const d = m.drag;
    if (!d.active) return;
    m.touch.move(e);
    const delta = m.touch.deltaY;
    if (Math.abs(delta) > TAP_SLOP) d.moved = true;
    if (!d.moved) return;
    const o = clamp(d.startOffset + delta, -cb.current.columns.length * h, h);
    place(o, 0);
    const now = Date.now();
    if (now - d.startTime > MOMENTUM_TIME) {
      d.startTime = now;
      d.momentumOffset = o;
    }
  };

  const end = () => {
    const d = m.drag;
    if (!d.active) return;
    d.active = false;
    const distance = m.offset - d.momentumOffset;
    const elapsed = Date.now() - d.startTime;
    if (d.moved && elapsed < MOMENTUM_TIME && Math.abs(distance) > MOMENTUM_DISTANCE) {
      const speed = Math.abs(distance / elapsed);
      animateTo(indexByOffset(m.offset + (speed / 0.003) * Math.sign(distance)), cb.current.swipeDuration ?? 1000);
    } else if (d.moved || m.offset % h !== 0) {
      animateTo(indexByOffset(m.offset), SNAP_DURATION);
    }
  };

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const px = wheelPixels(e, h, visibleCount);
    if (!px) return;
    const dir = px > 0 ? 1 : -1;
    if (Math.sign(m.wheel) === -dir) m.wheel = 0;
    // One mouse notch (~100 px) is one option; small trackpad deltas add up to one option per option height.
    m.wheel += dir * Math.min(Math.abs(px), h);
    while (Math.abs(m.wheel) >= h) {
      m.wheel -= dir * h;
      const next = stepEnabled(cb.current.columns, m.index, dir);
      if (next !== m.index) animateTo(next, SNAP_DURATION);
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // Touch has its own events (with momentum tracking identical to Vant's); this is mouse and pen.
    if (e.pointerType === 'touch' || e.button !== 0) return;
    listbox.current?.focus({ preventScroll: true });
    start(e);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'touch' || !m.drag.active) return;
    move(e);
    // Captured only once it is a drag: capturing on pointerdown would retarget a plain click away from the option.
    const el = e.currentTarget;
    if (m.drag.moved && !el.hasPointerCapture?.(e.pointerId)) el.setPointerCapture?.(e.pointerId);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType !== 'touch') end();
  };

  useWheelDrag(listbox, { start, move, end, onWheel });
  return { onPointerDown, onPointerMove, onPointerUp };
}
