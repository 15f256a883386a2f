import { inGroup } from '../define';
import { bindCardRoute } from './bind-card/route';
import { editPayPasswordRoute } from './edit-pay-password/route';
import { foreignExchangeRoute } from './foreign-exchange/route';
import { walletRoute } from './home/route';
import { setPasswordRoute } from './set-password/route';

/**
 * The wallet file: the figures and the ledger, withdrawal, the bank card, foreign exchange, and the transaction
 * password (set, and changed: its route is the ad centre's, its screen is the wallet's).
 */
export const walletRoutes = inGroup('wallet', [
  walletRoute,
  bindCardRoute,
  foreignExchangeRoute,
  setPasswordRoute,
  editPayPasswordRoute,
]);
