import { useEffect } from 'react';
import { useApp } from '../../app/context';
import { lazyFile, useLazyFile } from '../../lib/lazy-file';

export type ServiceModule = typeof import('./index');

/** The service file (./index.ts), fetched on demand. */
export const serviceFile = lazyFile((): Promise<ServiceModule> => import('./index'));

/**
 * The service file for a sheet of it that is `open`: fetched at its first opening (unless the prefetch brought it).
 * If it cannot be fetched, the sheet is closed again (`close`) and a toast says why; the next opening tries again.
 */
export function useServiceFile(open: boolean, close: () => void): ServiceModule | undefined {
  const app = useApp();
  const file = useLazyFile(serviceFile, open, app.assets);
  useEffect(() => {
    if (!open || !file.failed) return;
    close();
    app.overlays.toast.fail(app.i18n.t('app.screenLoadFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts once to a failure; `close` is a new function on every render
  }, [open, file.failed]);
  return file.module;
}
