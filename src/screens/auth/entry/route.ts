import { defineRoute } from '../../define';

export const entryRoute = defineRoute({ path: '/entry', noAuth: true, noPrevious: true, noBackButton: true });
