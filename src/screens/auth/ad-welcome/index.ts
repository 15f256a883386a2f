import { defineScreen } from '../../define';
import { AdWelcome } from './AdWelcome';
import css from './ad-welcome.css';
import { adWelcomeRoute } from './route';

export const adWelcomeScreen = defineScreen(adWelcomeRoute, AdWelcome, css);
