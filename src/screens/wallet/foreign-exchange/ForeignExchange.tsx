import type { ScreenProps } from '../../types';

/** Placeholder: the screen is being built (issue 22). */
export function ForeignExchange(_: ScreenProps) {
  return null;
}
