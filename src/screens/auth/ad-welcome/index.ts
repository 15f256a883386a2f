import { defineScreen } from '../../define';
import { AdWelcome } from './AdWelcome';
import css from './ad-welcome.css';

export const adWelcomeRoute = defineScreen({ path: '/ad-welcome', noAuth: true, noPrevious: true, header: 'transparent', white: true, icons: { language: true }, component: AdWelcome, css });
