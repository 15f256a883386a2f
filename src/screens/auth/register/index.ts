import { OPEN_ICONS } from '../../../router/routes';
import { defineScreen } from '../../define';
import { Register } from './Register';
import css from './register.css';

export const registerRoute = defineScreen({ path: '/register', noAuth: true, backRoute: '/login', icons: OPEN_ICONS, component: Register, css });
