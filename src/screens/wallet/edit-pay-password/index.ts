import { defineScreen } from '../../define';
import css from '../shared/pay-password.css';
import { EditPayPassword } from './EditPayPassword';
import { editPayPasswordRoute } from './route';

export const editPayPasswordScreen = defineScreen(editPayPasswordRoute, EditPayPassword, css);
