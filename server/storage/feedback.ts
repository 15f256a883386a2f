/** Feedback, the images it names, and the uploads those images are (who stored which file). */
import type { Db } from './engine';

// ---------------------------------------------------------------------------------------------------------------
// Feedback

export interface FeedbackRow {
  id: number;
  topic: string;
  content: string;
  created_at: string;
}

const FEEDBACK_COLUMNS = ['id', 'topic', 'content', 'created_at'] as const;

export async function findFeedbackById(db: Db, id: number): Promise<FeedbackRow | undefined> {
  return db.selectFrom('feedback').select(FEEDBACK_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The merchant's feedback sent with this request_id, if any. */
export async function findFeedbackByRequest(
  db: Db,
  userId: number,
  requestId: string,
): Promise<FeedbackRow | undefined> {
  return db
    .selectFrom('feedback')
    .select(FEEDBACK_COLUMNS)
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Stores a feedback; a request_id the merchant already used throws a unique violation (feedback_request). */
export async function insertFeedback(
  db: Db,
  f: { user_id: number; topic: string; content: string; request_id: string; created_at: string },
): Promise<number> {
  const row = await db.insertInto('feedback').values(f).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function countFeedbackOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** A page of the merchant's feedback, newest first (the id breaks ties). */
export async function listFeedbackOf(db: Db, userId: number, limit: number, offset: number): Promise<FeedbackRow[]> {
  return db
    .selectFrom('feedback')
    .select(FEEDBACK_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Names the feedback's images, in the order given (position 0, 1, …). */
export async function insertFeedbackImages(db: Db, feedbackId: number, uploadIds: number[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await db
    .insertInto('feedback_images')
    .values(uploadIds.map((upload_id, position) => ({ feedback_id: feedbackId, position, upload_id })))
    .execute();
}

/** The upload ids a feedback names, in their order. */
export async function feedbackImageIds(db: Db, feedbackId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('feedback_images')
    .select('upload_id')
    .where('feedback_id', '=', feedbackId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.upload_id);
}

/** The stored names of the files a feedback names, in their order. */
export async function feedbackImagePaths(db: Db, feedbackId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('feedback_images as f')
    .innerJoin('uploads as u', 'u.id', 'f.upload_id')
    .select('u.path')
    .where('f.feedback_id', '=', feedbackId)
    .orderBy('f.position')
    .execute();
  return rows.map((r) => r.path);
}

// ---------------------------------------------------------------------------------------------------------------
// Uploads. A row's `mime` is empty while its slot is reserved and its file still being received.

export interface UploadRecord {
  id: number;
  user_id: number;
  path: string;
  mime: string;
  size: number;
  created_at: string;
}

/** How many of these ids are the merchant's stored (not merely reserved) uploads. */
export async function countStoredUploadsOf(db: Db, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('mime', '<>', '')
    .executeTakeFirstOrThrow();
  return row.n;
}

/** A reserved slot: a row without a type yet, named after its partial file. */
export async function insertUploadSlot(db: Db, userId: number, path: string, createdAt: string): Promise<number> {
  const row = await db
    .insertInto('uploads')
    .values({ user_id: userId, path, mime: '', size: 0, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The slot becomes the stored file's record. */
export async function completeUpload(
  db: Db,
  id: number,
  file: { path: string; mime: string; size: number },
): Promise<void> {
  await db.updateTable('uploads').set(file).where('id', '=', id).execute();
}

export async function findUploadById(db: Db, id: number): Promise<UploadRecord | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Gives a reserved slot back (a stored upload is never removed here). */
export async function deleteUploadSlot(db: Db, id: number): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).where('mime', '=', '').execute();
}

/** Removes the slots reserved at or before `before` and never completed; answers their partial files' names. */
export async function deleteAbandonedSlots(db: Db, before: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('uploads')
    .where('mime', '=', '')
    .where('created_at', '<=', before)
    .returning('path')
    .execute();
  return rows.map((r) => r.path);
}

/** The stored upload with this file name, if any. */
export async function findStoredUploadByPath(db: Db, path: string): Promise<UploadRecord | undefined> {
  return db.selectFrom('uploads').selectAll().where('path', '=', path).where('mime', '<>', '').executeTakeFirst();
}
