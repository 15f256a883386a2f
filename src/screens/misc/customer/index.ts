import { defineScreen } from '../../define';
import { Customer } from './Customer';
import css from './customer.css';

export const customerRoute = defineScreen({ path: '/customer', component: Customer, css });
