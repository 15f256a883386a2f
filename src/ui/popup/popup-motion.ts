// How a popup comes and goes: its content slides in from its side (or grows at the centre) while the overlay fades.

export type PopupPosition = 'bottom' | 'center' | 'top' | 'left' | 'right';

type Keyframes = Keyframe[];
const SLIDE: Record<PopupPosition, Keyframes> = {
  bottom: [{ transform: 'translate3d(0, 100%, 0)' }, { transform: 'translate3d(0, 0, 0)' }],
  top: [{ transform: 'translate3d(0, -100%, 0)' }, { transform: 'translate3d(0, 0, 0)' }],
  left: [{ transform: 'translate3d(-100%, 0, 0)' }, { transform: 'translate3d(0, 0, 0)' }],
  right: [{ transform: 'translate3d(100%, 0, 0)' }, { transform: 'translate3d(0, 0, 0)' }],
  center: [
    { opacity: 0, transform: 'translate3d(-50%, -50%, 0) scale(0.9)' },
    { opacity: 1, transform: 'translate3d(-50%, -50%, 0) scale(1)' },
  ],
};
const FADE: Keyframes = [{ opacity: 0 }, { opacity: 1 }];

/** Plays a popup's entrance (or, `reverse`, its exit) over `ms`; the animations, to cancel or await. */
export function popupMotion(
  layer: HTMLElement,
  content: HTMLElement,
  position: PopupPosition,
  ms: number,
  reverse: boolean,
): Animation[] {
  const opts: KeyframeAnimationOptions = {
    duration: ms,
    easing: reverse ? 'ease-in' : 'ease-out',
    direction: reverse ? 'reverse' : 'normal',
    fill: reverse ? 'forwards' : 'none',
  };
  return [layer.animate(FADE, opts), content.animate(SLIDE[position], opts)];
}
