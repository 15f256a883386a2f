import type { ScreenProps } from '../../types';

/** Placeholder: the screen is being built (issue 22). */
export function EditPayPassword(_: ScreenProps) {
  return null;
}
