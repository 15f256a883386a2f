import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/context';
import { bem, cx } from '../shared/bem';
import { prefersReducedMotion } from '../shared/motion';
import { createTouch } from '../shared/touch';
import { useLatest } from '../shared/use-latest';
import { usePickerGestures, type WheelState } from './use-picker-gestures';
import { PickerToolbar } from './PickerToolbar';
import { PickerOptions } from './PickerOptions';
import { SNAP_DURATION, indexOfValue, keyTarget, nearestEnabled, type PickerOption } from './picker-utils';

export type { PickerOption } from './picker-utils';
import css from './picker.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'picker');

const b = bem('ma-picker');

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
  const m = useRef<WheelState>({
    index,
    offset: -index * h,
    moving: false,
    timer: 0,
    emitted: columns[index]?.value,
    wheel: 0,
    touch: createTouch(),
    drag: { active: false, moved: false, startOffset: 0, startTime: 0, momentumOffset: 0 },
  }).current;

  const place = (to: number, transitionMs: number) => {
    m.offset = to;
    setOffset(to);
    setDuration(transitionMs);
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

  const { onPointerDown, onPointerMove, onPointerUp } = usePickerGestures({
    state: m,
    optionHeight: h,
    visibleCount,
    props: cb,
    wrapper,
    listbox,
    place,
    animateTo,
  });

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
    const next = keyTarget(e.key, cb.current.columns, m.index, visibleCount);
    if (next === null) return;
    e.preventDefault();
    if (next === 'confirm') confirm();
    else if (next >= 0 && next !== m.index) animateTo(next, SNAP_DURATION);
  };

  const onTap = (i: number) => {
    if (m.drag.moved || columns[i]?.disabled) return;
    animateTo(i, SNAP_DURATION);
  };

  const selected = columns[index];
  return (
    <div className={cx(b({ fill }), className)}>
      <PickerToolbar
        title={title}
        titleId={titleId}
        cancelText={props.cancelText ?? t('ui.picker.cancel')}
        confirmText={props.confirmText ?? t('ui.picker.confirm')}
        onCancel={() => cb.current.onCancel()}
        onConfirm={confirm}
      />
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
        <PickerOptions
          wrapperRef={wrapper}
          columns={columns}
          index={index}
          offset={offset}
          duration={duration}
          optionHeight={h}
          optionId={optionId}
          onTap={onTap}
          onSettled={() => m.moving && settle()}
        />
      </div>
    </div>
  );
}
