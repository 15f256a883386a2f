import { OPEN_ICONS } from '../../../router/routes';
import { defineScreen } from '../../define';
import { Login } from './Login';

export const loginRoute = defineScreen({ path: '/login', noAuth: true, noPrevious: true, noBackButton: true, icons: OPEN_ICONS, component: Login });
