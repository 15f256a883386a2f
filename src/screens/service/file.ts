import { lazyFile } from '../../lib/lazy-file';

export type ServiceModule = typeof import('./index');

/** The service file (./index.ts), fetched on demand. */
export const serviceFile = lazyFile((): Promise<ServiceModule> => import('./index'));
