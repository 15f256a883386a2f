import { SIGNED_IN_ICONS } from '../../router/routes';
import { comingSoon } from '../misc/coming-soon';
import { activitiesRoute } from './activities';
import { couponsRoute } from './coupons';
import { editLoginPasswordRoute } from './edit-login-password';
import { homeRoute } from './home';
import { bannerDetailRoute } from './banner-detail';
import { operatedRoute } from './operated';
import { quesDetailRoute } from './ques-detail';
import { levelRoute } from './level';

/** The ad centre (spec §2). A route whose screen is still to come stands as comingSoon(meta). */
export const adCenterRoutes = [
  homeRoute,
  activitiesRoute,
  bannerDetailRoute,
  couponsRoute,
  editLoginPasswordRoute,
  comingSoon({ path: '/ad-center/edit-pay-password', backRoute: '/wallet', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/ad-center/feedback', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
  levelRoute,
  operatedRoute,
  quesDetailRoute,
];
