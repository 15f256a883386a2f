import type { KeyboardEvent } from 'react';

/**
 * A keydown as the components' handlers take it, with the browser's own event: React's keyboard event has no
 * isComposing (an IME's Enter, which picks a candidate, must not submit or confirm), and preact/compat, which sets
 * nativeEvent to the event itself, leaves it out of its types.
 */
export type KeyDown<T extends Element> = KeyboardEvent<T> & { nativeEvent: globalThis.KeyboardEvent };
