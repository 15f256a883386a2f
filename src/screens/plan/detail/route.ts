import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

export const planDetailRoute = defineRoute({ path: '/plan/detail', backRoute: '/plan', icons: SIGNED_IN_ICONS });
