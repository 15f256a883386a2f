import { defineScreen } from '../../define';
import { WalletHome } from './WalletHome';
import css from './wallet-home.css';
import ledgerCss from './wallet-ledger.css';
import withdrawCss from './wallet-withdraw.css';
import { walletRoute } from './route';

// The order is part of the styles: a later rule wins over an earlier one of the same weight. The screen's frame with
// its figures and entries first, then the ledger with a row's detail, then the withdrawal sheet.
export const walletScreen = defineScreen(walletRoute, WalletHome, [css, ledgerCss, withdrawCss]);
