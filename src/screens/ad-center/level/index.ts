import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineScreen } from '../../define';
import { Level } from './Level';
import css from './level.css';

export const levelRoute = defineScreen({ path: '/ad-center/level', backRoute: '/ad-center', icons: SIGNED_IN_ICONS, component: Level, css });
