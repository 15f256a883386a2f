import { SIGNED_IN_ICONS } from '../../router/routes';
import { comingSoon } from '../misc/coming-soon';

export const walletRoutes = [
  comingSoon({ path: '/wallet', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/wallet/bind-card', backRoute: '/wallet', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/wallet/foreign-exchange', backRoute: '/wallet', header: 'transparent', white: true, icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/wallet/set-password', backRoute: '/wallet', icons: SIGNED_IN_ICONS }),
];
