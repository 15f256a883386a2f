/**
 * merchant-ads-sdk/react: the app as a component of a React 18/19 host. It renders one host <div> and calls
 * mount() on it in a layout effect, so the whole app runs on the HOST's React (dist/react.mjs keeps react,
 * react-dom and @preact/signals-react external) in the same open shadow root the script tag uses.
 *
 * - Runtime options (token, language, theme, nonce, manageTitle, …) reach the running app through update():
 *   no remount. `apiBase`, `routing` and `storagePrefix` name a different app: changing one remounts it.
 * - Callbacks are read from a ref when an event fires: a new function identity never remounts or re-subscribes.
 * - StrictMode and fast refresh run an effect's cleanup and setup back to back in one commit. The cleanup only
 *   schedules the unmount (a microtask, after the commit: unmounting the app's React root inside the host's commit
 *   is what React warns about); a setup that follows at once on the same element takes the app back. So there is
 *   never more than one live app, and an unmounted component leaves nothing once that microtask ran.
 * - In the package the app's modules are shared with merchant-ads-sdk: importing this one installs the host's React
 *   as their renderer first (lib/renderer.ts). The component itself always renders on the host's React.
 * - SSR: importing this module and rendering the component touch neither window nor document; mount is client-only.
 */
import './lib/renderer-react';
import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ForwardedRef,
  type HTMLAttributes,
} from 'react';
import { mount } from './index';
import { applyChanges, initialOptions, remountKey, type Applied } from './app/host-options';
import type { MerchantAdsApp, MerchantAdsEvents, MountOptions } from './index';

export type { MerchantAdsApp, MerchantAdsEvents, MountOptions };
export { version } from './index';

type EventType = keyof MerchantAdsEvents;
type HandlerName<K extends string> = `on${Capitalize<K>}`;

/** onClose, onOpenUrl, onError, …: one optional callback per event type, with that event's payload. */
export type MerchantAdsEventProps = {
  [K in EventType as HandlerName<K>]?: (payload: MerchantAdsEvents[K]) => void;
};

/** Names the component keeps for itself (`ref` is the app's handle, not the div). */
type OwnProp = keyof MountOptions | keyof MerchantAdsEventProps | 'children' | 'dangerouslySetInnerHTML' | 'ref';

/**
 * The host <div>'s own attributes: `id`, `className` (size it: the app fills it), `style`, `title`, `role`,
 * `aria-*`, `data-*`, its DOM event handlers... All but the names the component takes for itself (the mount
 * options, among them `nonce`, and one callback per app event, among them `onError`) and children: the app is the
 * div's only content.
 */
export type MerchantAdsHostAttributes = Omit<HTMLAttributes<HTMLDivElement>, OwnProp>;

export type MerchantAdsProps = MountOptions & MerchantAdsEventProps & MerchantAdsHostAttributes;

/** The props the component reads itself, every one of them (the type makes the list complete); any other is the div's. */
const OWN_PROPS: Record<OwnProp, true> = {
  apiBase: true,
  token: true,
  persistToken: true,
  language: true,
  routing: true,
  initialRoute: true,
  storagePrefix: true,
  nonce: true,
  theme: true,
  manageTitle: true,
  localesBase: true,
  assetsBase: true,
  prefetch: true,
  zIndexBase: true,
  requestTimeout: true,
  metrics: true,
  loading: true,
  onEvent: true,
  onReady: true,
  onRoute: true,
  onClose: true,
  onOpenUrl: true,
  onLogin: true,
  onLogout: true,
  onError: true,
  onTokenRequest: true,
  onUnread: true,
  onLanguage: true,
  onMetric: true,
  children: true,
  dangerouslySetInnerHTML: true,
  ref: true,
};

function hostAttributes(props: MerchantAdsProps): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const name in props) if (!(name in OWN_PROPS)) attributes[name] = props[name as keyof MerchantAdsProps];
  return attributes;
}

const handlerName = (type: string) => `on${type[0].toUpperCase()}${type.slice(1)}` as keyof MerchantAdsEventProps;

