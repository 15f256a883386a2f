/**
 * Uploads: who stored which file. The bytes live outside the web root under a random name (routes/uploads.ts
 * writes and serves them); this is their record: owner, name, type (decided from the bytes), size.
 */
import type { Upload } from '../../src/api/contract';
import { UPLOADS_PATH } from '../../src/api/schema';
import { stmt, type DB } from '../db/index';
import type { ImageType } from '../lib/image-type';

/** Uploads a merchant may make per hour: enough for any feedback, not enough to fill the disk. */
export const UPLOADS_PER_HOUR = 50;
const HOUR_MS = 3_600_000;

/** The name a stored file has: 128 random bits in hex, and the extension of its sniffed type. */
export const STORED_NAME = /^[0-9a-f]{32}\.(?:jpg|png|gif|webp)$/;

export interface UploadRow { id: number; user_id: number; path: string; mime: ImageType; size: number; created_at: string }

const toUpload = (r: UploadRow): Upload => ({ id: r.id, url: UPLOADS_PATH + r.path, mime: r.mime, size: r.size });

/** null if the merchant may upload now; else the seconds until the oldest upload of the last hour leaves the window. */
export function uploadWait(db: DB, userId: number, now: Date): number | null {
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const rows = stmt<{ created_at: string }>(db, `SELECT created_at FROM uploads WHERE user_id = ? AND created_at > ?
    ORDER BY created_at DESC LIMIT ?`).all(userId, since, UPLOADS_PER_HOUR);
  if (rows.length < UPLOADS_PER_HOUR) return null;
  const oldest = Date.parse(rows[rows.length - 1]!.created_at);
  return Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
}

export function recordUpload(db: DB, userId: number, file: { name: string; mime: ImageType; size: number }, now: Date): Upload {
  const r = stmt(db, 'INSERT INTO uploads (user_id, path, mime, size, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(userId, file.name, file.mime, file.size, now.toISOString());
  return toUpload(stmt<UploadRow>(db, 'SELECT * FROM uploads WHERE id = ?').get(Number(r.lastInsertRowid))!);
}

/** The upload stored under this name, if any. */
export const findUploadByName = (db: DB, name: string) => stmt<UploadRow>(db, 'SELECT * FROM uploads WHERE path = ?').get(name);
