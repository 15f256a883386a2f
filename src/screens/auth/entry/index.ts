import { defineScreen } from '../../define';
import { Entry } from './Entry';

export const entryRoute = defineScreen({ path: '/entry', noAuth: true, noPrevious: true, noBackButton: true, component: Entry });
