import { SIGNED_IN_ICONS } from '../../router/routes';
import { comingSoon } from '../misc/coming-soon';
import { activitiesRoute } from './activities';
import { couponsRoute } from './coupons';
import { editLoginPasswordRoute } from './edit-login-password';
import { homeRoute } from './home';
import { levelRoute } from './level';

/** The ad centre (spec §2). A route whose screen is still to come stands as comingSoon(meta). */
export const adCenterRoutes = [
  homeRoute,
  activitiesRoute,
  comingSoon({ path: '/ad-center/banner-detail', backRoute: '/ad-center' }),
  couponsRoute,
  editLoginPasswordRoute,
  comingSoon({ path: '/ad-center/edit-pay-password', backRoute: '/wallet', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/ad-center/feedback', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
  levelRoute,
  comingSoon({ path: '/ad-center/operated', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/ad-center/ques-detail', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
];
