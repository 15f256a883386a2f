/**
 * The test API (/api/__test__/*) can delete any account, so it answers loopback clients only, judged by the
 * socket's address (never a header). These tests connect for real from this machine's own non-loopback
 * interface address when it has one: the server listens on the wildcard address and sees that address as the
 * peer, exactly as it would see a client on the network. From loopback too, a request a local proxy passed on,
 * one sent to another name (DNS rebinding) and one from another origin are refused, with no CORS grant.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { test } from 'node:test';
import { isLoopbackAddress, isLoopbackHost } from '../http/loopback';
import { startServer } from './helpers';

/** A non-loopback address of this machine (IPv4 first), as a URL host; null when there is none. */
function externalAddress(): string | null {
  const all = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal);
  const v4 = all.find((a) => a!.family === 'IPv4');
  if (v4) return v4.address;
  const v6 = all.find((a) => a!.family === 'IPv6' && !a!.address.startsWith('fe80'));
  return v6 ? `[${v6.address}]` : null;
}

const NOT_FOUND = { code: 405, msg: 'Not found', data: { reason: 'not_found' } };

test('the test API refuses a client on a non-loopback address: the same 404 as an unknown path, and nothing changes', async (t) => {
  const host = externalAddress();
  if (!host) return t.skip('this machine has no non-loopback interface address (covered by the inject test below)');
  const s = await startServer(t, { host: '::' });
  const port = new URL(s.base).port;
  const fromOutside = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://${host}:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ username: 'demo', state: 'deleted' }),
    });

  const unknown = await fromOutside('/api/__test__/no-such-route');
  const spoofed: Record<string, string>[] = [
    {},
    { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' },
  ];
  for (const headers of spoofed) {
    const r = await fromOutside('/api/__test__/set-state', headers);
    assert.equal(r.status, 404, JSON.stringify(headers));
    assert.deepEqual(await r.json(), NOT_FOUND);
    assert.equal(r.headers.get('content-type'), unknown.headers.get('content-type'));
  }
  assert.equal(unknown.status, 404);
  assert.equal(
    (await s.db.selectFrom('users').select('state').where('username', '=', 'demo').executeTakeFirstOrThrow()).state,
    'active',
  );

  // The same server still answers its loopback clients (the examples page on 127.0.0.1).
  const local = await s.post('/api/__test__/set-state', { username: 'demo', state: 'disabled' });
  assert.deepEqual(local.body, { code: 200, msg: 'success', data: { username: 'demo', state: 'disabled' } });
  // ... and the rest of the API stays open to everyone.
  assert.equal(((await (await fetch(`http://${host}:${port}/api/health`)).json()) as { code: number }).code, 200);
});

test('the test API refuses non-loopback peers in inject too (machines without a second interface)', async (t) => {
  const s = await startServer(t);
  const r = await s.app.inject({
    method: 'POST',
    url: '/api/__test__/set-state',
    remoteAddress: '203.0.113.7',
    headers: { 'x-forwarded-for': '127.0.0.1' },
    payload: { username: 'demo', state: 'deleted' },
  });
  assert.equal(r.statusCode, 404);
  assert.deepEqual(r.json(), NOT_FOUND);
  const ok = await s.app.inject({
    method: 'POST',
    url: '/api/__test__/expire-tokens',
    remoteAddress: '::ffff:127.0.0.9',
    payload: { username: 'demo' },
  });
  assert.equal(ok.json().code, 200);
});

test('loopback means 127.0.0.0/8, ::1 and IPv4-mapped 127.x, nothing else', () => {
  for (const a of ['127.0.0.1', '127.200.1.2', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])
    assert.ok(isLoopbackAddress(a), a);
  for (const a of [
    '192.0.2.2',
    '::ffff:192.0.2.2',
    'fd00::2',
    '::',
    '0.0.0.0',
    '128.0.0.1',
    '',
    undefined,
    'localhost',
    '127.0.0.1.evil',
  ])
    assert.ok(!isLoopbackAddress(a), String(a));
  for (const h of ['127.0.0.1', '::1', 'localhost', '[::1]']) assert.ok(isLoopbackHost(h), h);
  for (const h of ['0.0.0.0', '::', '192.0.2.2', 'example.com']) assert.ok(!isLoopbackHost(h), h);
});

/** One request over a fresh connection, with exactly the headers given (Host and Origin too, which fetch sets itself). */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method,
        path,
        agent: false,
        headers: {
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** An answer's headers but the ones that change on every answer anyway. */
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));

const unread = async (s: Awaited<ReturnType<typeof startServer>>) =>
  (
    await s.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('username', '=', 'demo'))
      .executeTakeFirstOrThrow()
  ).n;

