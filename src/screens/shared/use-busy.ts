import { useRef, useState } from 'react';

/**
 * Runs one async action at a time. The guard is a ref, not state: a second tap that lands before preact
 * re-renders must still be refused (a double tap never submits twice).
 */
export function useBusy(): [boolean, (fn: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async (fn: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await fn();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return [busy, run];
}
