import { signal, type ReadonlySignal } from '@preact/signals-react';

export type DialogAction = 'confirm' | 'cancel';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  /** Runs before the dialog closes; resolving false keeps it open. The confirm button shows loading meanwhile. */
  beforeClose?: (action: DialogAction) => boolean | Promise<boolean>;
}

export interface AlertOptions {
  title?: string;
  message: string;
  confirmText?: string;
}

export interface DialogApi {
  /** Resolves true on confirm, false on cancel / Escape / closeAll(). */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Resolves when dismissed, however that happens. */
  alert: (options: AlertOptions) => Promise<void>;
  /** Closes every open dialog; pending promises resolve as cancel. */
  closeAll: () => void;
}

export interface DialogEntry {
  id: number;
  kind: 'confirm' | 'alert';
  options: ConfirmOptions;
  /** False once settled: the entry stays until its leave transition ends, then remove() drops it. */
  open: boolean;
  loading: boolean;
}

export interface DialogStore {
  api: DialogApi;
  entries: ReadonlySignal<DialogEntry[]>;
  /** A button, Enter or Escape on dialog `id`. */
  act: (id: number, action: DialogAction) => Promise<void>;
  remove: (id: number) => void;
  destroy: () => void;
}

export function createDialogStore(): DialogStore {
  const entries = signal<DialogEntry[]>([]);
  const resolvers = new Map<number, (confirmed: boolean) => void>();
  let seq = 0;

  const patch = (id: number, p: Partial<DialogEntry>) => {
    entries.value = entries.value.map((e) => (e.id === id ? { ...e, ...p } : e));
  };

  const settle = (id: number, confirmed: boolean) => {
    const resolve = resolvers.get(id);
    resolvers.delete(id);
    patch(id, { open: false, loading: false });
    resolve?.(confirmed);
  };

  const open = (kind: DialogEntry['kind'], options: ConfirmOptions) =>
    new Promise<boolean>((resolve) => {
      const id = ++seq;
      resolvers.set(id, resolve);
      entries.value = [...entries.value, { id, kind, options, open: true, loading: false }];
    });

  const act = async (id: number, action: DialogAction) => {
    const entry = entries.value.find((e) => e.id === id);
    if (!entry || !entry.open || entry.loading) return;
    const before = entry.options.beforeClose;
    if (before) {
      let result: boolean | Promise<boolean>;
      try {
        result = before(action);
      } catch {
        result = false;
      }
      if (result instanceof Promise) {
        patch(id, { loading: true });
        result = await result.catch(() => false);
        // closeAll() or destroy() may have settled it while we waited.
        if (!resolvers.has(id)) return;
        patch(id, { loading: false });
      }
      if (result === false) return;
    }
    settle(id, action === 'confirm');
  };

  const closeAll = () => {
    for (const id of [...resolvers.keys()]) settle(id, false);
  };

  return {
    api: {
      confirm: (options) => open('confirm', options),
      alert: (options) =>
        open('alert', { title: options.title, message: options.message, confirmText: options.confirmText }).then(
          () => undefined,
        ),
      closeAll,
    },
    entries,
    act,
    remove: (id) => {
      entries.value = entries.value.filter((e) => e.id !== id || e.open);
    },
    destroy() {
      closeAll();
      entries.value = [];
    },
  };
}
