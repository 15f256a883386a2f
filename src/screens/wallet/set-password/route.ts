import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

/** Setting the transaction password in two steps (enter, confirm). */
export const setPasswordRoute = defineRoute({
  path: '/wallet/set-password',
  backRoute: '/wallet',
  icons: SIGNED_IN_ICONS,
});
