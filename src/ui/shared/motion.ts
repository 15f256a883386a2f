/** Users who asked for less motion get none: script-driven animations and smooth scrolling check this. */
export const prefersReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
