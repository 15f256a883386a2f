import { defineScreen } from '../../define';
import { BindCard } from './BindCard';
import { bindCardRoute } from './route';

export const bindCardScreen = defineScreen(bindCardRoute, BindCard);
