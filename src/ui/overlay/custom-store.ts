import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { ReactNode } from 'react';
import type { PopupPosition } from '../popup/Popup';

export interface OpenOptions {
  /** Shown as the popup's heading, and names it for screen readers. */
  title?: string;
  /** Names the popup when it has no title (a dialog must have a name). */
  ariaLabel?: string;
  /** Default 'center'. */
  position?: PopupPosition;
  /** Tapping the overlay closes (resolving undefined). Default: only for sheets, not for a centred dialog. */
  closeOnOverlay?: boolean;
  /** Default true. */
  round?: boolean;
  /** A sheet's height, e.g. '70%'. */
  height?: string;
  /** A close button in the corner. */
  closeable?: boolean;
  className?: string;
}

/** Content given to overlays.open(): `close(result)` settles its promise with `result`. */
export type OverlayRender<R> = (close: (result?: R) => void) => ReactNode;

export interface CustomEntry {
  id: number;
  render: OverlayRender<unknown>;
  close: (result?: unknown) => void;
  options: OpenOptions;
  /** False once settled: the entry stays until its leave transition ends, then remove() drops it. */
  open: boolean;
}

export interface CustomStore {
  open: <R>(render: OverlayRender<R>, options?: OpenOptions) => Promise<R | undefined>;
  entries: ReadonlySignal<CustomEntry[]>;
  remove: (id: number) => void;
  /** Settles every pending open() with undefined; the layers leave with their transition. */
  closeAll: () => void;
  /** Settles every pending open() with undefined and drops the entries at once (the instance is going away). */
  destroy: () => void;
}

/** The overlays opened with custom content, and the promises waiting for them. */
export function createCustomStore(): CustomStore {
  const entries = signal<CustomEntry[]>([]);
  const resolvers = new Map<number, (result: unknown) => void>();
  let seq = 0;

  const settle = (id: number, result: unknown) => {
    const resolve = resolvers.get(id);
    // The first close wins: a second one (a double tap, Escape during the leave transition) is ignored.
    if (!resolve) return;
    resolvers.delete(id);
    entries.value = entries.value.map((e) => (e.id === id ? { ...e, open: false } : e));
    resolve(result);
  };

  const closeAll = () => {
    for (const id of [...resolvers.keys()]) settle(id, undefined);
  };

  return {
    open<R>(render: OverlayRender<R>, options: OpenOptions = {}) {
      return new Promise<R | undefined>((resolve) => {
        const id = ++seq;
        resolvers.set(id, resolve as (result: unknown) => void);
        const close = (result?: unknown) => settle(id, result);
        entries.value = [
          ...entries.value,
          { id, render: render as OverlayRender<unknown>, close, options, open: true },
        ];
      });
    },
    entries,
    remove(id) {
      entries.value = entries.value.filter((e) => e.id !== id || e.open);
    },
    closeAll,
    destroy() {
      closeAll();
      entries.value = [];
    },
  };
}
