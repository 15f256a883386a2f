import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineScreen } from '../../define';
import { QuesDetail } from './QuesDetail';
import css from './ques-detail.css';

export const quesDetailRoute = defineScreen({ path: '/ad-center/ques-detail', backRoute: '/ad-center', icons: SIGNED_IN_ICONS, component: QuesDetail, css });
