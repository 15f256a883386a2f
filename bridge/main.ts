/**
 * The bridge host page: mounts the SDK full screen and connects it to the native shell (or a parent frame)
 * through the bridge. This page is ours, so unlike an embedded widget it may set the title and viewport.
 *
 * The app is the script tag's (dist/merchant-ads.js), which the page loads first, from one folder up: this file is
 * the bridge alone and uses the script tag's global, `MerchantAds` (only types come from src/): bundling the SDK here
 * too would put a second copy of the app in the package.
 */
import type * as Sdk from '../src/index';
import { createBridge } from './bridge';
import { readConfig } from './config';
import type { ShellToWeb } from './protocol';

// Captured at load: the locales folder sits beside dist/, one level up from dist/bridge/. The nonce a server put
// on this script is the page's CSP nonce: the SDK puts it on the one <style> it injects.
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
const scriptUrl = script?.src ?? location.href;
const nonce = script?.nonce || undefined;

/** What the page takes of the script tag's global. */
type ScriptTag = Pick<typeof Sdk, 'mount' | 'version'>;

function scriptTag(): ScriptTag {
  const sdk = (window as unknown as { MerchantAds?: Partial<ScriptTag> }).MerchantAds;
  if (typeof sdk?.mount !== 'function' || typeof sdk.version !== 'string') {
    throw new Error(
      '[merchant-ads bridge] MerchantAds is missing: the page loads the script tag (../merchant-ads.js) before bridge.js',
    );
  }
  return sdk as ScriptTag;
}

function start() {
  const { mount, version } = scriptTag();
  const config = readConfig(location, document);
  const el = document.getElementById('merchant-ads-app')!;

  // As on the widget, on our own page: no pinch or double-tap zoom, no multi-touch gestures.
  document.addEventListener('gesturestart', (e) => e.preventDefault());
  document.addEventListener('touchstart', (e) => e.touches.length > 1 && e.preventDefault(), { passive: false });

  const app = mount(el, {
    apiBase: config.apiBase,
    token: config.token,
    persistToken: config.persistToken,
    storagePrefix: config.storagePrefix,
    nonce,
    language: config.language,
    routing: 'hash',
    manageTitle: true,
    initialRoute: config.initialRoute,
    localesBase: config.localesBase ?? new URL('../locales/', scriptUrl).href,
  });

  const bridge = createBridge({
    win: window,
    sdkVersion: version,
    handlerName: config.handlerName,
    allowedOrigins: config.allowedOrigins,
    fallbackTimeout: config.fallbackTimeout,
    fallback: {
      // No shell to close us: leave the page the way a browser would.
      close: () => (history.length > 1 ? history.back() : window.close()),
      openUrl: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    },
    onMessage(m) {
      switch (m.type) {
        case 'init': {
          const p = m.payload as ShellToWeb['init'];
          if (p.language) void app.setLanguage(p.language);
          if (p.token) app.setToken(p.token);
          break;
        }
        case 'token':
          app.setToken((m.payload as ShellToWeb['token']).token);
          break;
        case 'language':
          void app.setLanguage((m.payload as ShellToWeb['language']).language);
          break;
        case 'logout':
          app.setToken(null);
          break;
        case 'back':
          app.back();
          break;
      }
    },
  });

  app.on('close', ({ reason }) => bridge.send('close', { reason }));
  // send() validates the link like every payload: only https leaves the app.
  app.on('openUrl', ({ url, purpose }) => bridge.send('openUrl', { url, purpose }));
  app.on('route', ({ path, title, canGoBack }) => {
    bridge.send('routeChanged', { path, canGoBack });
    bridge.send('titleChanged', { title });
  });
  app.on('logout', ({ reason }) => bridge.send('logout', { reason }));
  app.on('tokenRequest', ({ reason }) => bridge.send('tokenRequest', { reason }));

  // The global receive function native code can call with a JSON string (evaluateJavascript / injectJavaScript).
  (window as unknown as { MerchantAdsBridge: unknown }).MerchantAdsBridge = Object.freeze({
    version,
    adapter: bridge.adapter,
    receive: (message: string) => bridge.receive(message),
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
