import '../../ui/styles/palette';
import { defineGroup } from '../define';
import { feedbackScreen } from './feedback';
import { notificationScreen } from './notification';

/** The messages file: the inbox and feedback (routes.ts). Prefetched once a session exists: the bell is on every page. */
export default defineGroup([notificationScreen, feedbackScreen]);
