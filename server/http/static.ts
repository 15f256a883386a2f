/**
 * Static files on the API's port:
 *   /          → examples/    (index.html; the demo pages, chat.html), and the script tag's own files from dist/
 *                (merchant-ads.js and the files it loads beside it, merchant-ads.<name>-<id>.js): the bridge page
 *                loads the script tag one folder up, as from dist/bridge/ wherever dist/ is served as it is
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
/** The script tag's files at the root: its entry and the files beside it. The module builds' files stay under /dist/. */
const SCRIPT_TAG_FILE = /^\/merchant-ads(\.[\w-]+)?\.js$/;

export function registerStatic(app: FastifyInstance, root: string): void {
  const dist = join(root, 'dist');
  const examples = join(root, 'examples');
  const mounts = [
    { prefix: '/dist/', dirs: [dist] },
    { prefix: '/bridge/', dirs: [join(dist, 'bridge')] },
    { prefix: '/locales/', dirs: [join(root, 'locales')] },
    // A file of examples/ first; dist/ answers only for the script tag's files.
    {
      prefix: '/',
      dirs: [examples, dist],
      only: (path: string, dir: string | undefined) => dir === examples || SCRIPT_TAG_FILE.test(path),
    },
  ];
  mounts.forEach(({ prefix, dirs, only }, i) => {
    for (const dir of dirs)
      if (!existsSync(dir))
        app.log.info(`static: ${dir} does not exist (yet); ${prefix} answers 404 from it until it does`);
    app.register(fastifyStatic, {
      root: dirs.length > 1 ? dirs : dirs[0],
      prefix,
      decorateReply: i === 0,
      suppressWarning: true,
      index: ['index.html'],
      etag: true,
      lastModified: true,
      cacheControl: false,
      dotfiles: 'ignore',
      // The examples root owns "/*": never let it answer for the API.
      allowedPath: (pathName, dir) => !isApiUrl(pathName) && (!only || only(pathName, dir)),
      setHeaders: (res, path) => {
        res.header('cache-control', HASHED.test(basename(path)) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Language files are public and every mount fetches them, also from a partner's origin and from a bridge
        // page in a sandboxed frame (origin "null"): any origin may read them (no credentials are involved).
        if (path.endsWith('.json') && /[\\/]locales[\\/]/.test(path)) res.header('access-control-allow-origin', '*');
      },
    });
  });
}
