import { SIGNED_IN_ICONS } from '../../router/routes';
import { comingSoon } from '../misc/coming-soon';

export const planRoutes = [
  comingSoon({ path: '/plan', backRoute: '/ad-center', icons: { ...SIGNED_IN_ICONS, logout: true } }),
  comingSoon({ path: '/plan/detail', backRoute: '/plan', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/plan/goods-detail', header: 'transparent' }),
];
