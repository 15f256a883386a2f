import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { Translate } from '../../i18n/i18n';

/** How long a toast shows (docs/product.md, "Codes"; also Vant's default). */
export const TOAST_DURATION = 2000;

export type ToastType = 'text' | 'success' | 'fail' | 'loading';

export interface ToastOptions {
  message: string;
  type?: ToastType;
  /** Milliseconds before it hides; 0 keeps it until clear() or the next toast. Default 2000. */
  duration?: number;
  /** Puts a transparent layer over the widget that swallows taps while the toast shows. */
  forbidClick?: boolean;
}

type Extra = Omit<ToastOptions, 'message' | 'type'>;

export interface ToastApi {
  show: (options: ToastOptions) => void;
  text: (message: string, options?: Extra) => void;
  success: (message: string, options?: Extra) => void;
  fail: (message: string, options?: Extra) => void;
  /** Message defaults to ui.toast.loading. */
  loading: (message?: string, options?: Extra) => void;
  clear: () => void;
}

export interface ToastState {
  /** Changes with every show(), so a replacement re-announces and restarts its entrance. */
  id: number;
  message: string;
  type: ToastType;
  forbidClick: boolean;
  zIndex: number;
}

export interface ToastStore {
  api: ToastApi;
  state: ReadonlySignal<ToastState | null>;
  destroy: () => void;
}

export function createToastStore(opts: { t: Translate; nextZIndex: () => number }): ToastStore {
  const state = signal<ToastState | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;

  const clear = () => {
    clearTimeout(timer);
    timer = undefined;
    state.value = null;
  };

  const show = (options: ToastOptions) => {
    clearTimeout(timer);
    timer = undefined;
    const type = options.type ?? 'text';
    const message = options.message || (type === 'loading' ? opts.t('ui.toast.loading') : '');
    state.value = { id: ++seq, message, type, forbidClick: !!options.forbidClick, zIndex: opts.nextZIndex() };
    const duration = options.duration ?? TOAST_DURATION;
    if (duration > 0) timer = setTimeout(clear, duration);
  };

  const api: ToastApi = {
    show,
    text: (message, options) => show({ ...options, message, type: 'text' }),
    success: (message, options) => show({ ...options, message, type: 'success' }),
    fail: (message, options) => show({ ...options, message, type: 'fail' }),
    loading: (message, options) => show({ ...options, message: message ?? '', type: 'loading' }),
    clear,
  };
  return { api, state, destroy: clear };
}
