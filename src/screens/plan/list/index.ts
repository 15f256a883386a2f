import { defineScreen } from '../../define';
import { PlanList } from './PlanList';
import css from './plan-list.css';
import { planListRoute } from './route';

export const planListScreen = defineScreen(planListRoute, PlanList, css);
