/**
 * The ad centre: its figures, the live ticker, the check-in, levels, activities, follows and coupons.
 * One module of the call table (api/calls/index.ts).
 */
import type { Call } from '../call';
import type {
  Activities,
  Broadcast,
  FollowRecord,
  LevelOverview,
  SignInResult,
  Statistics,
  UnfollowResult,
} from '../shapes/ad-center';
import type { Coupon, CouponPage } from '../shapes/coupon';
import type { Page } from '../shapes/page';

export const broadcast = 'GET /broadcast-data open' as Call<Broadcast, 'broadcast'>;
export const statistics = 'GET /ad/order/data_statistics/list' as Call<Statistics, 'statistics'>;
// The daily check-in; the day is the merchant's own, from X-TZ.
export const signIn = 'POST /user/sign_in' as Call<SignInResult, 'signIn'>;
export const level = 'GET /user/level' as Call<LevelOverview, 'level'>;
export const activities = 'GET /activity/list' as Call<Activities, 'activities'>;
export const activityReceive = 'POST /activity/receive' as Call<Coupon, 'activityReceive'>;
export const assistanceList = 'GET /assistance/list' as Call<Page<FollowRecord>, 'assistanceList'>;
// id_error (field proxy_id) for an unknown ID or the merchant's own; following the same ID again answers the record.
export const assistanceFollow = 'POST /assistance/follow' as Call<FollowRecord, 'assistanceFollow'>;
// not_found for a follow record that is not this merchant's (or is gone); the same request_id answers the same.
export const assistanceUnfollow = 'POST /assistance/unfollow' as Call<UnfollowResult, 'assistanceUnfollow'>;
export const couponList = 'GET /user_coupon/list' as Call<CouponPage, 'couponList'>;
export const couponReceive = 'POST /user_coupon/receive' as Call<Coupon, 'couponReceive'>;
