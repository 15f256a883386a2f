import { useRef } from 'react';

/**
 * A ref that always holds the value of the latest render: listeners attached once (and callbacks that must not
 * restart effects) read current props through it.
 */
export function useLatest<T>(value: T): { current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
