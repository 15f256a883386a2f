import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const operatedRoute = defineRoute({
  path: '/ad-center/operated',
  backRoute: '/ad-center',
  icons: SIGNED_IN_ICONS,
});
