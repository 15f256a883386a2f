import { adCenterRoutes } from '../screens/ad-center';
import { authRoutes } from '../screens/auth';
import type { ScreenRoute } from '../screens/define';
import { miscRoutes } from '../screens/misc';
import { notificationRoutes } from '../screens/notification';
import { planRoutes } from '../screens/plan';
import { walletRoutes } from '../screens/wallet';

/** The route table of spec §2, from the screen groups; a group adds a screen with one line of its own. */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  ...authRoutes,
  ...miscRoutes,
  ...adCenterRoutes,
  ...notificationRoutes,
  ...planRoutes,
  ...walletRoutes,
];
