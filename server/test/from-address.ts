/**
 * Requests from another client address: the whole of 127.0.0.0/8 is loopback on Linux, so binding the socket to
 * 127.0.0.N makes the server see a different `request.ip` (as it would see another machine), which per-client
 * limits key on. fetch cannot choose its source address, node:http can (`localAddress`).
 */
import { request } from 'node:http';
import { assertNoStack, type Res } from './helpers';

/** POSTs JSON to `base + path` from `localAddress` (e.g. 127.0.0.7); one fresh connection per call. */
export function postFrom(
  localAddress: string,
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Res> {
  const url = new URL(path, base);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          assertNoStack(text);
          resolve({
            status: res.statusCode ?? 0,
            headers: new Headers(Object.entries(res.headers).map(([k, v]): [string, string] => [k, String(v)])),
            text,
            body: JSON.parse(text),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
