import { defineScreen } from '../../define';
import { WalletHome } from './WalletHome';
import { walletRoute } from './route';

export const walletScreen = defineScreen(walletRoute, WalletHome);
