import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const editLoginPasswordRoute = defineRoute({
  path: '/ad-center/edit-login-password',
  backRoute: '/ad-center',
  icons: SIGNED_IN_ICONS,
});
