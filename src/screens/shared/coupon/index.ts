export { CouponCard, type CouponCardProps, type CouponStamp } from './CouponCard';
export { couponTerms, couponValue, dayCount, expiresSoon, isWalletCoupon, EXPIRES_SOON_MS } from './wording';
export { default as couponCss } from './coupon.css';
