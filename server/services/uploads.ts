/**
 * Uploads: who stored which file. The bytes live outside the web root under a random name (routes/uploads.ts
 * writes and serves them); this is their record: owner, name, type (decided from the bytes), size.
 */
import { randomBytes } from 'node:crypto';
import type { Upload } from '../../src/api/shapes/messages';
import { UPLOADS_PATH } from '../../src/api/schema/url';
import type { Db } from '../storage/engine';
import {
  completeUpload,
  deleteAbandonedSlots,
  deleteUploadSlot,
  findStoredUploadByPath,
  findUploadById,
  insertUploadSlot,
} from '../storage/feedback';
import { inTransaction } from '../storage/transaction';
import { Refusal } from './errors';
import { HOUR_MS, hourlyWait } from './hourly-limit';
import type { ImageType } from '../lib/image-type';

/** Uploads a merchant may make per hour: enough for any feedback, not enough to fill the disk. */
export const UPLOADS_PER_HOUR = 50;
/** The suffix of a file still being received; it is renamed to its stored name once whole and judged an image. */
export const PARTIAL = '.part';

/** The name a stored file has: 128 random bits in hex, and the extension of its sniffed type. */
export const STORED_NAME = /^[0-9a-f]{32}\.(?:jpg|png|gif|webp)$/;

/** A row's `mime` is empty while its slot is reserved and its file still being received. */
export interface UploadRow {
  id: number;
  user_id: number;
  path: string;
  mime: ImageType;
  size: number;
  created_at: string;
}

const toUpload = (r: UploadRow): Upload => ({ id: r.id, url: UPLOADS_PATH + r.path, mime: r.mime, size: r.size });

/**
 * A slot in the hourly limit, taken before a byte of the body is read: a row without a type yet (`mime` empty),
 * named after the partial file it will be written to. Reserving in one transaction that locks the merchant first
 * (hourlyWait), counting the reserved rows with the stored ones, means parallel uploads (even from several
 * processes) cannot pass the limit together.
 */
export interface UploadSlot {
  id: number;
  stem: string;
}

/** Reserves an upload slot; refused rate_limited, with the seconds to wait, when the merchant's hour is full. */
export async function reserveUpload(db: Db, userId: number, now: Date): Promise<UploadSlot> {
  const stem = randomBytes(16).toString('hex');
  return inTransaction(db, async (trx) => {
    const wait = await hourlyWait(trx, 'uploads', userId, UPLOADS_PER_HOUR, now);
    if (wait !== null) throw new Refusal('rate_limited', undefined, { retry_after: wait });
    const id = await insertUploadSlot(trx, userId, `${stem}${PARTIAL}`, now.toISOString());
    return { id, stem };
  });
}

/** The reserved slot becomes the stored file's record. */
export async function recordUpload(
  db: Db,
  slot: UploadSlot,
  file: { name: string; mime: ImageType; size: number },
): Promise<Upload> {
  await completeUpload(db, slot.id, { path: file.name, mime: file.mime, size: file.size });
  return toUpload((await findUploadById(db, slot.id)) as UploadRow);
}

/** A refused or failed upload gives its slot back: only what was stored counts. */
export async function releaseUpload(db: Db, slot: UploadSlot): Promise<void> {
  await deleteUploadSlot(db, slot.id);
}

/**
 * Slots a crash left reserved, once their hour is over (until then they count, so a crash gains no uploads): their
 * rows go, and the names of the partial files to remove are answered.
 */
export async function sweepAbandonedUploads(db: Db, now: Date): Promise<string[]> {
  return deleteAbandonedSlots(db, new Date(now.getTime() - HOUR_MS).toISOString());
}

/** The upload stored under this name, if any. */
export async function findUploadByName(db: Db, name: string): Promise<UploadRow | undefined> {
  return (await findStoredUploadByPath(db, name)) as UploadRow | undefined;
}
