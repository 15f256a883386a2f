// The partner's own server for the server-rendered page, as small as Vue's SSR guide has it: GET / answers the built
// page with the app rendered into it (dist/server, from `vite build --ssr`), the rest of dist/client is served as
// files, and /api is passed on to the API server named by MERCHANT_ADS_API (as Vite's proxy does for the other
// pages). Usage: MERCHANT_ADS_API=http://127.0.0.1:PORT node server.mjs <port>
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentType, fileUnder, isApi, passToApi } from '../site.mjs';

const client = fileURLToPath(new URL('./dist/client/', import.meta.url));
const { render } = await import('./dist/server/entry-server.js');
const template = await readFile(join(client, 'index.html'), 'utf8');
const api = process.env.MERCHANT_ADS_API;
const port = Number(process.argv[2] ?? 5174);

createServer(async (req, res) => {
  const { pathname } = new URL(req.url, 'http://host');
  if (isApi(pathname)) return passToApi(req, res, api);
  try {
    if (pathname === '/' || pathname === '/index.html') {
      const html = template.replace('<!--app-html-->', await render());
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
    const file = fileUnder(client, pathname);
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': contentType(file) }).end(body);
  } catch (e) {
    res.writeHead(e.code === 'ENOENT' || e.code === 'EISDIR' ? 404 : 500).end(e.code ?? String(e));
  }
}).listen(port, '127.0.0.1', () => console.log(`server-rendered page at http://127.0.0.1:${port}/`));
