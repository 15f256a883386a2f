import { Icon } from '../../../ui/icon';

/**
 * The wallet's icons: our own 24×24 line drawings in currentColor, drawn by ui/icon's Icon; their paths stay in the
 * wallet's folder (not ui/icon's set, which the script tag's core carries) so only the wallet screens carry them.
 */
const PATHS = {
  withdraw: 'M12 15V3M7 8l5-5 5 5M4 14v5a2 2 0 002 2h12a2 2 0 002-2v-5',
  deposit: 'M12 3v12M7 10l5 5 5-5M4 14v5a2 2 0 002 2h12a2 2 0 002-2v-5',
  card: 'M2 7a2 2 0 012-2h16a2 2 0 012 2v10a2 2 0 01-2 2H4a2 2 0 01-2-2zM2 10h20M6 15h4',
  exchange: 'M4 8h14l-4-4M20 16H6l4 4',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 018 0v4M12 15v2',
  details: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
} as const;

export type WalletIconName = keyof typeof PATHS;

export function WalletIcon({ name, size = 24 }: { name: WalletIconName; size?: number }) {
  return <Icon d={PATHS[name]} size={size} stroke={1.8} className="ma-wallet-icon" />;
}
