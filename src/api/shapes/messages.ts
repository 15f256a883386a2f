/** Messages to the merchant, feedback, and the uploads a feedback carries. */
import type { Localized, RichText } from './config';
import type { Page } from './page';

export const NOTIFICATION_CATEGORIES = ['announcement', 'maintenance', 'activity'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const NOTIFICATION_READ_STATES = ['unread', 'read'] as const;
export type NotificationReadState = (typeof NOTIFICATION_READ_STATES)[number];
/**
 * A message to the merchant: to everyone or to this merchant alone. Title and body are operator text
 * per language (falling back to en); the body is rich text. `read` is the server's record for this merchant, so a
 * message read on one device reads as read on every other.
 */
export interface Notification {
  id: number;
  category: NotificationCategory;
  title: Localized;
  content: RichText;
  create_time: string;
  read: boolean;
}
/** A page of messages, newest first, with the merchant's unread count as it is now (the bell follows it). */
export interface NotificationPage extends Page<Notification> {
  unread_total: number;
}

/**
 * Feedback (docs/product.md, "Uploads and feedback"): topic and content required, up to FEEDBACK_IMAGES_MAX images the merchant uploaded
 * first (by upload id: the server accepts only the merchant's own uploads).
 */
export const FEEDBACK_TOPIC_MAX = 100;
export const FEEDBACK_CONTENT_MAX = 1000;
export const FEEDBACK_IMAGES_MAX = 4;
export interface FeedbackItem {
  id: number;
  topic: string;
  content: string;
  images: string[];
  create_time: string;
}
/**
 * What /files/upload accepts, decided from the file's first bytes (never its name or declared type): JPEG, PNG,
 * WebP and GIF. SVG is refused: it carries script. At most IMAGE_MAX_BYTES.
 */
/** The largest image an upload takes. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** How long an upload may take on a slow phone link: the SDK waits this long, and the server lets a request take it. */
export const UPLOAD_TIMEOUT_MS = 90_000;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** An upload: its id (for a feedback) and the root-relative URL it is served at (resolve it against the API base). */
export interface Upload {
  id: number;
  url: string;
  mime: (typeof UPLOAD_TYPES)[number];
  size: number;
}
