// The partner's web server for the built app (`ng build` writes it to dist/browser/): its files, index.html for any
// other path, and /api passed on to the merchant API (MERCHANT_ADS_API, the test's reference server), so the
// widget's api-base "/api" is the page's own origin. `node serve.mjs [port]` (127.0.0.1; 4200 when none is given).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentType, fileUnder, isApi, passToApi } from '../site.mjs';

const ROOT = fileURLToPath(new URL('./dist/browser/', import.meta.url));
const API = process.env.MERCHANT_ADS_API;

async function file(req, res) {
  const { pathname } = new URL(req.url, 'http://x');
  // A path without a file extension is one of the app's own pages: index.html, as a single-page app's server does.
  const path = fileUnder(ROOT, extname(pathname) ? pathname : '/index.html');
  try {
    const body = await readFile(path);
    res.writeHead(200, { 'content-type': contentType(path) });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
}

const server = createServer((req, res) => {
  const work = API && isApi(req.url) ? passToApi(req, res, API) : file(req, res);
  work.catch((e) => {
    if (!res.headersSent) res.writeHead(502);
    res.end(String(e));
  });
});
server.listen(Number(process.argv[2] ?? 4200), '127.0.0.1', () =>
  console.log(`serving http://127.0.0.1:${server.address().port}/`),
);
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});
