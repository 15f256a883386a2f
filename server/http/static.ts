/**
 * Static files on the API's port:
 *   /          → examples/    (index.html; the demo pages, chat.html)
 *   /dist/     → dist/        (the SDK build)
 *   /bridge/   → dist/bridge/
 *   /locales/  → locales/      (language files: readable from any origin)
 * Folders are resolved per request, so a folder that does not exist yet (dist before the first build) just
 * answers 404 and starts working once it is created; nothing is created here.
 * Cache: file names with a content hash (name.0123abcd.js) are immutable for a year; everything else must be
 * revalidated (no-cache + ETag/Last-Modified), so a rebuilt SDK is picked up at once.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiUrl } from './setup';

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function registerStatic(app: FastifyInstance, root: string): void {
  const mounts = [
    { prefix: '/dist/', dir: join(root, 'dist') },
    { prefix: '/bridge/', dir: join(root, 'dist', 'bridge') },
    { prefix: '/locales/', dir: join(root, 'locales') },
    { prefix: '/', dir: join(root, 'examples') },
  ];
  mounts.forEach(({ prefix, dir }, i) => {
    if (!existsSync(dir)) app.log.info(`static: ${dir} does not exist (yet); ${prefix} answers 404 until it does`);
    app.register(fastifyStatic, {
      root: dir,
      prefix,
      decorateReply: i === 0,
      suppressWarning: true,
      index: ['index.html'],
      etag: true,
      lastModified: true,
      cacheControl: false,
      dotfiles: 'ignore',
      // The examples root owns "/*": never let it answer for the API.
      allowedPath: (pathName) => !isApiUrl(pathName),
      setHeaders: (res, path) => {
        res.header('cache-control', HASHED.test(basename(path)) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Language files are public and every mount fetches them, also from a partner's origin and from a bridge
        // page in a sandboxed frame (origin "null"): any origin may read them (no credentials are involved).
        if (path.endsWith('.json') && /[\\/]locales[\\/]/.test(path)) res.header('access-control-allow-origin', '*');
      },
    });
  });
}
