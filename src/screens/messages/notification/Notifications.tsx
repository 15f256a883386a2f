import type { ScreenProps } from '../../types';

export function Notifications(_: ScreenProps) {
  return <div className="ma-page" />;
}
