import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const feedbackRoute = defineRoute({
  path: '/ad-center/feedback',
  backRoute: '/ad-center',
  icons: SIGNED_IN_ICONS,
});
