/**
 * The widget's DOM: an open shadow root on the host element holding one <style> (with the host's CSP nonce) and
 * the root element, plus what the product asks of the page, applied to our root only: no multi-touch gestures. The
 * original app's wide-screen rule (scale by 750 / width × 0.8) existed because the original app sized everything in viewport
 * units; our layout is in px, so the same intent is a phone-width column (600 px) at normal size (shell.css).
 * `destroy()` leaves the host element as it found it, but for the shadow root
 * itself, which cannot be detached (a remount reuses it).
 */
import { isMobileDevice } from '../lib/device';

export interface HostDom {
  shadow: ShadowRoot;
  /** The element React renders into (after the style: rendering into the shadow root would remove it). */
  root: HTMLElement;
  setNonce: (nonce: string | undefined) => void;
  /** Replaces the stylesheet (the same <style>, so its nonce stays). */
  setCss: (css: string) => void;
  applyTheme: (theme: Record<string, string> | undefined) => void;
  destroy: () => void;
}

export function createHostDom(
  element: HTMLElement,
  o: { css: string; nonce?: string; theme?: Record<string, string> },
): HostDom {
  const doc = element.ownerDocument;
  const win = doc.defaultView ?? window;
  const cleanups: (() => void)[] = [];
  const listen = (target: EventTarget, type: string, fn: EventListener, opts?: AddEventListenerOptions) => {
    target.addEventListener(type, fn, opts);
    cleanups.push(() => target.removeEventListener(type, fn, opts));
  };

  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  if (o.nonce) style.nonce = o.nonce;
  style.textContent = o.css;
  const root = doc.createElement('div');
  root.className = 'ma-root';
  shadow.append(style, root);
  if (isMobileDevice(win)) root.classList.add('ma-root--mobile');

  const applyTheme = (theme: Record<string, string> | undefined) => {
    for (const [k, v] of Object.entries(theme ?? {})) root.style.setProperty(k.startsWith('--') ? k : `--ma-${k}`, v);
  };
  applyTheme(o.theme);

  listen(root, 'touchstart', ((e: TouchEvent) => e.touches.length > 1 && e.preventDefault()) as EventListener, {
    passive: false,
  });
  listen(root, 'gesturestart', (e) => e.preventDefault());

  return {
    shadow,
    root,
    setNonce(nonce) {
      if (nonce !== undefined) style.nonce = nonce;
    },
    setCss(css) {
      style.textContent = css;
    },
    applyTheme,
    destroy() {
      for (const fn of cleanups.splice(0).reverse()) fn();
      style.remove();
      root.remove();
    },
  };
}
