import { defineScreen } from '../../define';
import { Login } from './Login';
import { loginRoute } from './route';

export const loginScreen = defineScreen(loginRoute, Login);
