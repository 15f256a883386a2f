import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

/** Changing the transaction password: the old one, then the new one twice. */
export const editPayPasswordRoute = defineRoute({
  path: '/ad-center/edit-pay-password',
  backRoute: '/wallet',
  icons: SIGNED_IN_ICONS,
});
