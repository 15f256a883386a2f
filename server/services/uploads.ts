/**
 * Uploads: who stored which file. The bytes live outside the web root under a random name (routes/uploads.ts
 * writes and serves them); this is their record: owner, name, type (decided from the bytes), size.
 */
import { randomBytes } from 'node:crypto';
import type { Upload } from '../../src/api/shapes/messages';
import { UPLOADS_PATH } from '../../src/api/schema/url';
import { stmt, type DB } from '../db/index';
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
export interface UploadRow { id: number; user_id: number; path: string; mime: ImageType; size: number; created_at: string }

const toUpload = (r: UploadRow): Upload => ({ id: r.id, url: UPLOADS_PATH + r.path, mime: r.mime, size: r.size });

/**
 * A slot in the hourly limit, taken before a byte of the body is read: a row without a type yet (`mime` empty),
 * named after the partial file it will be written to. Reserving in one immediate transaction, counting the reserved
 * rows with the stored ones, means parallel uploads (even from several processes) cannot pass the limit together.
 */
export interface UploadSlot { id: number; stem: string }

/** Reserves an upload slot; refused rate_limited, with the seconds to wait, when the merchant's hour is full. */
export function reserveUpload(db: DB, userId: number, now: Date): UploadSlot {
  return db.transaction(() => {
    const wait = hourlyWait(db, 'uploads', userId, UPLOADS_PER_HOUR, now);
    if (wait !== null) throw new Refusal('rate_limited', undefined, { retry_after: wait });
    const stem = randomBytes(16).toString('hex');
    const r = stmt(db, "INSERT INTO uploads (user_id, path, mime, size, created_at) VALUES (?, ?, '', 0, ?)")
      .run(userId, `${stem}${PARTIAL}`, now.toISOString());
    return { id: Number(r.lastInsertRowid), stem };
  }).immediate();
}

/** The reserved slot becomes the stored file's record. */
export function recordUpload(db: DB, slot: UploadSlot, file: { name: string; mime: ImageType; size: number }): Upload {
  stmt(db, 'UPDATE uploads SET path = ?, mime = ?, size = ? WHERE id = ?').run(file.name, file.mime, file.size, slot.id);
  return toUpload(stmt<UploadRow>(db, 'SELECT * FROM uploads WHERE id = ?').get(slot.id)!);
}

/** A refused or failed upload gives its slot back: only what was stored counts. */
export function releaseUpload(db: DB, slot: UploadSlot): void {
  stmt(db, "DELETE FROM uploads WHERE id = ? AND mime = ''").run(slot.id);
}

/**
 * Slots a crash left reserved, once their hour is over (until then they count, so a crash gains no uploads): their
 * rows go, and the names of the partial files to remove are answered.
 */
export function sweepAbandonedUploads(db: DB, now: Date): string[] {
  const before = new Date(now.getTime() - HOUR_MS).toISOString();
  return stmt<{ path: string }>(db, "DELETE FROM uploads WHERE mime = '' AND created_at <= ? RETURNING path").all(before).map((r) => r.path);
}

/** The upload stored under this name, if any. */
export const findUploadByName = (db: DB, name: string) => stmt<UploadRow>(db, "SELECT * FROM uploads WHERE path = ? AND mime <> ''").get(name);
