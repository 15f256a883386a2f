import { defineScreen } from '../../define';
import { ForeignExchange } from './ForeignExchange';
import { foreignExchangeRoute } from './route';

export const foreignExchangeScreen = defineScreen(foreignExchangeRoute, ForeignExchange);
