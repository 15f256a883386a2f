import { SIGNED_IN_ICONS } from '../../router/routes';
import { comingSoon } from '../misc/coming-soon';
import { editLoginPasswordRoute } from './edit-login-password';
import { homeRoute } from './home';

/** The ad centre (spec §2). A route whose screen is still to come stands as comingSoon(meta). */
export const adCenterRoutes = [
  homeRoute,
  comingSoon({ path: '/ad-center/activities', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/ad-center/banner-detail', backRoute: '/ad-center' }),
  comingSoon({ path: '/ad-center/coupons', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
  editLoginPasswordRoute,
  comingSoon({ path: '/ad-center/edit-pay-password', backRoute: '/wallet', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/ad-center/feedback', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/ad-center/level', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/ad-center/operated', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
  comingSoon({ path: '/ad-center/ques-detail', backRoute: '/ad-center', icons: SIGNED_IN_ICONS }),
];
