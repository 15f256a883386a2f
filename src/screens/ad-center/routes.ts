import { inGroup } from '../define';
import { activitiesRoute } from './activities/route';
import { bannerDetailRoute } from './banner-detail/route';
import { couponsRoute } from './coupons/route';
import { editLoginPasswordRoute } from './edit-login-password/route';
import { homeRoute } from './home/route';
import { levelRoute } from './level/route';
import { operatedRoute } from './operated/route';
import { quesDetailRoute } from './ques-detail/route';

/**
 * The ad centre's routes, in two files: the dashboard and what it links to (index.ts), and the coupon,
 * activity and plan-follow tools (tools-group.ts), each within the per-file budget. The transaction-password change
 * (/ad-center/edit-pay-password) is the wallet file's (screens/wallet).
 */
export const adCenterRoutes = [
  ...inGroup('ad-center', [homeRoute, bannerDetailRoute, editLoginPasswordRoute, levelRoute, quesDetailRoute]),
  ...inGroup('ad-center-tools', [activitiesRoute, couponsRoute, operatedRoute]),
];
