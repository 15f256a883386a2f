import * as React from 'react';
import type { createRoot } from 'react-dom/client';

type Root = ReturnType<typeof createRoot>;
type Act = (update: () => void) => void;

/**
 * The app's own React root, whose updates (its first render, its unmount) run inside React's act() in a test that
 * set up React's act environment (IS_REACT_ACT_ENVIRONMENT, as Testing Library does in Jest): the partner's test
 * cannot wrap the app's updates itself, and React would warn that an update to "Root" was not wrapped. Anywhere
 * else, and on a React without act() (before 18.3), as it is. The script tag and the module build run on preact,
 * which has no act environment: the build swaps in act-root-preact.ts (tools/rollup/swaps.mjs).
 */
export function actRoot(root: Root): Root {
  const run = (update: () => void) => {
    const act = (React as unknown as { act?: Act }).act;
    if (
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT === true &&
      typeof act === 'function'
    )
      act(update);
    else update();
  };
  return { render: (children) => run(() => root.render(children)), unmount: () => run(() => root.unmount()) };
}
