import { defineScreen } from '../../define';
import { NotFound } from './NotFound';

export const notFoundRoute = defineScreen({ path: '/404', noAuth: true, component: NotFound });
