// The partner's web server for the built app (`ng build` writes it to dist/browser/): its files, index.html for any
// other path, and /api passed on to the merchant API (MERCHANT_ADS_API, the test's reference server), so the
// widget's api-base "/api" is the page's own origin. `node serve.mjs [port]` (127.0.0.1; 4200 when none is given).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('./dist/browser/', import.meta.url));
const API = process.env.MERCHANT_ADS_API;
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.txt': 'text/plain' };

const HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'];

async function proxy(req, res) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const headers = { ...req.headers };
  delete headers.host;
  delete headers.connection;
  const answer = await fetch(API + req.url, { method: req.method, headers, body: ['GET', 'HEAD'].includes(req.method) ? undefined : Buffer.concat(chunks) });
  // Its headers but those of the hop (fetch has already undone any compression, and the length is the body's).
  const out = {};
  for (const [name, value] of answer.headers) if (!HOP.includes(name)) out[name] = value;
  res.writeHead(answer.status, out);
  res.end(Buffer.from(await answer.arrayBuffer()));
}

async function file(req, res) {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  // A path without a file extension is one of the app's own pages: index.html, as a single-page app's server does.
  const name = extname(path) ? path : '/index.html';
  try {
    const body = await readFile(join(ROOT, name));
    res.writeHead(200, { 'content-type': TYPES[extname(name)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
}

const server = createServer((req, res) => {
  const work = API && (req.url === '/api' || req.url.startsWith('/api/')) ? proxy(req, res) : file(req, res);
  work.catch((e) => {
    if (!res.headersSent) res.writeHead(502);
    res.end(String(e));
  });
});
server.listen(Number(process.argv[2] ?? 4200), '127.0.0.1', () => console.log(`serving http://127.0.0.1:${server.address().port}/`));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});
