import type { LevelDef, LevelOverview } from '../../../api/shapes/ad-center';

/** The merchant's place in the table: the level held (if the table names it) and the one after it. */
export function standing(o: LevelOverview): { current?: LevelDef; next?: LevelDef } {
  const levels = [...o.levels].sort((a, b) => a.level - b.level);
  return { current: levels.find((l) => l.level === o.level), next: levels.find((l) => l.level > o.level) };
}

/** How far a value is towards a threshold, 0 to 1 (a zero threshold is met at once). */
export const share = (value: number, target: number): number =>
  target <= 0 ? 1 : Math.min(1, Math.max(0, value / target));
