import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineScreen } from '../../define';
import { Home } from './Home';
import css from './home.css';

export const homeRoute = defineScreen({ path: '/ad-center', noPrevious: true, noBackButton: true, header: 'hidden', icons: { ...SIGNED_IN_ICONS, service: true, logout: true }, component: Home, css });
