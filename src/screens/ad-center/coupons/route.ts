import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const couponsRoute = defineRoute({
  path: '/ad-center/coupons',
  backRoute: '/ad-center',
  icons: SIGNED_IN_ICONS,
});
