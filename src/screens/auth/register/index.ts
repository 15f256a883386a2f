import { defineScreen } from '../../define';
import { Register } from './Register';
import css from './register.css';
import { registerRoute } from './route';

export const registerScreen = defineScreen(registerRoute, Register, css);
