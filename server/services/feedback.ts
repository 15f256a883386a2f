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
import type { Db } from '../storage/engine';
import { isUniqueViolation } from '../storage/errors';
import {
  countFeedbackOf,
  countStoredUploadsOf,
  feedbackImageIds,
  feedbackImagePaths,
  findFeedbackById,
  findFeedbackByRequest,
  insertFeedback,
  insertFeedbackImages,
  listFeedbackOf,
  type FeedbackRow,
} from '../storage/feedback';
import { lockMerchant } from '../storage/limits';
import { inTransaction } from '../storage/transaction';
import { InvalidInput, Refusal } from './errors';
import { hourlyWait } from './hourly-limit';

export const DEFAULT_PAGE_SIZE = 10;
/** Feedback a merchant may send per hour: more than anyone writes by hand, few enough that a script cannot flood the operator. */
export const FEEDBACK_PER_HOUR = 10;

/** The feedback with its images as the URLs they are served at, in the order they were given. */
async function toItem(db: Db, r: FeedbackRow): Promise<FeedbackItem> {
  const images = (await feedbackImagePaths(db, r.id)).map((path) => UPLOADS_PATH + path);
  return { id: r.id, topic: r.topic, content: r.content, images, create_time: r.created_at };
}

export interface FeedbackInput {
  topic: string;
  content: string;
  image_ids?: number[] | undefined;
  request_id: string;
}

/**
 * The merchant is locked first (storage/limits.ts), so on PostgreSQL a parallel request with the same request_id
 * waits and then finds this one's feedback, and parallel new ones are counted one after another. Should two still
 * meet at the unique key (feedback_request), the loser answers as a retry of the winner.
 */
export async function submitFeedback(db: Db, userId: number, input: FeedbackInput, now: Date): Promise<FeedbackItem> {
  try {
    return await inTransaction(db, (trx) => submitIn(trx, userId, input, now));
  } catch (err) {
    if (db.isTransaction || !isUniqueViolation(err)) throw err;
    return inTransaction(db, (trx) => submitIn(trx, userId, input, now));
  }
}

async function submitIn(db: Db, userId: number, input: FeedbackInput, now: Date): Promise<FeedbackItem> {
  // The same image named twice is shown once.
  const ids = [...new Set(input.image_ids ?? [])];
  await lockMerchant(db, userId);
  const done = await findFeedbackByRequest(db, userId, input.request_id);
  if (done) {
    const images = await feedbackImageIds(db, done.id);
    const same =
      done.topic === input.topic &&
      done.content === input.content &&
      images.length === ids.length &&
      images.every((id, i) => id === ids[i]);
    if (!same) throw new InvalidInput('request_id', 'same');
    return toItem(db, done);
  }
  const wait = await hourlyWait(db, 'feedback', userId, FEEDBACK_PER_HOUR, now);
  if (wait !== null) throw new Refusal('rate_limited', undefined, { retry_after: wait });
  if ((await countStoredUploadsOf(db, userId, ids)) !== ids.length) throw new Refusal('upload_unknown', 'image_ids');
  const id = await insertFeedback(db, {
    user_id: userId,
    topic: input.topic,
    content: input.content,
    request_id: input.request_id,
    created_at: now.toISOString(),
  });
  await insertFeedbackImages(db, id, ids);
  return toItem(db, (await findFeedbackById(db, id))!);
}

export interface FeedbackListInput {
  page?: number | undefined;
  page_size?: number | undefined;
}

/** The merchant's own feedback, newest first. */
export async function listFeedback(db: Db, userId: number, input: FeedbackListInput): Promise<Page<FeedbackItem>> {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const total = await countFeedbackOf(db, userId);
  const rows = await listFeedbackOf(db, userId, pageSize, (page - 1) * pageSize);
  const list: FeedbackItem[] = [];
  for (const r of rows) list.push(await toItem(db, r));
  return { list, total, page, page_size: pageSize };
}
