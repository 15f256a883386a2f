import { defineScreen } from '../../define';
import { SetPayPassword } from './SetPayPassword';
import { setPasswordRoute } from './route';

export const setPasswordScreen = defineScreen(setPasswordRoute, SetPayPassword);
