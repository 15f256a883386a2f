/**
 * A figure's change against the previous period. The ratio is taken against the previous value's size, so a
 * negative profit that grows less negative is a rise. Changes that round to 0.0 % say "no change".
 */
export type Change =
  | { kind: 'same' }
  /** From zero: no percentage exists. */
  | { kind: 'fromZero'; dir: 'up' | 'down' }
  | { kind: 'ratio'; dir: 'up' | 'down'; ratio: number };

export function changeOf(now: number, before: number): Change {
  if (now === before) return { kind: 'same' };
  if (before === 0) return { kind: 'fromZero', dir: now > 0 ? 'up' : 'down' };
  const ratio = (now - before) / Math.abs(before);
  // The screen shows one decimal of a percentage: what rounds to 0.0 % is no change worth a sign.
  if (Math.round(Math.abs(ratio) * 1000) === 0) return { kind: 'same' };
  return { kind: 'ratio', dir: ratio > 0 ? 'up' : 'down', ratio };
}
