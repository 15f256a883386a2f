import type { ReadonlySignal } from '@preact/signals-react';

/**
 * Notices that what a resource or a list shows has changed on the server (the app's change stream, filtered to
 * what it shows): `subscribe` calls back on each, and while `live` is true the timed refresh rests, since a change
 * would be told. While it is false (no stream: a proxy that cuts it, a server without it) the timer runs as before.
 */
export interface ChangeNotices {
  live: ReadonlySignal<boolean>;
  subscribe: (onChange: () => void) => () => void;
}
