import { defineScreen } from '../../define';
import { EditPayPassword } from './EditPayPassword';
import { editPayPasswordRoute } from './route';

export const editPayPasswordScreen = defineScreen(editPayPasswordRoute, EditPayPassword);
