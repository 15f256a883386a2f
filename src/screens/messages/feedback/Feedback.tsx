import type { ScreenProps } from '../../types';

export function Feedback(_: ScreenProps) {
  return <div className="ma-page" />;
}
