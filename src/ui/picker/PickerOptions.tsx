// The wheel itself: the options on their moving strip, the fading mask and the band's frame.
import type { RefObject, TransitionEvent } from 'react';
import { bem } from '../shared/bem';
import type { PickerOption } from './picker-utils';

const b = bem('ma-picker');

export interface PickerOptionsProps {
  wrapperRef: RefObject<HTMLDivElement | null>;
  columns: PickerOption[];
  /** The option under the band. */
  index: number;
  /** The strip's offset and how long it takes to get there, in px and ms. */
  offset: number;
  duration: number;
  optionHeight: number;
  optionId: (i: number) => string;
  onTap: (i: number) => void;
  /** The strip's own transition ended. */
  onSettled: () => void;
}

export function PickerOptions(props: PickerOptionsProps) {
  const { columns, index, optionHeight: h } = props;
  // The strip's top sits half an option above the column's middle (CSS), so offset 0 puts the first option under
  // the band, whatever height the column has.
  const bandTop = `calc(50% - ${h / 2}px)`;
  return (
    <>
      <div
        ref={props.wrapperRef}
        className="ma-picker__wrapper"
        style={{
          top: bandTop,
          transform: `translate3d(0, ${props.offset}px, 0)`,
          transitionDuration: `${props.duration}ms`,
        }}
        onTransitionEnd={(e: TransitionEvent<HTMLDivElement>) => {
          if (e.target === e.currentTarget) props.onSettled();
        }}
      >
        {columns.map((c, i) => (
          <div
            key={c.value}
            id={props.optionId(i)}
            role="option"
            aria-selected={i === index}
            aria-disabled={c.disabled || undefined}
            className={b('option', { selected: i === index, disabled: c.disabled })}
            style={{ height: `${h}px` }}
            onClick={() => props.onTap(i)}
          >
            <span className="ma-picker__text">{c.label}</span>
          </div>
        ))}
      </div>
      <div className="ma-picker__mask" aria-hidden="true" style={{ backgroundSize: `100% ${bandTop}` }} />
      <div className="ma-picker__frame" aria-hidden="true" style={{ height: `${h}px` }} />
    </>
  );
}
