import { defineRoute } from '../../define';

export const customerRoute = defineRoute({ path: '/customer' });
