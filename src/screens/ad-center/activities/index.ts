import { defineScreen } from '../../define';
import { couponCss } from '../../shared/coupon';
import { Activities } from './Activities';
import css from './activities.css';
import { activitiesRoute } from './route';

export const activitiesScreen = defineScreen(activitiesRoute, Activities, [couponCss, css]);
