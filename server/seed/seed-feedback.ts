/**
 * The demo's past feedback: three messages (no images), each added once (by its request_id, as a retry would be).
 * They are in the language the demo merchant uses (English): feedback is the merchant's own text, not translated.
 */
import type { Db } from '../storage/engine';
import { insertRows } from '../storage/seed';

const DAY_MS = 86_400_000;

const PAST = [
  {
    request_id: 'seed-feedback-1',
    daysAgo: 12,
    topic: 'Statistics page loads slowly',
    content: 'On my phone the hourly trend takes a few seconds to appear in the evening. Everything else works well.',
  },
  {
    request_id: 'seed-feedback-2',
    daysAgo: 6,
    topic: 'Request: export of funding details',
    content: 'It would help my bookkeeping to download the monthly funding details as a spreadsheet.',
  },
  {
    request_id: 'seed-feedback-3',
    daysAgo: 2,
    topic: 'Thanks for the Thai translation',
    content: 'My staff now use the app in Thai. A few coupon names were cut off on small screens, otherwise great.',
  },
] as const;

export async function seedDemoFeedback(db: Db, userId: number, now: string): Promise<void> {
  const t = Date.parse(now);
  await insertRows(
    db,
    'feedback',
    PAST.map((f) => ({
      user_id: userId,
      topic: f.topic,
      content: f.content,
      request_id: f.request_id,
      created_at: new Date(t - f.daysAgo * DAY_MS).toISOString(),
    })),
  );
}
