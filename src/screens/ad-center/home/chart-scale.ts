/**
 * Nice axis scales for the overview's chart: gridlines at round steps (1, 2, 2.5 or 5 times a power of ten), a
 * top gridline above the peak with some room (a line never runs along the top), and one number of steps shared
 * by every axis, so two axes' gridlines are the same lines.
 */

export interface Axis {
  /** The value of each gridline, 0 first; the last is the top. */
  ticks: number[];
  top: number;
}

const MULTIPLES = [1, 2, 2.5, 5, 10];
/** The top gridline is at least this far above the peak. */
export const HEADROOM = 1.1;
/** How many steps an axis may have, the preferred first. */
const STEP_COUNTS = [4, 3, 5];

/** The smallest nice step at least `raw`; whole for counts (no "2.5 clicks"). */
export function niceStep(raw: number, whole = true): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of MULTIPLES) {
    const step = m * power;
    if (step >= raw * (1 - 1e-12) && (!whole || Number.isInteger(step))) return step;
  }
  return 10 * power;
}

/**
 * Axes for series with these peaks, sharing a number of steps: the count whose tops waste the least room above
 * the peaks (3, 4 or 5 steps; 4 when equal). An empty series (peak 0) gets 0…count.
 */
export function niceAxes(peaks: number[], whole = true): Axis[] {
  let best: { waste: number; axes: Axis[] } | undefined;
  for (const count of STEP_COUNTS) {
    let waste = 0;
    const axes = peaks.map((peak) => {
      const step = niceStep((peak * HEADROOM) / count, whole);
      waste += peak > 0 ? (step * count) / peak : 1;
      return { ticks: Array.from({ length: count + 1 }, (_, i) => step * i), top: step * count };
    });
    if (!best || waste < best.waste - 1e-9) best = { waste, axes };
  }
  return best!.axes;
}
