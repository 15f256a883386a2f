/**
 * Feedback (docs/product.md, "Uploads and feedback"): a topic and a body, with up to FEEDBACK_IMAGES_MAX images the merchant uploaded first,
 * named by upload id. Only the merchant's own uploads may be named (another's, or one that does not exist, is
 * upload_unknown, the two not told apart); a retried request (same request_id, same topic, text and images) answers the
 * first feedback, and a request_id spent on another feedback is refused (request_id: same), as a put or a withdrawal
 * refuses it: an answer for a feedback that was never stored would tell its sender it went through. At most
 * FEEDBACK_PER_HOUR a merchant per hour (rate_limited with retry_after), counted in the transaction that stores it.
 */
import type { FeedbackItem } from '../../src/api/shapes/messages';
import type { Page } from '../../src/api/shapes/page';
import { UPLOADS_PATH } from '../../src/api/schema/url';
import { stmt, type DB } from '../db/index';
import { InvalidInput, Refusal } from './errors';
import { hourlyWait } from './hourly-limit';

export const DEFAULT_PAGE_SIZE = 10;
/** Feedback a merchant may send per hour: more than anyone writes by hand, few enough that a script cannot flood the operator. */
export const FEEDBACK_PER_HOUR = 10;

interface Row { id: number; topic: string; content: string; created_at: string }

/** The feedback's images as the URLs they are served at, in the order they were given. */
function imagesOf(db: DB, feedbackId: number): string[] {
  return stmt<{ path: string }>(db, `SELECT u.path FROM feedback_images f JOIN uploads u ON u.id = f.upload_id
    WHERE f.feedback_id = ? ORDER BY f.position`).all(feedbackId).map((r) => UPLOADS_PATH + r.path);
}

const toItem = (db: DB, r: Row): FeedbackItem => ({ id: r.id, topic: r.topic, content: r.content, images: imagesOf(db, r.id), create_time: r.created_at });

export interface FeedbackInput { topic: string; content: string; image_ids?: number[] | undefined; request_id: string }

export function submitFeedback(db: DB, userId: number, input: FeedbackInput, now: Date): FeedbackItem {
  return db.transaction(() => {
    // The same image named twice is shown once.
    const ids = [...new Set(input.image_ids ?? [])];
    const done = stmt<Row>(db, 'SELECT id, topic, content, created_at FROM feedback WHERE user_id = ? AND request_id = ?').get(userId, input.request_id);
    if (done) {
      const images = stmt<{ upload_id: number }>(db, 'SELECT upload_id FROM feedback_images WHERE feedback_id = ? ORDER BY position').all(done.id).map((r) => r.upload_id);
      const same = done.topic === input.topic && done.content === input.content && images.length === ids.length && images.every((id, i) => id === ids[i]);
      if (!same) throw new InvalidInput('request_id', 'same');
      return toItem(db, done);
    }
    const wait = hourlyWait(db, 'feedback', userId, FEEDBACK_PER_HOUR, now);
    if (wait !== null) throw new Refusal('rate_limited', undefined, { retry_after: wait });
    const own = stmt<{ id: number }>(db, "SELECT id FROM uploads WHERE id = ? AND user_id = ? AND mime <> ''");
    if (ids.some((id) => !own.get(id, userId))) throw new Refusal('upload_unknown', 'image_ids');
    const r = stmt(db, 'INSERT INTO feedback (user_id, topic, content, request_id, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(userId, input.topic, input.content, input.request_id, now.toISOString());
    const id = Number(r.lastInsertRowid);
    const image = stmt(db, 'INSERT INTO feedback_images (feedback_id, position, upload_id) VALUES (?, ?, ?)');
    ids.forEach((uploadId, position) => image.run(id, position, uploadId));
    return toItem(db, stmt<Row>(db, 'SELECT id, topic, content, created_at FROM feedback WHERE id = ?').get(id)!);
  }).immediate();
}

export interface FeedbackListInput { page?: number | undefined; page_size?: number | undefined }

/** The merchant's own feedback, newest first. */
export function listFeedback(db: DB, userId: number, input: FeedbackListInput): Page<FeedbackItem> {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  return db.transaction(() => {
    const { n } = stmt<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM feedback WHERE user_id = ?').get(userId)!;
    const rows = stmt<Row>(db, `SELECT id, topic, content, created_at FROM feedback WHERE user_id = ?
      ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`).all(userId, pageSize, (page - 1) * pageSize);
    return { list: rows.map((r) => toItem(db, r)), total: n, page, page_size: pageSize };
  })();
}
