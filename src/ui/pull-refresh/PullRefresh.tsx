import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/context';
import { bem, cx } from '../shared/bem';
import { createTouch } from '../shared/touch';
import { useLatest } from '../shared/use-latest';
import css from './pull-refresh.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'pull-refresh');

const b = bem('ma-pull-refresh');

export type PullStatus = 'normal' | 'pulling' | 'loosing' | 'loading' | 'success';

export interface PullRefreshProps {
  onRefresh: () => Promise<void> | void;
  disabled?: boolean;
  /** Height of the status head, and the pull distance (after damping) that arms a refresh. */
  headHeight?: number;
  /** How long "Refreshed" stays before the head closes. */
  successDuration?: number;
  /** Name of the visually hidden refresh button for keyboard and screen-reader users. */
  refreshLabel?: string;
  pullingText?: string;
  loosingText?: string;
  loadingText?: string;
  successText?: string;
  className?: string;
  children?: ReactNode;
}

/** Vant's damping: 1:1 up to the head height, then half, then a quarter past twice the head height. */
export function dampPull(distance: number, head: number): number {
  if (distance > head) {
    distance = distance < head * 2 ? head + (distance - head) / 2 : head * 1.5 + (distance - head * 2) / 4;
  }
  return Math.round(distance);
}

/** A scroll container that refreshes when pulled down from its top. */
export function PullRefresh({
  onRefresh,
  disabled,
  headHeight = 50,
  successDuration = 500,
  refreshLabel,
  pullingText,
  loosingText,
  loadingText,
  successText,
  className,
  children,
}: PullRefreshProps) {
  const t = useT();
  const [status, setStatus] = useState<PullStatus>('normal');
  const [distance, setDistance] = useState(0);
  const [dragging, setDragging] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The touch listeners are attached once; they read the latest props through this ref.
  const live = useLatest({ disabled, headHeight, onRefresh, successDuration });
  // Status is also kept synchronously: touch events can arrive before preact has re-rendered.
  const statusRef = useRef<PullStatus>('normal');
  const show = (s: PullStatus, d: number) => {
    statusRef.current = s;
    setStatus(s);
    setDistance(d);
  };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const alive = useRef(true);
  const idle = () => !live.current.disabled && statusRef.current !== 'loading' && statusRef.current !== 'success';

  const refresh = () => {
    if (!idle()) return;
    show('loading', live.current.headHeight);
    const finish = (ok: boolean) => {
      if (!alive.current) return;
      const close = () => show('normal', 0);
      if (!ok) return close();
      show('success', live.current.headHeight);
      timer.current = setTimeout(close, live.current.successDuration);
    };
    Promise.resolve()
      .then(() => live.current.onRefresh())
      .then(
        () => finish(true),
        () => finish(false),
      );
  };
  const handlers = useLatest({ refresh, show, idle });

  // A layout effect: listening must start with the first paint, not a frame later.
  useLayoutEffect(() => {
    const el = scrollRef.current!;
    const touch = createTouch();
    let tracking = false;
    let pulling = false;

    const start = (e: TouchEvent) => {
      tracking = handlers.current.idle() && el.scrollTop <= 0 && e.touches.length === 1;
      pulling = false;
      if (tracking) touch.start(e);
    };
    const move = (e: TouchEvent) => {
      if (!tracking) return;
      touch.move(e);
      const dy = touch.deltaY;
      // Decide once: a sideways or upward gesture is a scroll, left alone for the rest of the touch.
      if (!pulling) {
        if (!touch.direction) return;
        if (dy <= 0 || touch.direction === 'horizontal' || el.scrollTop > 0) {
          tracking = false;
          return;
        }
        pulling = true;
        setDragging(true);
      }
      if (e.cancelable) e.preventDefault();
      const head = live.current.headHeight;
      const d = dampPull(Math.max(0, dy), head);
      handlers.current.show(d === 0 ? 'normal' : d < head ? 'pulling' : 'loosing', d);
    };
    const end = () => {
      if (!tracking) return;
      tracking = false;
      if (!pulling) return;
      pulling = false;
      setDragging(false);
      if (statusRef.current === 'loosing') {
        statusRef.current = 'normal';
        handlers.current.refresh();
      } else handlers.current.show('normal', 0);
    };
    el.addEventListener('touchstart', start, { passive: true });
    // Not passive: the page must not scroll (or bounce) while the head is being pulled down.
    el.addEventListener('touchmove', move, { passive: false });
    el.addEventListener('touchend', end, { passive: true });
    el.addEventListener('touchcancel', end, { passive: true });
    return () => {
      el.removeEventListener('touchstart', start);
      el.removeEventListener('touchmove', move);
      el.removeEventListener('touchend', end);
      el.removeEventListener('touchcancel', end);
    };
  }, [handlers, live]);

  useEffect(
    () => () => {
      alive.current = false;
      clearTimeout(timer.current);
    },
    [],
  );

  const texts: Record<PullStatus, string> = {
    normal: '',
    pulling: pullingText ?? t('ui.pullRefresh.pulling'),
    loosing: loosingText ?? t('ui.pullRefresh.loosing'),
    loading: loadingText ?? t('ui.pullRefresh.loading'),
    success: successText ?? t('ui.pullRefresh.success'),
  };
  const announce = status === 'loading' || status === 'success' ? texts[status] : '';

  return (
    <div ref={scrollRef} className={cx(b(), className)}>
      <button
        type="button"
        className="ma-pull-refresh__a11y"
        disabled={disabled}
        aria-disabled={status === 'loading' || status === 'success' ? 'true' : undefined}
        onClick={() => refresh()}
      >
        {refreshLabel ?? t('ui.pullRefresh.refresh')}
      </button>
      <div
        className={b('track', { dragging })}
        style={{ transform: distance ? `translate3d(0, ${distance}px, 0)` : '' }}
      >
        <div className={b('head', status)} style={{ height: `${headHeight}px` }} aria-hidden="true">
          {status === 'loading' ? <span className="ma-spinner" /> : null}
          {texts[status]}
        </div>
        {children}
      </div>
      <div className="ma-sr-only" role="status" aria-live="polite">
        {announce}
      </div>
    </div>
  );
}
