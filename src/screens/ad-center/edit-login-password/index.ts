import { defineScreen } from '../../define';
import { EditLoginPassword } from './EditLoginPassword';
import { editLoginPasswordRoute } from './route';

export const editLoginPasswordScreen = defineScreen(editLoginPasswordRoute, EditLoginPassword);
