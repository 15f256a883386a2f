import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

/** A transparent header with white text; the acceptance records, the current acceptance and the code entry. */
export const foreignExchangeRoute = defineRoute({ path: '/wallet/foreign-exchange', backRoute: '/wallet', icons: SIGNED_IN_ICONS, header: 'transparent', white: true });