test('from loopback, the test API refuses forwarded, foreign-Host and cross-origin requests exactly as an unknown path, with no CORS grant', async (t) => {
  const s = await startServer(t);
  const own = new URL(s.base).host; // 127.0.0.1:<port>
  const body = JSON.stringify({ username: 'demo', count: 1 });
  const notify = (headers: Record<string, string>) =>
    send(s.base, 'POST', '/api/__test__/notify', { host: own, ...headers }, body);
  const before = await unread(s);

  const refusals: Record<string, string>[] = [
    // A reverse proxy on this machine passes a stranger's request on: the socket is loopback, the client is not.
    { 'x-forwarded-for': '203.0.113.9' },
    { 'x-forwarded-host': 'shop.example' },
    { 'x-forwarded-proto': 'https' },
    { forwarded: 'for=203.0.113.9' },
    { 'x-real-ip': '203.0.113.9' },
    { 'x-client-ip': '203.0.113.9' },
    { 'true-client-ip': '203.0.113.9' },
    { 'cf-connecting-ip': '203.0.113.9' },
    { via: '1.1 proxy' },
    // DNS rebinding: a website whose name now resolves to 127.0.0.1 calls the server with its own name as Host.
    { host: 'evil.example' },
    { host: `evil.example:${new URL(s.base).port}` },
    { host: '127.0.0.1.evil.example' },
    { host: 'user@127.0.0.1' },
    { host: 'localhost.' },
    { host: '127.0.0.1:99999' },
    { host: '127.1' },
    // Any other page in the browser of the person running the server.
    { origin: 'http://evil.example' },
    { origin: 'null' },
    { origin: `https://${own}` },
    { origin: 'http://127.0.0.1:1' },
    { origin: `http://localhost:${new URL(s.base).port}` },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
  ];
  const unknown = await send(
    s.base,
    'POST',
    '/api/__test__/no-such-route',
    { host: own, origin: 'http://evil.example' },
    body,
  );
  assert.equal(unknown.status, 404);
  assert.deepEqual(JSON.parse(unknown.text), NOT_FOUND);
  for (const headers of refusals) {
    const r = await notify(headers);
    assert.equal(r.status, 404, JSON.stringify(headers));
    assert.equal(r.text, unknown.text, JSON.stringify(headers));
    assert.equal(r.headers['access-control-allow-origin'], undefined, JSON.stringify(headers));
    assert.deepEqual(stable(r.headers), stable(unknown.headers), JSON.stringify(headers));
  }
  // No Host at all (HTTP/1.0, or a hand-written request) names nothing: refused too.
  const noHost = await new Promise<string>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(s.base).port) }, () =>
      socket.end(
        `POST /api/__test__/notify HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      ),
    );
    let text = '';
    socket
      .setEncoding('utf8')
      .on('data', (d: string) => (text += d))
      .on('end', () => resolve(text))
      .on('error', reject);
  });
  assert.match(noHost, /^HTTP\/1\.1 404 /);
  assert.ok(noHost.endsWith(unknown.text), noHost);
  assert.equal(await unread(s), before, 'no refused request changed anything');

  // Without a body (a GET) too.
  const link = '/api/__test__/partner-link?entry=partner&uid=someone';
  const getUnknown = await send(s.base, 'GET', '/api/__test__/no-such-route', {
    host: own,
    origin: 'http://evil.example',
  });
  for (const headers of [
    { origin: 'http://evil.example' },
    { host: 'evil.example' },
    { 'x-forwarded-for': '203.0.113.9' },
  ] as Record<string, string>[]) {
    const r = await send(s.base, 'GET', link, { host: own, ...headers });
    assert.equal(r.status, 404, JSON.stringify(headers));
    assert.equal(r.text, getUnknown.text);
    assert.deepEqual(stable(r.headers), stable(getUnknown.headers), JSON.stringify(headers));
  }
  assert.equal(JSON.parse((await send(s.base, 'GET', link, { host: own })).text).code, 200);

  // The preflight a cross-origin page would send first gets no grant either, for a route or not.
  const preflight = (path: string) =>
    send(s.base, 'OPTIONS', path, {
      host: own,
      origin: 'http://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
  const [pre, preUnknown] = await Promise.all([
    preflight('/api/__test__/notify'),
    preflight('/api/__test__/no-such-route'),
  ]);
  for (const r of [pre, preUnknown]) {
    assert.equal(r.headers['access-control-allow-origin'], undefined);
    assert.equal(r.headers['access-control-allow-methods'], undefined);
  }
  assert.equal(pre.status, preUnknown.status);
  assert.equal(pre.text, preUnknown.text);
  assert.deepEqual(stable(pre.headers), stable(preUnknown.headers));
  // The rest of the API keeps its CORS for partners' pages.
  const apiPre = await preflight('/api/auth/login');
  assert.equal(apiPre.status, 204);
  assert.equal(apiPre.headers['access-control-allow-origin'], '*');

  // What the examples page (same origin) and the tests' own clients send still works: loopback names with or
  // without a port, and an Origin that is the server's own.
  const port = new URL(s.base).port;
  const allowed: Record<string, string>[] = [
    {},
    { host: `localhost:${port}` },
    { host: 'localhost' },
    { host: `[::1]:${port}` },
    { host: `127.0.0.2:${port}` },
    { host: `LOCALHOST:${port}` },
    { origin: `http://${own}` },
    { host: `localhost:${port}`, origin: `http://localhost:${port}` },
    { 'sec-fetch-site': 'same-origin', origin: `http://${own}` },
    { 'sec-fetch-site': 'none' },
  ];
  for (const headers of allowed) {
    const r = await notify(headers);
    assert.equal(JSON.parse(r.text).code, 200, `${JSON.stringify(headers)}: ${r.text}`);
    assert.equal(r.headers['access-control-allow-origin'], undefined, 'same origin needs no CORS grant');
  }
  assert.equal(await unread(s), before + allowed.length);
});
