import type { NotificationCategory } from '../../../api/contract';

/** Each category's mark, our own strokes in currentColor (24×24, as ui/icon's set). */
const PATHS: Record<NotificationCategory, string> = {
  // A megaphone: an announcement.
  announcement: 'M3 11v2a1 1 0 001 1h2l5 4V6L6 10H4a1 1 0 00-1 1zM15 9a4 4 0 010 6M18 6a8 8 0 010 12',
  // A wrench: maintenance.
  maintenance: 'M14.7 6.3a4 4 0 005 5L21 13a6 6 0 01-7.6 1.4l-6.7 6.7a2 2 0 01-2.8-2.8l6.7-6.7A6 6 0 0111 4l1.7 1.3z',
  // A gift: an activity.
  activity: 'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 010-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 000-5C13 2 12 7 12 7z',
};

export function CategoryIcon({ category }: { category: NotificationCategory }) {
  return (
    <svg className="ma-inbox__icon-svg" width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false" aria-hidden="true">
      <path d={PATHS[category]} />
    </svg>
  );
}
