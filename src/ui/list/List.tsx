import { Children, useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../i18n/context';
import { cx } from '../shared/bem';
import { useLatest } from '../shared/use-latest';
import css from './list.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'list');

export interface ListProps {
  /** The caller owns the three states: set loading while a page loads, finished when there are no more pages. */
  loading: boolean;
  finished: boolean;
  /** Shows a "tap to reload" button; tapping it calls onLoad, which should clear the error. */
  error?: boolean;
  onLoad: () => void;
  /** Load when the end of the list is this many px below the visible area. */
  offset?: number;
  loadingText?: string;
  finishedText?: string;
  errorText?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  className?: string;
  /** The items; role="feed" expects each to be an <article> (or role="article"). */
  children?: ReactNode;
}

/** The nearest ancestor that scrolls vertically, crossing shadow roots; null means the viewport. */
function scrollParent(el: Element): Element | null {
  let node: Node | null = el.parentNode;
  while (node) {
    if (node instanceof ShadowRoot) node = node.host;
    if (!(node instanceof Element) || node === document.documentElement || node === document.body) return null;
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay') return node;
    node = node.parentNode;
  }
  return null;
}

/** An infinite list: asks for the next page (onLoad) when its end comes within `offset` px of the visible area. */
export function List({
  loading,
  finished,
  error,
  onLoad,
  offset = 300,
  loadingText,
  finishedText,
  errorText,
  className,
  children,
  ...aria
}: ListProps) {
  const t = useT();
  const sentinel = useRef<HTMLDivElement>(null);
  const live = useLatest({ loading, finished, error, onLoad, offset });
  // Set when onLoad has been called and cleared on the next render, so one scroll burst cannot ask twice
  // before the caller's `loading` arrives.
  const asked = useRef(false);

  const check = () => {
    const { loading: busy, finished: done, error: failed, offset: margin } = live.current;
    const el = sentinel.current;
    if (busy || done || failed || asked.current || !el || !el.isConnected) return;
    // A hidden list (e.g. an inactive tab) has no boxes and must not load.
    if (el.getClientRects().length === 0) return;
    const root = scrollParent(el);
    const bottom = root ? root.getBoundingClientRect().bottom : window.innerHeight;
    if (el.getBoundingClientRect().top - bottom <= margin) {
      asked.current = true;
      live.current.onLoad();
    }
  };

  const observer = useRef<IntersectionObserver>(undefined);
  const wasLoading = useRef(loading);

  // Geometry is checked directly after every render (mount, each finished load, new items) rather than trusting
  // the observer's last report, which lags the layout by a frame.
  useEffect(() => {
    asked.current = false;
    check();
    // A load has ended: observe the end afresh. The observer reports only changes between painted frames, and
    // React may run this check before the new page is laid out and painted; if the end is then scrolled back into
    // view before the next frame, the observer saw it in view before and reports nothing, and paging would stall.
    // A new observe() always reports the current state once.
    const el = sentinel.current;
    if (wasLoading.current && !loading && el && observer.current) {
      observer.current.unobserve(el);
      observer.current.observe(el);
    }
    wasLoading.current = loading;
  });

  useEffect(() => {
    const el = sentinel.current!;
    const root = scrollParent(el);
    const io = (observer.current = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) check();
      },
      { root, rootMargin: `0px 0px ${offset}px 0px` },
    ));
    io.observe(el);
    return () => io.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- check reads everything through refs, so the first render's is as good as the last
  }, [offset]);

  // A feed must hold articles; with none (a first page that failed) it is a plain container until it has some.
  const feed = loading || Children.toArray(children).length > 0;

  return (
    <div className={cx('ma-list', className)}>
      <div
        role={feed ? 'feed' : undefined}
        aria-busy={feed ? (loading ? 'true' : 'false') : undefined}
        className="ma-list__feed"
        {...(feed ? aria : {})}
      >
        {children}
      </div>
      <div className="ma-list__status" aria-live="polite">
        {loading ? (
          <div className="ma-list__loading">
            <span className="ma-spinner" aria-hidden="true" />
            {loadingText ?? t('ui.list.loading')}
          </div>
        ) : error ? (
          <button type="button" className="ma-list__error" onClick={() => onLoad()}>
            {errorText ?? t('ui.list.error')}
          </button>
        ) : finished ? (
          <div className="ma-list__finished">{finishedText ?? t('ui.list.finished')}</div>
        ) : null}
      </div>
      <div ref={sentinel} className="ma-list__sentinel" aria-hidden="true" />
    </div>
  );
}
