import { adCenterRoutes } from '../screens/ad-center/routes';
import { authRoutes } from '../screens/auth/routes';
import type { ScreenRoute } from '../screens/define';
import { miscRoutes } from '../screens/misc/routes';
import { messagesRoutes } from '../screens/messages/routes';
import { planRoutes } from '../screens/plan/routes';
import { serviceRoutes } from '../screens/service/routes';
import { walletRoutes } from '../screens/wallet/routes';

/**
 * The route table (docs/product.md, "Routes"), from the screen groups' route lists: only meta (path, title, header, group), so the
 * header of a route shows at once while its group's file is still on its way.
 */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  ...authRoutes,
  ...miscRoutes,
  ...serviceRoutes,
  ...adCenterRoutes,
  ...messagesRoutes,
  ...planRoutes,
  ...walletRoutes,
];
