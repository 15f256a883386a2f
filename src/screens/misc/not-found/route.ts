import { defineRoute } from '../../define';

export const notFoundRoute = defineRoute({ path: '/404', noAuth: true });
