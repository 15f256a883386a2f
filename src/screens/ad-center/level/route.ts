import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const levelRoute = defineRoute({ path: '/ad-center/level', backRoute: '/ad-center', icons: SIGNED_IN_ICONS });
