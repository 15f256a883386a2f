import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineScreen } from '../../define';
import { Operated } from './Operated';
import css from './operated.css';

export const operatedRoute = defineScreen({ path: '/ad-center/operated', backRoute: '/ad-center', icons: SIGNED_IN_ICONS, component: Operated, css });
