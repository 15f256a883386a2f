import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type TransitionEvent } from 'react';
import { useT } from '../../i18n/context';
import { bem, cx } from '../shared/bem';
import { prefersReducedMotion } from '../shared/motion';
import { createTouch, type TouchLike } from '../shared/touch';
import { useLatest } from '../shared/use-latest';
import { useWheelDrag } from './use-wheel-drag';
import css from './picker.css';
import { addStyles } from '../styles';

addStyles(css, 11);

const b = bem('ma-picker');

export interface PickerOption {
  label: string;
  value: string;
  disabled?: boolean;
}

export interface PickerProps {
  /** The options of the one column. */
  columns: PickerOption[];
  value?: string;
  /** The option under the band changed (after it has settled). */
  onChange?: (value: string) => void;
  onConfirm: (value: string) => void;
  onCancel: () => void;
  title?: string;
  /** Names the listbox when there is no title. */
  ariaLabel?: string;
  /** Id for the title element, so a surrounding Popup can be labelled by it. */
  titleId?: string;
  optionHeight?: number;
  visibleCount?: number;
  confirmText?: string;
  cancelText?: string;
  /** Length of the momentum animation after a flick, ms. */
  swipeDuration?: number;
  /**
   * The wheel takes the height its container gives it (a sheet of a set height) rather than `visibleCount`
   * options' worth, never less: more options show, faded, and the band stays in the middle.
   */
  fill?: boolean;
  className?: string;
}

// Vant's numbers: a lift within 300 ms of a > 15 px move flings; snapping takes 200 ms.
const MOMENTUM_TIME = 300;
const MOMENTUM_DISTANCE = 15;
const SNAP_DURATION = 200;
// Finger travel under this is a tap, which the option's click handles.
const TAP_SLOP = 5;

const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);

/** The first enabled index from `i` going `dir`, else going the other way; -1 when every option is disabled. */
function nearestEnabled(columns: PickerOption[], i: number, dir: 1 | -1): number {
  const n = columns.length;
  if (!n) return -1;
  const start = clamp(i, 0, n - 1);
  for (let j = start; j >= 0 && j < n; j += dir) if (!columns[j].disabled) return j;
  for (let j = start - dir; j >= 0 && j < n; j -= dir) if (!columns[j].disabled) return j;
  return -1;
}

/** The next enabled index strictly past `i` going `dir`, or `i` itself at the end. */
function stepEnabled(columns: PickerOption[], i: number, dir: 1 | -1): number {
  for (let j = i + dir; j >= 0 && j < columns.length; j += dir) if (!columns[j].disabled) return j;
  return i;
}

function indexOfValue(columns: PickerOption[], value: string | undefined): number {
  const i = value === undefined ? -1 : columns.findIndex((c) => c.value === value);
  return Math.max(0, nearestEnabled(columns, Math.max(i, 0), 1));
}

/**
 * A one-column wheel picker (Vant's behaviour) exposed as an ARIA listbox: the listbox keeps focus and
 * points at the option under the band with aria-activedescendant.
 */
