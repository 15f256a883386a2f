import { OPEN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const loginRoute = defineRoute({
  path: '/login',
  noAuth: true,
  noPrevious: true,
  noBackButton: true,
  icons: OPEN_ICONS,
});
