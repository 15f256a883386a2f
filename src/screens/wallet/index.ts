import '../../ui/styles/palette';
import { defineGroup } from '../define';
import { bindCardScreen } from './bind-card';
import { editPayPasswordScreen } from './edit-pay-password';
import { foreignExchangeScreen } from './foreign-exchange';
import { walletScreen } from './home';
import { setPasswordScreen } from './set-password';

/** The wallet file (routes.ts): loaded when one of its routes is first shown. */
export default defineGroup([
  walletScreen,
  bindCardScreen,
  foreignExchangeScreen,
  setPasswordScreen,
  editPayPasswordScreen,
]);
