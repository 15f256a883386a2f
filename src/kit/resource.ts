import { useLayoutEffect, useState } from 'react';
import { batch, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ChangeNotices } from './changes';
import { whileVisible } from './while-visible';

/** Data loaded by an async loader, kept fresh by signals it reads, an optional interval and reload(). */
export interface Resource<T> {
  /** The last answer; kept while a reload runs or fails, so the screen never flashes empty. */
  data: ReadonlySignal<T | undefined>;
  /** The last run's failure; cleared by the next success. An aborted run is never an error. */
  error: ReadonlySignal<unknown>;
  /** True while a run is in flight (the first one included). */
  loading: ReadonlySignal<boolean>;
  /**
   * True while the data shown answers an earlier input: a signal the loader reads has changed (another tab, another
   * filter) and no answer for the new one has landed (it is in flight, or it failed: `error` says which). A plain
   * reload or refresh of the same input is not stale.
   */
  stale: ReadonlySignal<boolean>;
  /** Runs the loader again now (aborting a run in flight); resolves once a run has settled. Never rejects. */
  reload: () => Promise<void>;
  /** Aborts the run in flight, stops the refresh timer and the visibility listener. Idempotent. */
  dispose: () => void;
}

export interface ResourceOptions<T = unknown> {
  /**
   * Reload this often while the document is visible (a dashboard's REFRESH_MS). A tick while a run is in flight
   * is skipped, never stacked on it.
   */
  refreshMs?: number;
  /**
   * Whether a tick should reload, given the data shown (a plan that has settled stops moving: no need to ask).
   * Every tick asks by default.
   */
  refreshWhile?: (data: T | undefined) => boolean;
  /** The document whose visibility pauses the refresh; the global one unless given. */
  doc?: Document;
  /**
   * Notices that the data changed (the app's change stream, kit/changes.ts): each reloads it (one under way is
   * begun again, as it may have been answered before the change), and the timed refresh rests while they are live.
   */
  changes?: ChangeNotices;
  /** Data already at hand (a store holds it): shown at once, with no skeleton frame, while the loader runs. */
  initial?: T;
}

export const isAbortError = (e: unknown): boolean => e instanceof DOMException && e.name === 'AbortError';

/**
 * Runs `loader` at once and again whenever a signal it read before its first `await` changes, on reload() and
 * on the refresh interval. Every run aborts the previous one, and an aborted run's answer is dropped, so a
 * slow stale answer never overwrites a newer one.
 *
 * Everything it holds (the request, the timer, the listener) is released by the cleanup of an `effect`, so
 * a resource created inside a createModel() factory is disposed with its model: no separate bookkeeping.
 */
export function createResource<T>(
  loader: (signal: AbortSignal) => Promise<T>,
  opts: ResourceOptions<T> = {},
): Resource<T> {
  const data = signal<T | undefined>(opts.initial);
  const error = signal<unknown>(undefined);
  const loading = signal(false);
  const stale = signal(false);
  // Bumped by reload(): the loader effect reads it, so a reload is just another tracked change.
  const runs = signal(0);
  // reload() callers waiting for the next run to settle (a superseded run settles nothing: its successor will).
  let waiters: Array<() => void> = [];
  let disposed = false;
  const wake = () => {
    const w = waiters;
    waiters = [];
    for (const ok of w) ok();
  };

  let lastRun = -1;
  const stopLoading = effect(() => {
    const run = runs.value;
    // The same run count again means a tracked input changed: what is shown answers the old one until this lands.
    const inputChanged = run === lastRun;
    lastRun = run;
    const ctrl = new AbortController();
    let answer: Promise<T>;
    try {
      answer = loader(ctrl.signal);
    } catch (e) {
      // What the loader threw, passed on as it was thrown.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      answer = Promise.reject(e);
    }
    batch(() => {
      loading.value = true;
      // A reload while a changed input's answer is still to come changes nothing: the data is as old as before.
      stale.value = inputChanged ? data.peek() !== undefined : stale.peek();
    });
    answer.then(
      (value) => {
        if (ctrl.signal.aborted) return;
        batch(() => {
          data.value = value;
          error.value = undefined;
          loading.value = false;
          stale.value = false;
        });
        wake();
      },
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        batch(() => {
          // A loader may abort on its own (a timeout of its own making): not a failure worth showing.
          if (!isAbortError(e)) error.value = e;
          loading.value = false;
        });
        wake();
      },
    );
    return () => ctrl.abort();
  });

  const reload = () => {
    if (disposed) return Promise.resolve();
    const settled = new Promise<void>((ok) => waiters.push(ok));
    runs.value++;
    return settled;
  };

  // The resource's lifetime: an effect that reads no signal runs once, and its cleanup runs only on dispose,
  // whether dispose() or the owning model's disposal asks for it.
  const stopAll = effect(() => {
    // A refresh never cuts into one still under way: on a slow network each tick would otherwise abort the
    // last and no answer would ever land (and the server would see every request twice).
    const stopRefresh = whileVisible(
      opts.doc ?? document,
      opts.refreshMs,
      () => {
        if (!loading.peek() && (opts.refreshWhile?.(data.peek()) ?? true)) void reload();
      },
      opts.changes?.live,
    );
    const stopHearing = opts.changes?.subscribe(() => void reload());
    return () => {
      disposed = true;
      stopRefresh();
      stopHearing?.();
      stopLoading();
      loading.value = false;
      wake();
    };
  });

  return { data, error, loading, stale, reload, dispose: () => stopAll() };
}

/**
 * PullRefresh's onRefresh for resources: reloads them together and rejects when one failed, so the head never
 * says "Refreshed" over a failure (the resource itself never rejects: it keeps its error for the view).
 */
export async function refreshAll(...resources: Resource<unknown>[]): Promise<void> {
  await Promise.all(resources.map((r) => r.reload()));
  const failed = resources.find((r) => r.error.peek() !== undefined);
  if (failed) throw failed.error.peek();
}

/**
 * A resource for one component mount, disposed on unmount. The loader is the one given at mount: pass what
 * changes as signals it reads (they are tracked), not as new closures.
 */
export function useResource<T>(loader: (signal: AbortSignal) => Promise<T>, opts?: ResourceOptions<T>): Resource<T> {
  useSignals(); // the caller renders from the resource's signals (tracked under React; a no-op on preact)
  const [resource] = useState(() => createResource(loader, opts));
  // A layout effect, as in useModel: disposed in the unmount itself, even one before the first paint.
  useLayoutEffect(() => () => resource.dispose(), [resource]);
  return resource;
}
