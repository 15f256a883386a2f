import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const quesDetailRoute = defineRoute({
  path: '/ad-center/ques-detail',
  backRoute: '/ad-center',
  icons: SIGNED_IN_ICONS,
});
