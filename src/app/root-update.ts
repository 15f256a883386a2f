import * as React from 'react';

type Act = (update: () => void) => void;

/**
 * Runs an update of the app's own React root (its first render, its unmount). In a test that set up React's act
 * environment (IS_REACT_ACT_ENVIRONMENT, as Testing Library does in Jest), inside React's act(): the partner's test
 * cannot wrap the app's updates itself, and React would warn that an update to "Root" was not wrapped. Anywhere
 * else, and on a React without act() (before 18.3), as it is. The script tag and the module build run on preact,
 * which has no act environment: rollup.config.mjs gives them root-update-preact.ts.
 */
export function rootUpdate(update: () => void): void {
  const act = (React as unknown as { act?: Act }).act;
  if ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT === true && typeof act === 'function') act(update);
  else update();
}
