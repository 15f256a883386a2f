import type { ComponentType } from 'react';
import type { ScreenProps } from '../screens/types';
import { Login } from '../screens/auth/Login';
import { Register } from '../screens/auth/Register';
import { Entry } from '../screens/auth/Entry';
import { AdWelcome } from '../screens/auth/AdWelcome';
import { Home } from '../screens/ad-center/Home';
import { EditLoginPassword } from '../screens/ad-center/EditLoginPassword';
import { NotFound } from '../screens/misc/NotFound';
import { Customer } from '../screens/misc/Customer';
import { ComingSoon } from '../screens/misc/ComingSoon';

/** Screen of each route name; routes without one show ComingSoon until their issue lands. */
export const SCREENS: Record<string, ComponentType<ScreenProps>> = {
  login: Login,
  register: Register,
  entry: Entry,
  'ad-welcome': AdWelcome,
  '404': NotFound,
  'ad-center': Home,
  'ad-center-edit-login-password': EditLoginPassword,
  customer: Customer,
  'coming-soon': ComingSoon,
};
