// The wheel's arithmetic: which option is enabled, where a key or the mouse wheel moves the band, Vant's constants.

export interface PickerOption {
  label: string;
  value: string;
  disabled?: boolean;
}

// Vant's numbers: a lift within 300 ms of a > 15 px move flings; snapping takes 200 ms.
export const MOMENTUM_TIME = 300;
export const MOMENTUM_DISTANCE = 15;
export const SNAP_DURATION = 200;
// Finger travel under this is a tap, which the option's click handles.
export const TAP_SLOP = 5;

export const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);

/** The first enabled index from `i` going `dir`, else going the other way; -1 when every option is disabled. */
export function nearestEnabled(columns: PickerOption[], i: number, dir: 1 | -1): number {
  const n = columns.length;
  if (!n) return -1;
  const start = clamp(i, 0, n - 1);
  for (let j = start; j >= 0 && j < n; j += dir) if (!columns[j].disabled) return j;
  for (let j = start - dir; j >= 0 && j < n; j -= dir) if (!columns[j].disabled) return j;
  return -1;
}

/** The next enabled index strictly past `i` going `dir`, or `i` itself at the end. */
export function stepEnabled(columns: PickerOption[], i: number, dir: 1 | -1): number {
  for (let j = i + dir; j >= 0 && j < columns.length; j += dir) if (!columns[j].disabled) return j;
  return i;
}

export function indexOfValue(columns: PickerOption[], value: string | undefined): number {
  const i = value === undefined ? -1 : columns.findIndex((c) => c.value === value);
  return Math.max(0, nearestEnabled(columns, Math.max(i, 0), 1));
}

/**
 * Where a key moves the band from `i` (listbox keys: arrows, Home/End, a page of `visibleCount - 1`), 'confirm' for
 * Enter, or null for a key the picker leaves alone.
 */
export function keyTarget(
  key: string,
  cols: PickerOption[],
  i: number,
  visibleCount: number,
): number | 'confirm' | null {
  switch (key) {
    case 'ArrowDown':
      return stepEnabled(cols, i, 1);
    case 'ArrowUp':
      return stepEnabled(cols, i, -1);
    case 'Home':
      return nearestEnabled(cols, 0, 1);
    case 'End':
      return nearestEnabled(cols, cols.length - 1, -1);
    case 'PageDown':
      return nearestEnabled(cols, Math.min(cols.length - 1, i + visibleCount - 1), 1);
    case 'PageUp':
      return nearestEnabled(cols, Math.max(0, i - (visibleCount - 1)), -1);
    case 'Enter':
      return 'confirm';
    default:
      return null;
  }
}

/** A wheel event's travel in pixels, whatever unit it came in (lines, pages, pixels). */
export const wheelPixels = (e: WheelEvent, optionHeight: number, visibleCount: number) =>
  e.deltaMode === 1 ? e.deltaY * 16 : e.deltaMode === 2 ? e.deltaY * optionHeight * visibleCount : e.deltaY;
