/**
 * A file of the app that is not in the script: a route group, or a part of the shell that only a tap opens. Its
 * module is fetched once per page (it is the same code for every widget on it); a failed fetch is forgotten, so the
 * next attempt (a Retry, the next navigation, the next tap) fetches again.
 */
import { useEffect, useState } from 'react';
import { loadAsset, type AssetOptions } from './assets';

export interface LazyFile<T> {
  /** The module, once it has arrived. */
  readonly loaded: T | undefined;
  /**
   * Fetches the module once (`o`: where the script-tag build finds it, its nonce). With `o.low` (a prefetch) the
   * script-tag build only brings the file into the browser's cache, and nothing is kept: it runs when it is loaded.
   */
  load: (o: AssetOptions) => Promise<T>;
}

export function lazyFile<T>(importer: () => Promise<T>): LazyFile<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | null = null;
  return {
    get loaded() {
      return loaded;
    },
    load(o) {
      if (loaded) return Promise.resolve(loaded);
      // A prefetch is neither kept nor shared: in the script-tag build it only warms the HTTP cache (nothing runs).
      if (o.low && !loading) return loadAsset(o, importer);
      return (loading ??= loadAsset(o, importer).then(
        (m) => {
          loaded = m;
          return m;
        },
        (e: unknown) => {
          loading = null;
          throw e;
        },
      ));
    },
  };
}

export interface LazyState<T> {
  module: T | undefined;
  /** The last fetch failed (until `retry`). */
  failed: boolean;
  retry: () => void;
}

/**
 * The module of a lazy file for a view: fetched once `wanted` is true, re-rendering the view when it arrives. An
 * unmount or a change while it loads leaves nothing to update.
 */
export function useLazyFile<T>(file: LazyFile<T> | undefined, wanted: boolean, o: AssetOptions): LazyState<T> {
  const module = file?.loaded;
  const [failed, setFailed] = useState<LazyFile<T> | null>(null);
  // Counts Retries and arrivals: either renders the view again; the effect then fetches again, or finds the module.
  const [attempt, bump] = useState(0);
  const again = () => bump((n) => n + 1);
  useEffect(() => {
    if (!wanted) setFailed(null); // a failure is shown once; the next time it is wanted, it is fetched again
    if (!file || module || !wanted) return;
    let live = true;
    setFailed(null);
    file.load(o).then(
      () => live && again(),
      () => live && setFailed(file),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the file loads with the options of the render that wanted it; new options alone fetch nothing again
  }, [file, module, wanted, attempt]);
  return { module, failed: !!file && failed === file, retry: again };
}
