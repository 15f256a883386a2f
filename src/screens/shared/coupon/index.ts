export { CouponCard, type CouponCardProps } from './CouponCard';
export { couponRequirement, couponValue, dayCount } from './wording';
export { newRequestId } from './request-id';
export { default as couponCss } from './coupon.css';
