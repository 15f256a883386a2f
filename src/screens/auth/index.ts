import { loginScreen } from './login';
import { registerScreen } from './register';

export const authScreens = [loginScreen, registerScreen];