/** The options the component hands the app: its props, with web vitals asked for by an onMetric prop too. */
const optionsOf = (p: MerchantAdsProps): Partial<MountOptions> => ({
  ...p,
  metrics: p.metrics || (p.onMetric ? true : undefined),
});

// No layout effects on a server (React 18 warns about them there); the mount effect never runs on one anyway.
const useClientLayoutEffect = typeof document !== 'undefined' ? useLayoutEffect : useEffect;

interface Live {
  app: MerchantAdsApp;
  host: HTMLElement;
  /** What was last handed to the app, per runtime option. */
  applied: Applied;
  /** Set by the cleanup until the scheduled unmount runs; a setup on the same host takes the app back. */
  leaving: boolean;
}

function notMounted(): never {
  throw new Error('MerchantAds: the app is not mounted (yet): use the ref after the component mounted, on the client');
}

function MerchantAdsImpl(props: MerchantAdsProps, ref: ForwardedRef<MerchantAdsApp>) {
  const hostRef = useRef<HTMLDivElement>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const live = useRef<Live | null>(null);
  const key = remountKey(props);

  // The ref's handle is one object for the component's life; it talks to whichever app is mounted now.
  const handle = useRef<MerchantAdsApp | null>(null);
  handle.current ??= {
    get ready() {
      return live.current?.app.ready ?? Promise.reject(new Error('MerchantAds: not mounted'));
    },
    navigate: (path) => (live.current?.app ?? notMounted()).navigate(path),
    back: () => (live.current?.app ?? notMounted()).back(),
    setToken: (token) => (live.current?.app ?? notMounted()).setToken(token),
    openCustomerService: (o) => (live.current?.app ?? notMounted()).openCustomerService(o),
    setLanguage: (code) => (live.current?.app ?? notMounted()).setLanguage(code),
    on: (type, cb) => (live.current?.app ?? notMounted()).on(type, cb),
    update: (o) => (live.current?.app ?? notMounted()).update(o),
    unmount: () => live.current?.app.unmount(),
  };
  useImperativeHandle(ref, () => handle.current!, []);

  useClientLayoutEffect(() => {
    const host = hostRef.current!;
    const current = live.current;
    if (current && current.host === host && current.leaving) {
      current.leaving = false; // StrictMode's or fast refresh's cleanup-and-setup: keep the running app
      applyChanges(current.app.update, optionsOf(propsRef.current), current.applied);
    } else {
      const applied: Applied = {};
      const options = initialOptions(optionsOf(propsRef.current), applied);
      options.onEvent = (type, payload) => {
        const now = propsRef.current;
        const all = now.onEvent?.(type, payload) as unknown;
        const handler = now[handlerName(type)] as ((x: unknown) => void) | undefined;
        handler?.(payload);
        // Taken only if this host has a prop for it: otherwise the app falls back as for a host with no listeners.
        return !!handler || (!!now.onEvent && all !== false);
      };
      live.current = { app: mount(host, options), host, applied, leaving: false };
    }
    return () => {
      const l = live.current;
      if (!l) return;
      l.leaving = true;
      queueMicrotask(() => {
        if (!l.leaving) return;
        l.app.unmount();
        if (live.current === l) live.current = null;
      });
    };
  }, [key]);

  // Every render: hand the app the runtime options that changed (compared by value, so an inline theme object
  // does not count as a change).
  useClientLayoutEffect(() => {
    const l = live.current;
    if (l && !l.leaving) applyChanges(l.app.update, optionsOf(props), l.applied);
  });

  // The key makes another app another element: its mount never waits for the old app's scheduled unmount.
  return <div {...hostAttributes(props)} key={key} ref={hostRef} />;
}

/**
 * The merchant app in a React host: `<MerchantAds apiBase="/api" language={lang} token={token} onClose={…} ref={appRef} />`.
 * `ref` receives the app handle (navigate, back, setToken, setLanguage, on, update, unmount, ready).
 */
export const MerchantAds = forwardRef<MerchantAdsApp, MerchantAdsProps>(MerchantAdsImpl);
MerchantAds.displayName = 'MerchantAds';

export default MerchantAds;
