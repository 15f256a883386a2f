import { defineScreen } from '../../define';
import { WalletHome } from './WalletHome';
import css from './wallet-home.css';
import { walletRoute } from './route';

export const walletScreen = defineScreen(walletRoute, WalletHome, css);
