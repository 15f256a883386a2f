import { createContext, useContext } from 'react';
import { signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Translate } from '../../i18n/i18n';
import type { AssetOptions } from '../../lib/assets';
import { createToastStore, type ToastApi, type ToastStore } from '../toast/toast-store';
import type { DialogApi, DialogStore } from '../dialog/dialog-store';
import { createCustomStore, type CustomStore, type OpenOptions, type OverlayRender } from './custom-store';
import { overlayViews } from './views-file';

/**
 * An open layer the back button can close: a sheet, a dialog, a picker, a prompt (every one is a Popup). `close`
 * asks as Escape does (a layer's beforeClose may still keep it); `dismiss` takes it away without asking, because the
 * screen it belongs to is going.
 */
export interface BackLayer {
  close: () => void;
  dismiss: () => void;
}

/** Vant's z-index base; the host page can raise it when its own layers sit higher. */
export const DEFAULT_Z_INDEX_BASE = 2000;

/**
 * Everything layered over one mounted widget. One per instance: several widgets on a page never share
 * a z-index counter, a scroll lock or a toast.
 */
export interface Overlays {
  toast: ToastApi;
  dialog: DialogApi;
  /**
   * Shows custom content in a modal layer (a centred dialog unless options.position says otherwise) and
   * resolves with what the content passes to `close`; Escape, an allowed overlay tap or destroy() resolve
   * undefined. Give it a title or ariaLabel: a dialog needs a name.
   */
  open: <R>(render: OverlayRender<R>, options?: OpenOptions) => Promise<R | undefined>;
  /** Starts at zIndexBase; every call is higher than the last, so the newest layer is on top. */
  nextZIndex: () => number;
  /** Counts open layers; while any is open the scroll container has overflow hidden. Returns the release. */
  lockScroll: () => () => void;
  /** The widget's own scroller; never the host page's body. */
  setScrollContainer: (el: HTMLElement | null) => void;
  /** An open layer announces itself until it closes (Popup does it for every layer); returns the release. */
  addLayer: (layer: BackLayer) => () => void;
  /** Back closes the topmost open layer first: true when there was one to ask (the route then stays). */
  closeTop: () => boolean;
  /**
   * The route changed for another reason than back: every layer of the old route goes, dialogs settle as cancel
   * and open() as undefined, screens' own sheets are told to close.
   */
  closeAll: () => void;
  /** Where popups portal to; set by OverlayHost. */
  layerRoot: Signal<HTMLElement | null>;
  /** Clears timers, settles pending dialogs as cancel and open() as undefined, and lifts the scroll lock. */
  destroy: () => void;
  /** Where the script-tag build finds the overlay views' file, and its nonce. */
  assets: () => AssetOptions;
  /** State rendered by OverlayHost. */
  readonly toastStore: ToastStore;
  /** The dialogs' state, made with the overlay views' file when the first dialog is asked for. */
  readonly dialogStore: ReadonlySignal<DialogStore | null>;
  readonly customStore: CustomStore;
}

export function createOverlays(opts: { t: Translate; zIndexBase?: number; assets?: () => AssetOptions }): Overlays {
  let z = opts.zIndexBase ?? DEFAULT_Z_INDEX_BASE;
  const nextZIndex = () => z++;

  let locks = 0;
  let container: HTMLElement | null = null;
  // The container's own overflow before we hid it; null while not applied.
  let saved: string | null = null;
  const unapply = () => {
    if (container && saved !== null) container.style.overflow = saved;
    saved = null;
  };
  const apply = () => {
    if (locks > 0 && container && saved === null) {
      saved = container.style.overflow;
      container.style.overflow = 'hidden';
    } else if (locks === 0) {
      unapply();
    }
  };

  const lockScroll = () => {
    locks++;
    apply();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      locks = Math.max(0, locks - 1);
      apply();
    };
  };

  const setScrollContainer = (el: HTMLElement | null) => {
    if (el === container) return;
    unapply();
    container = el;
    apply();
  };

  let layers: BackLayer[] = [];
  const addLayer = (layer: BackLayer) => {
    layers = [...layers, layer];
    return () => {
      layers = layers.filter((l) => l !== layer);
    };
  };

  const toastStore = createToastStore({ t: opts.t, nextZIndex });
  const customStore = createCustomStore();
  const assets = opts.assets ?? (() => ({}));

  // The dialogs' state comes in the overlay views' file with their views (a signed-out visitor may never see a
  // dialog), so a dialog opens once that file is in. One asked for before a closeAll() or destroy() that comes
  // while the file loads is settled as cancelled, as an open one would be; a file that cannot be fetched settles it
  // too, with a toast, and the next dialog asks for the file again.
  const dialogStore = signal<DialogStore | null>(null);
  let asked = 0;
  const withDialogs = <T>(use: (store: DialogStore) => Promise<T>, cancelled: T): Promise<T> => {
    const ask = asked;
    return overlayViews.load(assets()).then(
      (views) =>
        ask !== asked ? cancelled : use(dialogStore.peek() ?? (dialogStore.value = views.createDialogStore())),
      () => {
        if (ask === asked) toastStore.api.fail(opts.t('app.screenLoadFailed'));
        return cancelled;
      },
    );
  };
  const closeDialogs = () => {
    asked++;
    dialogStore.peek()?.api.closeAll();
  };

  return {
    toast: toastStore.api,
    dialog: {
      confirm: (options) => withDialogs((store) => store.api.confirm(options), false),
      alert: (options) => withDialogs((store) => store.api.alert(options), undefined),
      closeAll: closeDialogs,
    },
    open: customStore.open,
    nextZIndex,
    lockScroll,
    setScrollContainer,
    addLayer,
    closeTop() {
      // Layers announce themselves as they open, so the last one is on top (its z-index was taken last).
      const top = layers.at(-1);
      top?.close();
      return !!top;
    },
    closeAll() {
      for (const l of layers) l.dismiss();
      closeDialogs();
      // Layers whose views are still on their way have no Popup yet to dismiss.
      customStore.closeAll();
    },
    layerRoot: signal<HTMLElement | null>(null),
    assets,
    toastStore,
    dialogStore,
    customStore,
    destroy() {
      toastStore.destroy();
      asked++;
      dialogStore.peek()?.destroy();
      customStore.destroy();
      layers = [];
      locks = 0;
      unapply();
    },
  };
}

export const OverlayContext = createContext<Overlays | null>(null);

/** The current instance's overlays; throws outside an OverlayContext provider. */
export function useOverlays(): Overlays {
  const overlays = useContext(OverlayContext);
  if (!overlays) throw new Error('MerchantAds: useOverlays() outside an OverlayContext provider');
  return overlays;
}
