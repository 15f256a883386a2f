import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

/** The wallet's figures, its actions and the monthly ledger; back goes to the ad centre. */
export const walletRoute = defineRoute({ path: '/wallet', backRoute: '/ad-center', icons: SIGNED_IN_ICONS });
