/** The text a count badge shows, or null when it shows nothing (also what a control's label says of the count). */
export function badgeText(count: number | undefined, max: number, showZero: boolean, maxText: string): string | null {
  if (count === undefined || Number.isNaN(count)) return null;
  if (count <= 0 && !showZero) return null;
  return count > max ? maxText : String(Math.max(0, count));
}
