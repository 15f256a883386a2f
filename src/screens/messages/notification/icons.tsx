import type { NotificationCategory } from '../../../api/shapes/messages';
import { Icon } from '../../../ui/icon';

/** Each category's mark, our own strokes in currentColor on ui/icon's 24×24 grid; the paths stay in the inbox's file. */
const PATHS: Record<NotificationCategory, string> = {
  // A megaphone: an announcement.
  announcement: 'M3 11v2a1 1 0 001 1h2l5 4V6L6 10H4a1 1 0 00-1 1zM15 9a4 4 0 010 6M18 6a8 8 0 010 12',
  // A wrench: maintenance.
  maintenance: 'M14.7 6.3a4 4 0 005 5L21 13a6 6 0 01-7.6 1.4l-6.7 6.7a2 2 0 01-2.8-2.8l6.7-6.7A6 6 0 0111 4l1.7 1.3z',
  // A gift: an activity.
  activity:
    'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 010-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 000-5C13 2 12 7 12 7z',
};

export function CategoryIcon({ category }: { category: NotificationCategory }) {
  return <Icon d={PATHS[category]} className="ma-inbox__icon-svg" />;
}
