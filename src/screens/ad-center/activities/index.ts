import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineScreen } from '../../define';
import { couponCss } from '../../shared/coupon';
import { Activities } from './Activities';
import css from './activities.css';

// Both screens that show the coupon card bring its rules; the repeat in the widget's one style is harmless.
export const activitiesRoute = defineScreen({ path: '/ad-center/activities', backRoute: '/ad-center', icons: SIGNED_IN_ICONS, component: Activities, css: couponCss + css });
