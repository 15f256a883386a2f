import { defineScreen } from '../../define';
import { PlanDetail } from './PlanDetail';
import css from './plan-detail.css';
import { planDetailRoute } from './route';

export const planDetailScreen = defineScreen(planDetailRoute, PlanDetail, css);
