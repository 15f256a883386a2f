/** What the message and feedback calls accept, each named after its call in api/calls/. */
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_TOPIC_MAX,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_READ_STATES,
} from '../shapes/messages';
import { obj } from '../schema/object';
import { str } from '../schema/text';
import { bool } from '../schema/bool';
import { oneOf, opt } from '../schema/choice';
import { list } from '../schema/list';
import { int } from '../schema/numbers';
import { paging } from './paging';

export const feedback = obj({
  topic: str({ max: FEEDBACK_TOPIC_MAX }),
  content: str({ max: FEEDBACK_CONTENT_MAX, multiline: true }),
  image_ids: opt(list(int({ min: 1 }), { max: FEEDBACK_IMAGES_MAX })),
  request_id: str({ min: 8, max: 64 }),
});
export const feedbackList = obj({ ...paging });
export const notifications = obj({
  category: opt(oneOf(NOTIFICATION_CATEGORIES)),
  read_state: opt(oneOf(NOTIFICATION_READ_STATES)),
  ...paging,
});
export const notificationsRead = obj({ id: opt(int({ min: 1 })), all: opt(bool()) });
