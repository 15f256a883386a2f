/**
 * How the web side reaches the native shell. Detected in a fixed order: an explicit adapter from the options
 * (also the test double), React Native, iOS WKWebView, an Android JavaScript interface, the parent window when
 * framed (only with an origin allowlist), else none (standalone).
 */
export type AdapterName = 'custom' | 'react-native' | 'ios' | 'android' | 'iframe' | 'none';

export interface CustomAdapter {
  name?: string;
  send: (message: string) => void;
}

export interface Adapter {
  name: AdapterName;
  /** Delivers one encoded message; `targetOrigin` matters only to the iframe adapter. */
  send: (message: string, targetOrigin: string) => void;
}

interface NativeWindow extends Window {
  ReactNativeWebView?: { postMessage?: (m: string) => void };
  webkit?: { messageHandlers?: Record<string, { postMessage?: (m: string) => void } | undefined> };
}

export function detectAdapter(
  win: Window,
  o: { adapter?: CustomAdapter; handlerName: string; allowedOrigins: readonly string[] },
): Adapter {
  const w = win as NativeWindow;
  if (o.adapter) {
    const custom = o.adapter;
    return { name: 'custom', send: (m) => custom.send(m) };
  }
  const rn = w.ReactNativeWebView;
  if (rn && typeof rn.postMessage === 'function') return { name: 'react-native', send: (m) => rn.postMessage!(m) };
  const ios = w.webkit?.messageHandlers?.[o.handlerName];
  if (ios && typeof ios.postMessage === 'function') return { name: 'ios', send: (m) => ios.postMessage!(m) };
  // An Android @JavascriptInterface object; a frame or element that happens to carry the name is not one.
  const android = (w as unknown as Record<string, unknown>)[o.handlerName] as { postMessage?: unknown } | undefined;
  if (android && typeof android === 'object' && typeof android.postMessage === 'function' && !isWindow(android)) {
    const iface = android as { postMessage: (m: string) => void };
    return { name: 'android', send: (m) => iface.postMessage(m) };
  }
  if (win.parent && win.parent !== win) {
    // An empty allowlist turns the iframe adapter off instead of talking to anyone.
    if (o.allowedOrigins.length) return { name: 'iframe', send: (m, target) => win.parent.postMessage(m, target) };
  }
  return { name: 'none', send: () => undefined };
}

function isWindow(x: unknown): boolean {
  try {
    return !!x && (x as Window).window === x;
  } catch {
    return true; // a cross-origin window throws on access: certainly not an Android interface
  }
}
