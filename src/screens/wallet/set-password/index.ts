import { defineScreen } from '../../define';
import css from '../shared/pay-password.css';
import { SetPayPassword } from './SetPayPassword';
import { setPasswordRoute } from './route';

export const setPasswordScreen = defineScreen(setPasswordRoute, SetPayPassword, css);
