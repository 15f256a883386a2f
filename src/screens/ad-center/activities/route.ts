import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const activitiesRoute = defineRoute({
  path: '/ad-center/activities',
  backRoute: '/ad-center',
  icons: SIGNED_IN_ICONS,
});
