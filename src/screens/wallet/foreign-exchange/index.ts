import { defineScreen } from '../../define';
import { ForeignExchange } from './ForeignExchange';
import css from './foreign-exchange.css';
import { foreignExchangeRoute } from './route';

export const foreignExchangeScreen = defineScreen(foreignExchangeRoute, ForeignExchange, css);
