import { defineScreen } from '../../define';
import { Customer } from './Customer';
import css from './customer.css';
import { customerRoute } from './route';

export const customerScreen = defineScreen(customerRoute, Customer, css);
