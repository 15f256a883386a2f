import { lazyFile } from '../../lib/lazy-file';

/**
 * The badge (./Badge.tsx), fetched on demand: only a signed-in header's bell shows one, so the script tag, which
 * carries the signed-out app, does not carry it.
 */
export const badgeFile = lazyFile(() => import('./Badge'));
