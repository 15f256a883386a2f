import { defineScreen } from '../../define';
import { Home } from './Home';
import css from './home.css';
import { homeRoute } from './route';

export const homeScreen = defineScreen(homeRoute, Home, css);
