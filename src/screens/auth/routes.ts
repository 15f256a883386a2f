import { inGroup } from '../define';
import { adWelcomeRoute } from './ad-welcome/route';
import { entryRoute } from './entry/route';
import { loginRoute } from './login/route';
import { registerRoute } from './register/route';

/**
 * Sign-in, registration and the partner entry (docs/product.md, "Partner entry links"). Login and registration are in the script; the partner
 * entry and the welcome page it leads to are a file of their own (partner-group.ts): they are reached only through
 * a partner's signed link, which opens the widget on /entry, so that file is the first one it fetches.
 */
export const authRoutes = [
  ...inGroup('core', [loginRoute, registerRoute]),
  ...inGroup('auth-partner', [entryRoute, adWelcomeRoute]),
];
