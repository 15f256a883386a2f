import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineScreen } from '../../define';
import { couponCss } from '../../shared/coupon';
import { Coupons } from './Coupons';
import css from './coupons.css';

export const couponsRoute = defineScreen({ path: '/ad-center/coupons', backRoute: '/ad-center', icons: SIGNED_IN_ICONS, component: Coupons, css: couponCss + css });
