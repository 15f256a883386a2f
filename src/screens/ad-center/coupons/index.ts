import { defineScreen } from '../../define';
import { couponCss } from '../../shared/coupon';
import { Coupons } from './Coupons';
import css from './coupons.css';
import { couponsRoute } from './route';

export const couponsScreen = defineScreen(couponsRoute, Coupons, [couponCss, css]);
