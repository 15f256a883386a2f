import { effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { CheckInStatus, Statistics } from '../../../api/shapes/ad-center';
import type { Resource } from '../../../kit';

/**
 * The check-in as last known, so a failed refresh never hides it: what the overview last answered, or what a check-in itself
 * answered, whichever says more. A failed refresh keeps it (the resource keeps its data), and an answer that left
 * the server before a check-in landed (a refresh in flight across the tap) cannot take a done day back: for the
 * same local day, done stays done. Null until something is known, so the view never offers a tap it cannot judge.
 * Call inside a model's factory: the effect is the model's and ends with it.
 */
export function lastKnownCheckIn(stats: Resource<Statistics>): {
  status: ReadonlySignal<CheckInStatus | null>;
  learn: (next: CheckInStatus) => void;
} {
  const status = signal<CheckInStatus | null>(null);
  const learn = (next: CheckInStatus) => {
    const known = status.peek();
    if (known && known.day === next.day && known.done_today && !next.done_today) return;
    status.value = next;
  };
  effect(() => {
    const s = stats.data.value;
    if (s) learn(s.check_in);
  });
  return { status, learn };
}
