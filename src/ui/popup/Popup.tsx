import { useContext, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../i18n/context';
import { DEFAULT_Z_INDEX_BASE, OverlayContext } from '../overlay/overlays';
import { deepActiveElement, rootOf, trapTab } from '../overlay/focus';
import { bem, cx } from '../shared/bem';
import { prefersReducedMotion } from '../shared/motion';
import { useLatest } from '../shared/use-latest';
import { popupMotion } from './popup-motion';
import { PopupHeader } from './PopupHeader';
import { FooterSlot } from './PopupFooter';
import { useTouchScrollGuard } from './use-touch-scroll-guard';
import css from './popup.css';
import { addStyles } from '../styles';

import type { PopupProps } from './popup-types';

addStyles(css, 'ui', 'popup');

export type { PopupPosition } from './popup-motion';
export type { PopupProps } from './popup-types';
export { PopupFooter } from './PopupFooter';

/**
 * A layer over the widget: overlay plus a sheet or centred box. Modal (focus trapped, Escape closes, scroll
 * locked) and portalled into the instance's layer root so it is positioned against the widget, not the page.
 */
export function Popup(props: PopupProps) {
  useSignals();
  const {
    open,
    position = 'center',
    round,
    closeOnOverlay = true,
    closeable,
    title,
    role = 'dialog',
    duration = 200,
    className,
    children,
  } = props;
  const t = useT();
  const overlays = useContext(OverlayContext);
  const titleId = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [footer, setFooter] = useState<HTMLElement | null>(null);
  // Callbacks live in a ref so a parent re-creating them never restarts the open/close effect.
  const cb = useLatest(props);

  // The z-index is taken once per opening, so the newest popup is on top of the ones already open.
  const shown = useRef(false);
  const zIndex = useRef(0);
  const fallbackZ = useRef(DEFAULT_Z_INDEX_BASE);
  if (open && !shown.current) {
    shown.current = true;
    zIndex.current = overlays ? overlays.nextZIndex() : fallbackZ.current++;
  }
  const [leaving, setLeaving] = useState(false);
  const anims = useRef<Animation[]>([]);
  const closing = useRef(false);
  const closedPending = useRef(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const animate = (reverse: boolean, done: () => void) => {
    for (const a of anims.current) a.cancel();
    anims.current = [];
    const layer = overlayRef.current;
    const content = contentRef.current;
    const ms = prefersReducedMotion() ? 0 : duration;
    if (!ms || !layer || !content || typeof content.animate !== 'function') {
      done();
      return;
    }
    anims.current = popupMotion(layer, content, position, ms, reverse);
    // A cancelled animation (reopened mid-leave, unmounted) rejects `finished`: then `done` must not run.
    Promise.all(anims.current.map((a) => a.finished)).then(done, () => undefined);
  };

  // Reads refs only, so the copy an effect keeps from an earlier render behaves as the newest.
  const requestClose = async () => {
    if (closing.current || !cb.current.open) return;
    const before = cb.current.beforeClose;
    if (before) {
      closing.current = true;
      let ok: boolean;
      try {
        ok = await before();
      } catch {
        ok = false;
      } finally {
        closing.current = false;
      }
      if (!ok || !alive.current) return;
    }
    cb.current.onClose?.();
  };

  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!open) {
      if (!shown.current) return;
      shown.current = false;
      setLeaving(true);
      animate(true, () => {
        if (!alive.current) return;
        anims.current = [];
        closedPending.current = true;
        setLeaving(false);
      });
      return;
    }
    if (!content) return;
    setLeaving(false);
    const release = overlays?.lockScroll();
    // Back closes the topmost layer before it moves the route; a route change takes every layer away.
    const releaseLayer = overlays?.addLayer({
      close: () => void requestClose(),
      dismiss: () => cb.current.onClose?.(),
    });
    const root = rootOf(content);
    const previous = deepActiveElement(root);
    const target = content.querySelector<HTMLElement>('[data-ma-autofocus]') ?? content;
    target.focus({ preventScroll: true });
    animate(false, () => {
      anims.current = [];
      if (alive.current) cb.current.onOpened?.();
    });
    return () => {
      release?.();
      releaseLayer?.();
      // Give focus back only if it is still ours to give: inside the popup, or lost to nowhere.
      const active = deepActiveElement(root);
      const lost = !active || active === document.body || content.contains(active) || !active.isConnected;
      if (lost && previous?.isConnected && previous !== document.body) previous.focus({ preventScroll: true });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs as the popup opens and closes alone; the callbacks are read through refs
  }, [open]);

  useEffect(
    () => () => {
      for (const a of anims.current) a.cancel();
    },
    [],
  );

  // onClosed once the layer has left the DOM: React commits setLeaving(false) in a later task, so a caller reading
  // the DOM in onClosed (or a test polling after it) found the layer still there.
  useLayoutEffect(() => {
    if (leaving || !closedPending.current) return;
    closedPending.current = false;
    cb.current.onClosed?.();
  }, [cb, leaving]);

  const rendered = open || shown.current || leaving;

  // A closing popup's layer takes no taps or focus: the DOM property, as React 18 drops an `inert` attribute.
  useLayoutEffect(() => void (layerRef.current && (layerRef.current.inert = !open)));

  useTouchScrollGuard(layerRef, contentRef, rendered);

  if (!rendered) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (trapTab(e, e.currentTarget)) return;
    if (e.key === 'Escape') {
      // The innermost popup handles it; the ones underneath stay open.
      e.stopPropagation();
      e.preventDefault();
      void requestClose();
    }
  };

  const labelledBy = props.labelledBy ?? (title ? titleId : undefined);
  const classes = cx(bem('ma-popup')([position, { round }]), className);
  const style: Record<string, string> = {};
  if (props.height) style.height = props.height;
  if (props.width) style.width = props.width;

  const node = (
    <div ref={layerRef} className="ma-popup-layer" style={{ zIndex: String(zIndex.current) }}>
      <div
        ref={overlayRef}
        className="ma-overlay"
        aria-hidden="true"
        // Keeps focus inside the popup when the overlay is tapped but closing is not allowed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={closeOnOverlay ? () => void requestClose() : undefined}
      />
      <div
        ref={contentRef}
        className={classes}
        style={style}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : props.ariaLabel}
        aria-describedby={props.describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <PopupHeader
          title={title}
          titleId={titleId}
          closeLabel={closeable ? t('ui.popup.close') : undefined}
          onClose={() => void requestClose()}
        />
        {/* Title and close above, actions below, stay in sight; only the middle scrolls. */}
        <div className="ma-popup__body">
          <FooterSlot.Provider value={footer}>{children}</FooterSlot.Provider>
        </div>
        <div ref={setFooter} className="ma-popup__footer" />
      </div>
    </div>
  );
  const target = overlays?.layerRoot.value;
  return target ? createPortal(node, target) : node;
}
