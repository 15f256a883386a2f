import { adWelcomeRoute } from './ad-welcome';
import { entryRoute } from './entry';
import { loginRoute } from './login';
import { registerRoute } from './register';

/** Sign-in, registration and the partner entry (spec §2). */
export const authRoutes = [loginRoute, registerRoute, entryRoute, adWelcomeRoute];
