import { defineScreen } from '../../define';
import { BindCard } from './BindCard';
import css from './bind-card.css';
import { bindCardRoute } from './route';

export const bindCardScreen = defineScreen(bindCardRoute, BindCard, css);
