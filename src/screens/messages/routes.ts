import { inGroup } from '../define';
import { feedbackRoute } from './feedback/route';
import { notificationRoute } from './notification/route';

/**
 * The messages file: the merchant's inbox (/notification) and feedback to the operator (/ad-center/feedback,
 * in the ad centre by path, here by what it is: a message the merchant sends). Loaded when one is first opened.
 */
export const messagesRoutes = inGroup('messages', [notificationRoute, feedbackRoute]);
