/** What the ad centre's calls accept (overview, plan follow, coupons, activities), each named after its call. */
import { STAT_PERIODS } from '../shapes/ad-center';
import { COUPON_STATES } from '../shapes/coupon';
import { obj } from '../schema/object';
import { str } from '../schema/text';
import { oneOf, opt } from '../schema/choice';
import { int } from '../schema/numbers';
import { paging } from './paging';

export const statistics = obj({ type: oneOf(STAT_PERIODS), user_time_zone: opt(str({ max: 64 })) });
export const assistanceList = obj({ ...paging });
export const assistanceFollow = obj({ proxy_id: str({ max: 32, pattern: /^[A-Za-z0-9]+$/ }) });
export const assistanceUnfollow = obj({ id: int({ min: 1 }), request_id: str({ min: 8, max: 64 }) });
export const couponList = obj({ state: opt(oneOf(COUPON_STATES)), ...paging });
export const couponReceive = obj({ coupon_id: int({ min: 1 }), request_id: str({ min: 8, max: 64 }) });
export const activityReceive = obj({ activity_id: int({ min: 1 }), request_id: str({ min: 8, max: 64 }) });
