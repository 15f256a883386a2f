// Writes the nginx site for the reference server (deploy/nginx-site.conf with its placeholders filled) to stdout:
//   node deploy/nginx-site.mjs --listen 80 --upstream 127.0.0.1:8081 --upstream 127.0.0.1:8082 \
//     --cache /var/cache/nginx/merchant-ads > /etc/nginx/conf.d/merchant-ads.conf
// The tests and the benchmark put nginx in front of the server with this same function (test/nginx.mjs).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const SITE_TEMPLATE = fileURLToPath(new URL('./nginx-site.conf', import.meta.url));

/** The site: nginx listening on `listen`, in front of `upstreams` ("HOST:PORT", one per process), caching in `cache`. */
export function siteConfig({ listen, upstreams, cache }) {
  if (!upstreams.length) throw new Error('at least one --upstream HOST:PORT');
  const servers = upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=2s;`).join('\n    ');
  return readFileSync(SITE_TEMPLATE, 'utf8')
    .replace('@LISTEN@', listen)
    .replace('@UPSTREAMS@', servers)
    .replace('@CACHE@', cache);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      listen: { type: 'string', default: '80' },
      upstream: { type: 'string', multiple: true, default: [] },
      cache: { type: 'string', default: '/var/cache/nginx/merchant-ads' },
    },
  });
  process.stdout.write(siteConfig({ listen: values.listen, upstreams: values.upstream, cache: values.cache }));
}
