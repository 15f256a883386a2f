export { createOverlays, useOverlays, OverlayContext, DEFAULT_Z_INDEX_BASE, type Overlays } from './overlays';
export { OverlayHost } from './OverlayHost';
export { deepActiveElement, tabbables, trapTab, prefersReducedMotion } from './focus';
export { type OpenOptions, type OverlayRender } from './custom-store';
