import { lazyFile } from '../../lib/lazy-file';

/** The overlay views (./views.ts), fetched on demand. */
export const overlayViews = lazyFile(() => import('./views'));
