// What a partner's own web server does in the hosts of the matrix that run one (the plain pages, Angular's built app,
// the Vue server render): answer its files by their URL, and pass /api on to the merchant API, so the widget's
// `/api` is the page's own origin. Also a server of a test's own on a free loopback port.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
};
/** The Content-Type a file is served with, by its name. */
export const contentType = (path) => CONTENT_TYPES[extname(path)] ?? 'application/octet-stream';

/** The file under `base` that a URL's path names: no `..` in it climbs above `base`. */
export const fileUnder = (base, urlPath) =>
  join(base, normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, ''));

/** Whether a URL's path is the API's, which the partner's server passes on. */
export const isApi = (pathname) => pathname === '/api' || pathname.startsWith('/api/');

// Headers of one hop, not of the answer: fetch has undone any compression, and the length is the body's.
const HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'];

/**
 * Passes a request on to the API at `apiOrigin` (the reference server), as a partner's server or Vite's proxy does:
 * its method, headers (but its host) and body; the answer's status, headers (but the hop's) and body. An API that
 * cannot be reached is a 502.
 */
export async function passToApi(req, res, apiOrigin) {
  try {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.connection;
    const answer = await fetch(apiOrigin + req.url, {
      method: req.method,
      headers,
      body: ['GET', 'HEAD'].includes(req.method) ? undefined : Buffer.concat(chunks),
    });
    const out = {};
    for (const [name, value] of answer.headers) if (!HOP.includes(name)) out[name] = value;
    res.writeHead(answer.status, out);
    res.end(Buffer.from(await answer.arrayBuffer()));
  } catch (e) {
    if (!res.headersSent) res.writeHead(502);
    res.end(String(e));
  }
}

/**
 * An HTTP server of the test's own on a free 127.0.0.1 port: its origin, and close(), which also ends the
 * connections a browser keeps open.
 */
export async function serveOnLoopback(handler) {
  const server = createServer(handler).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const close = () =>
    new Promise((ok) => {
      server.close(ok);
      server.closeAllConnections();
    });
  return { origin: `http://127.0.0.1:${server.address().port}`, close };
}
