/**
 * Messages: the inbox, feedback and its uploads.
 * One module of the call table (api/calls/index.ts).
 */
import type { Call } from '../call';
import type { FeedbackItem, NotificationPage, Upload } from '../shapes/messages';
import type { Page } from '../shapes/page';

export const upload = 'POST /files/upload form' as Call<Upload, 'upload'>;
// A retried request (same request_id) answers the first feedback; image_ids naming an upload that is not the
// merchant's own is refused with upload_unknown (field image_ids).
export const feedback = 'POST /feedback' as Call<FeedbackItem, 'feedback'>;
// The merchant's own feedback, newest first.
export const feedbackList = 'GET /feedback/list' as Call<Page<FeedbackItem>, 'feedbackList'>;
export const notifications = 'POST /user/notifications' as Call<NotificationPage, 'notifications'>;
export const notificationsRead = 'POST /user/notifications/read' as Call<{ unread_total: number }, 'notificationsRead'>;
