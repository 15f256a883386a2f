export { bem, cx, type Mods } from './bem';
export { prefersReducedMotion } from './motion';
export { createTouch, type TouchTracker, type TouchDirection, type TouchLike } from './touch';
export { useLatest } from './use-latest';
