import type { ComponentType } from 'react';
import type { Language } from '../api/languages';
import type { UserInfo } from '../api/shapes/account';
import type { RouteMeta } from '../router/routes';

/** Options of mount(); all but apiBase are optional. update() takes any subset of them at run time. */
/** The `loading` mount option (and `<merchant-ads loading>`). */
export type Loading = 'eager' | 'visible' | 'idle';

export interface MountOptions {
  /** Base URL of the API, e.g. '/api' or 'https://api.example.com/api'. */
  apiBase: string;
  /** A token injected by the host (native shells). Kept in memory only, unless `persistToken` is set. */
  token?: string | null;
  /**
   * Store a token the host hands over (`token`, `setToken`) under the prefix, so the next mount finds it.
   * Default false: the host owns its tokens. A token from the app's own login is always stored, per API origin.
   */
  persistToken?: boolean;
  /**
   * One of the 12 language codes (or any code the server's language map knows). Default: stored, else 'en'. Given, it
   * is the host's choice like setLanguage(): a signed-in account takes it once its user info has loaded.
   */
  language?: string;
  /** 'hash' (default) writes the route into location.hash; 'memory' never touches the host's URL or history. */
  routing?: 'hash' | 'memory';
  /** The first route when the URL does not name one (memory mode: always). */
  initialRoute?: string;
  /** Prefix of every storage key (default 'merchant-ads:'). */
  storagePrefix?: string;
  /** CSP nonce put on every <style> the widget injects. */
  nonce?: string;
  /** CSS variables, e.g. { primary: '#e60012' } or { '--ma-primary': '#e60012' }. */
  theme?: Record<string, string>;
  /** Set document.title from the route title (the bridge host page does; embedded widgets leave it alone). */
  manageTitle?: boolean;
  /**
   * Where language files are fetched from. Default: the script-tag build fetches the `locales/` folder beside its
   * files (`assetsBase`); the module builds import them, so a host's bundler ships them as chunks.
   */
  localesBase?: string;
  /**
   * Where the script-tag build's other files are (route groups, metrics, `locales/`). Default: the folder the
   * script was loaded from. For a host that serves merchant-ads.js apart from the rest of dist/.
   */
  assetsBase?: string;
  /**
   * Fetch the route groups the merchant opens next (the ad centre) once the browser is idle, while signed in or
   * on the login form, so sign-in → home waits for no file. Default true.
   */
  prefetch?: boolean;
  /**
   * When the app starts its work (its files, its words, its first screen). Never before the host page has painted
   * its own content. `'eager'` (default): right after that; `'visible'`: once the element comes within a screen's
   * height of the viewport (a widget further down a page); `'idle'`: once the page has loaded and the browser is
   * idle. Until then the element shows the app's empty frame, at the app's own size. A call that needs the app
   * (`navigate`, `back`, `openCustomerService`) starts it at once. Read at mount.
   */
  loading?: Loading;
  /** The first z-index of popups, toasts and dialogs (default 2000). */
  zIndexBase?: number;
  /** Request timeout in ms (default 15000). */
  requestTimeout?: number;
  /** Report the page's web vitals as `metric` events (also turned on by on('metric', ...)). */
  metrics?: boolean;
  /**
   * Receives every event; the same as subscribing to each type with on() (so it opens the openUrl links itself).
   * Returning false says it did not take the event: the app then opens an openUrl link in a new window itself.
   */
  onEvent?: <K extends keyof MerchantAdsEvents>(type: K, payload: MerchantAdsEvents[K]) => void;
}

export interface MerchantAdsEvents {
  ready: { version: string; route: string };
  route: { path: string; name: string; title: string; canGoBack: boolean };
  /** Back was pressed on a route with no previous page: the host should close the widget. */
  close: { reason: 'back' };
  /**
   * A link that must open outside the widget (customer service of type other than 1): https only (http only on
   * localhost, for the demo). The host or the native shell opens it; with no `on('openUrl')` listener and no
   * `onEvent` (or, in React, no onOpenUrl), the app opens a new window itself.
   */
  openUrl: { url: string; purpose: 'customerService' | 'external' };
  login: { user: UserInfo | null };
  logout: { reason: 'user' | 'expired' | 'passwordChanged' | 'unauthorized' };
  error: { code: number | string; msg: string };
  /** The app needs a (new) token: none is stored on a signed-in route, or the server said it expired. */
  tokenRequest: { reason: 'missing' | 'expired' | 'unauthorized' };
  unread: { count: number };
  language: { lang: Language };
  /** Web vitals of the page (web-vitals), delivered only to hosts that listen for them. */
  metric: { name: string; value: number; rating: string; delta: number; id: string };
}

export interface MerchantAdsApp {
  readonly ready: Promise<void>;
  navigate: (path: string) => void;
  /** The back button's behaviour (docs/product.md, "Back"); a native shell calls it for its hardware back. */
  back: () => void;
  setToken: (token: string | null) => void;
  /**
   * Opens the customer-service popup: its contacts (normal), or the deposit contacts (recharge: deposits are made
   * through customer service), as the app's own header icon and the wallet's deposit do; a native shell's help button.
   */
  openCustomerService: (o?: { mode?: 'normal' | 'recharge' }) => void;
  /**
   * The merchant's language, the same choice as the header's picker: shown at once, stored and, while signed
   * in, saved on the account. Settles once it shows and the save has settled (a failed save is retried when the
   * user info next loads). Unknown codes are ignored.
   */
  setLanguage: (code: string) => Promise<void>;
  on: <K extends keyof MerchantAdsEvents>(type: K, cb: (payload: MerchantAdsEvents[K]) => void) => () => void;
  update: (options: Partial<MountOptions>) => void;
  unmount: () => void;
}

/** What the kernel renders and routes: given by the entry point, so the kernel imports no screen. */
export interface Shell {
  /** The tree under the providers: header, the current screen, overlays. */
  App: ComponentType;
  /** The route table, built from the screen groups. */
  routes: readonly RouteMeta[];
  /** The shell's and the core screens' CSS, after the UI kit's, in the one <style> of the shadow root. */
  css: string;
}
