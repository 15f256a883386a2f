import { Icon } from '../../../ui/icon';

/**
 * The home grid's icons: our own 24×24 line drawings in currentColor (two-tone through a tinted tile behind
 * them), drawn by ui/icon's Icon; their paths stay here, in the ad centre's file, because no other screen shows them.
 */
const PATHS = {
  plan: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  wallet: 'M3 7a2 2 0 012-2h13v4M3 7v11a2 2 0 002 2h15V9H5a2 2 0 01-2-2zM16 14.5h.01',
  coupon: 'M3 8a2 2 0 002-2h14a2 2 0 002 2v2a2 2 0 000 4v2a2 2 0 00-2 2H5a2 2 0 00-2-2v-2a2 2 0 000-4zM14 6v12',
  gift: 'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 010-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 000-5C13 2 12 7 12 7z',
  level: 'M12 2l3 6.3 6.9.9-5 4.8 1.2 6.9L12 17.7 5.9 20.9 7.1 14l-5-4.8 6.9-.9z',
  follow: 'M16 21v-2a4 4 0 00-4-4H6a4 4 0 00-4 4v2M9 11a4 4 0 100-8 4 4 0 000 8zM19 8v6M22 11h-6',
  feedback: 'M21 15a2 2 0 01-2 2H7l-4 4V5a2 2 0 012-2h14a2 2 0 012 2zM8 9h8M8 13h5',
  bell: 'M18 8A6 6 0 006 8c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 018 0v4',
  calendar: 'M3 5h18v16H3zM16 3v4M8 3v4M3 10h18M8 15l2.5 2.5L16 13',
} as const;

export type HomeIconName = keyof typeof PATHS;

export function HomeIcon({ name, size = 24 }: { name: HomeIconName; size?: number }) {
  return <Icon d={PATHS[name]} size={size} stroke={1.8} className="ma-home__icon" />;
}
