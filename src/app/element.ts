/**
 * `<merchant-ads>`: the app as a custom element, for hosts that speak HTML rather than React (Vue, Angular,
 * Svelte, a CMS, a page with no build). Attributes carry the string, number and yes/no options, properties every
 * option (objects such as `theme` only as a property); the element decides update or remount as the React component
 * does (host-options.ts), and every app event is a DOM CustomEvent that bubbles out of shadow roots.
 *
 * The class is made inside define(): a server has no HTMLElement to extend, so importing stays side-effect free.
 */
import { allowAssetOrigin } from '../lib/assets';
import { applyChanges, initialOptions, remountKey, type Applied } from './host-options';
import { PROPERTIES, attributeReaders, kebab } from './element-attributes';
import { allowOrigins, markupRefusals, type DefineOptions } from './markup-trust';
import type { MerchantAdsApp, MerchantAdsEvents, MountOptions } from './types';

export type { DefineOptions };

type Mount = (element: HTMLElement, options: MountOptions) => MerchantAdsApp;

/** The element's properties: every mount option but the callbacks (events are DOM events instead). */
export type MerchantAdsElementOptions = Partial<Omit<MountOptions, 'onEvent'>>;

/** Turns `openUrl` into `open-url`: the events' names, which every template language can write. */
type Kebab<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `-${Lowercase<H>}`}${Kebab<T>}`
  : S;

/**
 * The element's events: each app event (MerchantAdsEvents) as a CustomEvent with the payload as `detail`, under two
 * names: `merchant-ads:<type>` and `merchant-ads-<type>` (the same event for Angular's and Svelte's templates, which
 * cannot bind a name with a colon). `merchant-ads:open-url` is cancelable: preventDefault() says the host opens the
 * link, else the app opens a new window.
 */
export type MerchantAdsElementEventMap = {
  [K in keyof MerchantAdsEvents as `merchant-ads:${Kebab<K>}` | `merchant-ads-${Kebab<K>}`]: CustomEvent<
    MerchantAdsEvents[K]
  >;
};

/**
 * `<merchant-ads>`: the mount options as properties, and the app handle's methods (its `ready` rejects while the
 * element holds no app; the methods throw then).
 */
export interface MerchantAdsElement
  extends
    HTMLElement,
    Omit<MerchantAdsElementOptions, 'nonce'>,
    Pick<MerchantAdsApp, 'ready' | 'navigate' | 'back' | 'setToken' | 'openCustomerService' | 'setLanguage'> {}

/** What define() returns: the element's class. */
export interface MerchantAdsElementClass {
  new (): MerchantAdsElement;
  readonly prototype: MerchantAdsElement;
}

declare global {
  interface HTMLElementTagNameMap {
    'merchant-ads': MerchantAdsElement;
  }
  // So that addEventListener('merchant-ads:ready', …) on any element (an ancestor the events bubble to) knows `detail`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merging into the DOM's own map needs an interface
  interface HTMLElementEventMap extends MerchantAdsElementEventMap {}
}

interface State {
  options: Record<string, unknown>;
  /** The options whose value came from an attribute (markup), not from a property (script). */
  fromMarkup: Set<string>;
  app?: MerchantAdsApp;
  /** remountKey() of the options the app was mounted with. */
  key?: string;
  applied: Applied;
  /** Between connectedCallback and disconnectedCallback: attribute changes during an upgrade wait for it. */
  connected?: boolean;
  /** A sync of the options is queued for the next microtask. */
  queued?: boolean;
}

function notMounted(): never {
  throw new Error('MerchantAds: the element holds no app (it mounts once connected with an api-base)');
}

/**
 * Defines the element under `tag` (once: a tag already defined is left as it is) and returns its class. Only in a
 * browser: it needs customElements.
 */
export function defineElement(
  mount: Mount,
  { tag = 'merchant-ads', allowedOrigins: origins = [] }: DefineOptions = {},
): MerchantAdsElementClass {
  allowOrigins(origins);
  const defined = customElements.get(tag) as MerchantAdsElementClass | undefined;
  if (defined) return defined;
  const states = new WeakMap<HTMLElement, State>();
  const state = (el: HTMLElement) => states.get(el)!;
  const attributes = attributeReaders();

  /** Mounts, remounts, updates or unmounts so that the app matches the element's options and place now. */
  function sync(el: HTMLElement) {
    const s = state(el);
    const options = { ...s.options, nonce: el.nonce || undefined } as Partial<MountOptions>;
    const refusals = markupRefusals(options, s.fromMarkup);
    if (refusals.length) return refuse(el, refusals);
    const key = remountKey(options);
    if (s.app && s.connected && s.key === key) return applyChanges(s.app.update, options, s.applied);
    s.app?.unmount();
    s.app = undefined;
    if (!s.connected || !options.apiBase) return;
    s.applied = {};
    const o = initialOptions(options, s.applied);
    o.onEvent = (type, payload) => dispatch(el, type, payload);
    s.key = key;
    s.app = mount(el, o);
  }
  /** An app event as the element's DOM events; true when a listener took it (preventDefault). */
  function dispatch<K extends keyof MerchantAdsEvents>(
    el: HTMLElement,
    type: K,
    payload: MerchantAdsEvents[K],
  ): boolean {
    let taken = false;
    for (const sep of [':', '-']) {
      const event = new CustomEvent(`merchant-ads${sep}${kebab(type)}`, {
        detail: payload,
        bubbles: true,
        composed: true,
        cancelable: type === 'openUrl',
      });
      if (!el.dispatchEvent(event)) taken = true;
    }
    return taken;
  }
  /** Addresses markup may not name: no app (a running one goes), and the host hears why. */
  function refuse(el: HTMLElement, refusals: string[]) {
    const s = state(el);
    s.app?.unmount();
    s.app = undefined;
    s.key = undefined;
    if (!s.connected) return;
    const msg = `MerchantAds: <${el.localName}> not mounted: ${refusals.join('; ')}. Name it from script (a property), or allow its origin with define({ allowedOrigins })`;
    console.error(msg);
    dispatch(el, 'error', { code: 'origin_refused', msg });
  }
  /** Changes made together (a framework setting several properties) reach the app as one. */
  function queue(el: HTMLElement) {
    const s = state(el);
    if (!s.connected || s.queued) return;
    s.queued = true;
    queueMicrotask(() => {
      s.queued = false;
      sync(el);
    });
  }
  const app = (el: HTMLElement) => state(el).app ?? notMounted();

  class MerchantAds extends HTMLElement {
    static observedAttributes = [...Object.keys(attributes), 'nonce'];
    constructor() {
      super();
      states.set(this, { options: {}, fromMarkup: new Set(), applied: {} });
      // A property set before the element was defined is an own property that hides the accessor: take it over.
      for (const name of PROPERTIES) {
        if (Object.prototype.hasOwnProperty.call(this, name)) {
          const own = this as unknown as Record<string, unknown>;
          const value = own[name];
          delete own[name];
          own[name] = value;
        }
      }
    }
    connectedCallback() {
      state(this).connected = true;
      sync(this);
    }
    disconnectedCallback() {
      const s = state(this);
      s.connected = false;
      // Moved within the page, the element is connected again in the same task and keeps its app.
      queueMicrotask(() => s.connected || sync(this));
    }
    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      const attribute = attributes[name];
      if (attribute) {
        const s = state(this);
        s.options[attribute[0]] = value === null ? undefined : attribute[1](value);
        s.fromMarkup.add(attribute[0]);
      }
      queue(this);
    }
    get ready() {
      return state(this).app?.ready ?? Promise.reject(new Error('MerchantAds: not mounted'));
    }
    navigate(path: string) {
      app(this).navigate(path);
    }
    back() {
      app(this).back();
    }
    setToken(token: string | null) {
      app(this).setToken(token);
    }
    openCustomerService(request?: { mode?: 'normal' | 'recharge' }) {
      app(this).openCustomerService(request);
    }
    setLanguage(code: string) {
      return app(this).setLanguage(code);
    }
  }
  for (const name of PROPERTIES) {
    Object.defineProperty(MerchantAds.prototype, name, {
      get(this: HTMLElement) {
        return state(this).options[name];
      },
      set(this: HTMLElement, value: unknown) {
        const s = state(this);
        s.options[name] = value;
        s.fromMarkup.delete(name);
        // Set from script: the host's word, as mount()'s is.
        if (name === 'assetsBase' && typeof value === 'string' && value) allowAssetOrigin(value);
        queue(this);
      },
    });
  }
  customElements.define(tag, MerchantAds);
  return MerchantAds;
}
