import { defineScreen } from '../../define';
import { Notifications } from './Notifications';
import css from './notification.css';
import { notificationRoute } from './route';

export const notificationScreen = defineScreen(notificationRoute, Notifications, css);
