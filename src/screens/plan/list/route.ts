import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

/** The plans by status; back goes to the ad centre; logout shown. */
export const planListRoute = defineRoute({
  path: '/plan',
  backRoute: '/ad-center',
  icons: { ...SIGNED_IN_ICONS, logout: true },
});
