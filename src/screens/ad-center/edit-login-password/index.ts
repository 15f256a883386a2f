import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineScreen } from '../../define';
import { EditLoginPassword } from './EditLoginPassword';

export const editLoginPasswordRoute = defineScreen({ path: '/ad-center/edit-login-password', backRoute: '/ad-center', icons: SIGNED_IN_ICONS, component: EditLoginPassword });
