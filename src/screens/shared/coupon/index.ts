export { CouponCard, type CouponCardProps } from './CouponCard';
export { couponRequirement, couponValue, dayCount } from './wording';
export { default as couponCss } from './coupon.css';
