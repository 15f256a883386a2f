import { defineScreen } from '../../define';
import { QuesDetail } from './QuesDetail';
import css from './ques-detail.css';
import { quesDetailRoute } from './route';

export const quesDetailScreen = defineScreen(quesDetailRoute, QuesDetail, css);