export function Picker(props: PickerProps) {
  const { columns, title, optionHeight: h = 44, visibleCount = 6, fill, className } = props;
  const t = useT();
  const ownId = useId();
  const titleId = props.titleId ?? `${ownId}-title`;
  const optionId = (i: number) => `${ownId}-option-${i}`;
  const cb = useLatest(props);

  const [index, setIndex] = useState(() => indexOfValue(columns, props.value));
  const [offset, setOffset] = useState(() => -index * h);
  const [duration, setDuration] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const listbox = useRef<HTMLDivElement>(null);
  const m = useRef({
    index,
    offset: -index * h,
    moving: false,
    // Node's timer type in the tests' program, a number in the browser's.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    timer: 0 as ReturnType<typeof setTimeout> | 0,
    emitted: columns[index]?.value,
    wheel: 0,
    touch: createTouch(),
    drag: { active: false, moved: false, startOffset: 0, startTime: 0, momentumOffset: 0 },
  }).current;
  // The wrapper's top sits half an option above the column's middle (CSS), so offset 0 puts the first option under
  // the band, whatever height the column has.
  const bandTop = `calc(50% - ${h / 2}px)`;

  const place = (o: number, d: number) => {
    m.offset = o;
    setOffset(o);
    setDuration(d);
  };

  const settle = () => {
    clearTimeout(m.timer);
    m.moving = false;
    setDuration(0);
    const v = cb.current.columns[m.index]?.value;
    if (v !== undefined && v !== m.emitted) {
      m.emitted = v;
      cb.current.onChange?.(v);
    }
  };

  const animateTo = (i: number, ms: number) => {
    const cols = cb.current.columns;
    const target = nearestEnabled(cols, i, 1);
    if (target < 0) return;
    m.index = target;
    setIndex(target);
    const o = -target * h;
    const d = prefersReducedMotion() ? 0 : ms;
    clearTimeout(m.timer);
    if (!d || o === m.offset) {
      place(o, 0);
      settle();
      return;
    }
    m.moving = true;
    place(o, d);
    // transitionend is the normal end; the timer covers a transition the browser skipped.
    m.timer = setTimeout(settle, d + 50);
  };

  const indexByOffset = (o: number) => clamp(Math.round(-o / h), 0, cb.current.columns.length - 1);

  /** Where the wheel is right now, mid-transition included. */
  const currentOffset = () => {
    const el = wrapper.current;
    if (!el) return m.offset;
    const tf = getComputedStyle(el).transform;
    return tf && tf !== 'none' ? new DOMMatrixReadOnly(tf).m42 : m.offset;
  };

  // Follow the value prop when the parent changes it (no onChange for that). Keyed on the options' content,
  // not the array: a parent re-creating the same list on every render must not snap the wheel back.
  const columnsKey = columns.map((c) => `${c.disabled ? '!' : ''}${c.value}`).join('\n');
  useEffect(() => {
    const i = indexOfValue(columns, props.value);
    m.emitted = columns[i]?.value;
    if (i !== m.index && !m.moving && !m.drag.active) {
      m.index = i;
      setIndex(i);
      place(-i * h, 0);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the options' content, not the array (above)
  }, [props.value, columnsKey, h]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- the timer pending at unmount is the one to clear
  useEffect(() => () => clearTimeout(m.timer), []);

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

  const confirm = () => {
    const cols = cb.current.columns;
    if (m.moving) {
      // Stop the momentum: the wheel jumps to where it was heading, and that option is the answer.
      place(-m.index * h, 0);
      settle();
    }
    const opt = cols[m.index];
    if (opt && !opt.disabled) cb.current.onConfirm(opt.value);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const cols = cb.current.columns;
    const i = m.index;
    let next: number;
    switch (e.key) {
      case 'ArrowDown':
        next = stepEnabled(cols, i, 1);
        break;
      case 'ArrowUp':
        next = stepEnabled(cols, i, -1);
        break;
      case 'Home':
        next = nearestEnabled(cols, 0, 1);
        break;
      case 'End':
        next = nearestEnabled(cols, cols.length - 1, -1);
        break;
      case 'PageDown':
        next = nearestEnabled(cols, Math.min(cols.length - 1, i + visibleCount - 1), 1);
        break;
      case 'PageUp':
        next = nearestEnabled(cols, Math.max(0, i - (visibleCount - 1)), -1);
        break;
      case 'Enter':
        e.preventDefault();
        confirm();
        return;
      default:
        return;
    }
    e.preventDefault();
    if (next >= 0 && next !== i) animateTo(next, SNAP_DURATION);
  };

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const px = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaMode === 2 ? e.deltaY * h * visibleCount : e.deltaY;
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

  const onTap = (i: number) => {
    if (m.drag.moved || columns[i]?.disabled) return;
    animateTo(i, SNAP_DURATION);
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

  const selected = columns[index];
  return (
    <div className={cx(b({ fill }), className)}>
      <div className="ma-picker__toolbar">
        <button type="button" className="ma-picker__button ma-picker__cancel" onClick={() => cb.current.onCancel()}>
          {props.cancelText ?? t('ui.picker.cancel')}
        </button>
        {title ? (
          <div className="ma-picker__title" id={titleId}>
            {title}
          </div>
        ) : (
          <span className="ma-picker__title" />
        )}
        <button type="button" className="ma-picker__button ma-picker__confirm" onClick={confirm}>
          {props.confirmText ?? t('ui.picker.confirm')}
        </button>
      </div>
      <div
        ref={listbox}
        className="ma-picker__column"
        role="listbox"
        tabIndex={0}
        data-ma-autofocus=""
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : props.ariaLabel}
        aria-activedescendant={selected ? optionId(index) : undefined}
        style={fill ? { minHeight: `${h * visibleCount}px` } : { height: `${h * visibleCount}px` }}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div
          ref={wrapper}
          className="ma-picker__wrapper"
          style={{ top: bandTop, transform: `translate3d(0, ${offset}px, 0)`, transitionDuration: `${duration}ms` }}
          onTransitionEnd={(e: TransitionEvent<HTMLDivElement>) => {
            if (e.target === e.currentTarget && m.moving) settle();
          }}
        >
          {columns.map((c, i) => (
            <div
              key={c.value}
              id={optionId(i)}
              role="option"
              aria-selected={i === index}
              aria-disabled={c.disabled || undefined}
              className={b('option', { selected: i === index, disabled: c.disabled })}
              style={{ height: `${h}px` }}
              onClick={() => onTap(i)}
            >
              <span className="ma-picker__text">{c.label}</span>
            </div>
          ))}
        </div>
        <div className="ma-picker__mask" aria-hidden="true" style={{ backgroundSize: `100% ${bandTop}` }} />
        <div className="ma-picker__frame" aria-hidden="true" style={{ height: `${h}px` }} />
      </div>
    </div>
  );
}
