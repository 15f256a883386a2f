import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

/** Binding a bank card or wallet address (withdraw_method_config says which). */
export const bindCardRoute = defineRoute({ path: '/wallet/bind-card', backRoute: '/wallet', icons: SIGNED_IN_ICONS });
