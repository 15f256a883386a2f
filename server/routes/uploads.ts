/**
 * Image upload (`POST /api/files/upload`, multipart) and serving what was stored (`GET /uploads/<name>`).
 *
 * Upload: authenticated like every contract call (route(): X-CT first, then the envelope for every answer). The
 * multipart parser (@fastify/multipart) is registered in a scope holding this route alone, so no other route
 * accepts multipart bodies, with hard limits: one file of at most IMAGE_MAX_BYTES, a few small fields and parts.
 * The first file part is taken, whatever its field name. Its type is decided from its first bytes (lib/image-type):
 * JPEG, PNG, GIF or WebP, never by its name or declared Content-Type; anything else (SVG, text, PDF, HTML) is
 * not_image. A file over the limit (the parser cuts it) is image_too_large. Nothing refused is kept. A malformed or
 * cut multipart body, or one without a file, is a params error (field `body` or `file`). The file is written
 * outside the web root (`uploadDir`), mode 0600, under 128 random bits in hex plus the sniffed type's extension,
 * first as a `.part` file renamed once it is whole; the owner is recorded in `uploads`. The merchant's hourly limit
 * is a slot reserved (a row) before a byte of the body is read and given back if the upload is refused.
 *
 * Serving: only names of that exact form, only files with a row (the type sent is the row's, not the
 * extension's), with `nosniff` and a CSP that forbids everything (even an image opened as a page runs nothing).
 * No token is asked: an <img> cannot send X-CT, and the 128-bit random names are the capability (unguessable,
 * shown only to their owner, who may put them in a feedback).
 */
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '../../src/api/shapes/messages';
import { UPLOADS_PATH } from '../../src/api/schema/url';
import { fail, paramsError } from '../http/envelope';
import { requireUser, route } from '../http/route';
import { EXTENSION, SNIFF_BYTES, sniffImage, type ImageType } from '../lib/image-type';
import {
  findUploadByName,
  PARTIAL,
  recordUpload,
  releaseUpload,
  reserveUpload,
  STORED_NAME,
  sweepAbandonedUploads,
  type UploadSlot,
} from '../services/uploads';

const LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 6,
  headerPairs: 20,
};

/** A multipart failure as the params error it is (a file-system failure stays what it is: a 500, logged). */
function bodyError(err: unknown): unknown {
  if (err && typeof err === 'object' && 'syscall' in err) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const tooMany = code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT';
  return paramsError('body', tooMany ? 'maxLength' : 'type');
}

interface Stored {
  name: string;
  mime: ImageType;
  size: number;
}

/** Reads the request's first file into `dir`, judged by its bytes; throws the envelope for anything refused. */
async function receiveImage(request: FastifyRequest, dir: string, stem: string): Promise<Stored> {
  let part;
  try {
    part = await request.file({ limits: LIMITS, throwFileSizeLimit: false });
  } catch (err) {
    throw bodyError(err);
  }
  if (!part) throw paramsError('file', 'required');

  const partial = join(dir, `${stem}${PARTIAL}`);
  let head = Buffer.alloc(0);
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, measure, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await rm(partial, { force: true });
    throw bodyError(err);
  }
  const mime = sniffImage(head);
  if (part.file.truncated || !mime) {
    await rm(partial, { force: true });
    throw fail(part.file.truncated ? 'image_too_large' : 'not_image');
  }
  const name = `${stem}.${EXTENSION[mime]}`;
  await rename(partial, join(dir, name));
  return { name, mime, size };
}

/** POST /api/files/upload, in a scope of its own (the multipart parser reaches no other route). */
export function uploadRoutes(app: FastifyInstance, dir: string): void {
  app.addHook('onReady', () => sweepAbandoned(app, dir));
  app.register(async (scope) => {
    await scope.register(multipart, { limits: LIMITS, throwFileSizeLimit: false });
    route(scope, 'upload', async (ctx) => {
      const user = requireUser(ctx);
      // The slot is taken before a byte of the body is read, so parallel uploads cannot pass the limit together.
      return storeInSlot(app, ctx.request, dir, await reserveUpload(app.db, user.id, new Date(app.clock())));
    });
  });
}

/** Receives the file into its reserved slot; anything refused or failed gives the slot back and keeps nothing. */
async function storeInSlot(app: FastifyInstance, request: FastifyRequest, dir: string, slot: UploadSlot) {
  let file: Stored | undefined;
  try {
    file = await receiveImage(request, dir, slot.stem);
    return await recordUpload(app.db, slot, file);
  } catch (err) {
    if (file) await rm(join(dir, file.name), { force: true });
    await releaseUpload(app.db, slot);
    throw err;
  }
}

/** Removes what a crash left of uploads being received once their hour is over (until then their slots count). */
async function sweepAbandoned(app: FastifyInstance, dir: string): Promise<void> {
  for (const path of await sweepAbandonedUploads(app.db, new Date(app.clock())))
    await rm(join(dir, path), { force: true });
}

/** GET /uploads/<name>: stored uploads, by their random names (see the header for why without a token). */
export function serveUploads(app: FastifyInstance, dir: string): void {
  app.get<{ Params: { name: string } }>(`${UPLOADS_PATH}:name`, async (request, reply) => {
    const { name } = request.params;
    const row = STORED_NAME.test(name) ? await findUploadByName(app.db, name) : undefined;
    const path = join(dir, name);
    // Read whole (an upload is at most 5 MB), not streamed: a streamed answer ends a tick after its last byte, and a
    // client that has all its bytes may go on (or the server start closing) in between; server.close() then waited
    // for that keep-alive connection's 72-second timeout (seen in the tests).
    const bytes = row ? await readFile(path).catch(() => null) : null;
    if (!row || bytes === null) return reply.callNotFound();
    return (
      reply
        .header('content-type', row.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        // Hosts on other origins show it in an <img> (the SDK runs on partners' pages).
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(bytes)
    );
  });
}
