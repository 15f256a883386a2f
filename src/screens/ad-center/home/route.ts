import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const homeRoute = defineRoute({
  path: '/ad-center',
  noPrevious: true,
  noBackButton: true,
  header: 'hidden',
  icons: { ...SIGNED_IN_ICONS, service: true, logout: true },
});
