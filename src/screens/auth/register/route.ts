import { OPEN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const registerRoute = defineRoute({ path: '/register', noAuth: true, backRoute: '/login', icons: OPEN_ICONS });
