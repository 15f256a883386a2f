import { defineScreen } from '../../define';
import { Feedback } from './Feedback';
import css from './feedback.css';
import { feedbackRoute } from './route';

export const feedbackScreen = defineScreen(feedbackRoute, Feedback, css);
