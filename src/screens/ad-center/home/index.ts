import { defineScreen } from '../../define';
import checkInCss from './checkin.css';
import { Home } from './Home';
import css from './home.css';
import { homeRoute } from './route';

export const homeScreen = defineScreen(homeRoute, Home, [css, checkInCss]);
