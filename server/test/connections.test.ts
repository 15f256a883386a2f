/**
 * Connections cannot be held for free: headers that trickle in, a body that trickles in, a socket that never says
 * anything and a keep-alive socket left idle are all closed after their timeout, and one address holding more
 * connections than its cap has the extra ones closed at once while everyone else is served. Small timeouts
 * through buildApp({ connections }), raw sockets (node:net) since fetch cannot send slowly.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { test, type TestContext } from 'node:test';
import type { AppOptions } from '../app';
import { startServer } from './helpers';
import { spawnMain } from './spawn-main';

/** How long a test waits for the server to act before calling it stuck (the timeouts below are a fraction of it). */
const PATIENCE_MS = 5000;

/** Every socket a test opened, destroyed when it ends (before its server closes, which waits for them). */
const opened = new Set<Socket>();
async function serve(t: TestContext, connections: AppOptions['connections']) {
  t.after(() => opened.forEach((socket) => socket.destroy()));
  return startServer(t, { connections });
}

interface Held {
  socket: Socket;
  received: () => string;
  closed: Promise<number>;
}

/** A raw connection (optionally from another loopback address); `closed` resolves with ms since opening once it closes. */
function open(base: string, localAddress?: string): Promise<Held> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ port: Number(port), host: hostname, localAddress });
    opened.add(socket);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', () => {});
    const closed = new Promise<number>((ok) => socket.once('close', () => ok(Date.now() - started)));
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Resolves with the close time, or fails when the server keeps the connection past PATIENCE_MS. */
async function closedWithin(held: Held, what: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: still open after ${PATIENCE_MS} ms`)), PATIENCE_MS);
  });
  try {
    return await Promise.race([held.closed, stuck]);
  } finally {
    clearTimeout(timer);
    held.socket.destroy();
  }
}

/** Writes `text` one character every `everyMs` until the socket closes. */
function trickle(held: Held, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (held.socket.destroyed || i >= text.length) return clearInterval(timer);
    held.socket.write(text[i++]);
  }, everyMs);
  void held.closed.then(() => clearInterval(timer));
}

const small = { headersTimeoutMs: 600, requestTimeoutMs: 1200, keepAliveTimeoutMs: 300 };

test('headers that trickle in, and a socket that says nothing, are closed after the header timeout', async (t) => {
  const s = await serve(t, small);
  const slow = await open(s.base);
  slow.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
  trickle(slow, `X-Pad: ${'a'.repeat(1000)}\r\n\r\n`, 50);
  const silent = await open(s.base);
  const [slowMs, silentMs] = await Promise.all([
    closedWithin(slow, 'slow headers'),
    closedWithin(silent, 'silent socket'),
  ]);
  assert.ok(slowMs >= small.headersTimeoutMs - 50, `slow headers closed early, after ${slowMs} ms`);
  assert.ok(silentMs >= small.headersTimeoutMs - 50, `silent socket closed early, after ${silentMs} ms`);
  // The slow one is told why, in the envelope.
  assert.match(slow.received(), /"msg":"request: timeout"/);
  assert.equal((await s.request('/api/health')).body.code, 200);
});

test('an answer the server takes longer than the header timeout to give still arrives: only a silent client is cut off', async (t) => {
  // A busy server (a hundred withdrawals at once) may take a while to answer a request it has whole: the socket is
  // quiet meanwhile, and closing it then would drop the answer.
  const s = await startServer(t, {
    connections: small,
    beforeListen: (app) =>
      app.get('/api/slow-answer', async () => {
        await new Promise((ok) => setTimeout(ok, small.headersTimeoutMs * 1.5));
        return { code: 200, msg: 'success', data: null };
      }),
  });
  const r = await s.request('/api/slow-answer');
  assert.equal(r.body?.code, 200, r.text);
});

test('a body that trickles in is closed after the request timeout', async (t) => {
  const s = await serve(t, small);
  const slow = await open(s.base);
  slow.socket.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n{"username":"',
  );
  trickle(slow, 'a'.repeat(1990), 50);
  const ms = await closedWithin(slow, 'slow body');
  assert.ok(ms >= small.requestTimeoutMs - 50, `closed early, after ${ms} ms`);
  assert.match(slow.received(), /"msg":"request: timeout"/);
});

test('an idle keep-alive connection is closed after the keep-alive timeout', async (t) => {
  const s = await serve(t, small);
  const held = await open(s.base);
  held.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
  const ms = await closedWithin(held, 'idle keep-alive');
  assert.match(held.received(), /^HTTP\/1\.1 200[\s\S]*"code":200/);
  assert.ok(ms < small.headersTimeoutMs + small.keepAliveTimeoutMs + 1000, `closed after ${ms} ms`);
});

test('connections from one address beyond its cap are closed at once; another client is still served', async (t) => {
  const s = await serve(t, { ...small, headersTimeoutMs: 10_000, requestTimeoutMs: 20_000, perAddress: 3 });
  const kept = await Promise.all([1, 2, 3].map(() => open(s.base, '127.0.0.2')));
  const extra = await Promise.all([1, 2].map(() => open(s.base, '127.0.0.2')));
  for (const [i, e] of extra.entries()) await closedWithin(e, `connection ${i + 4} from 127.0.0.2`);
  // The three within the cap are still open and still served.
  kept[0].socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await closedWithin(kept[0], 'served request');
  assert.match(kept[0].received(), /"code":200/);
  assert.ok(kept.slice(1).every((k) => !k.socket.destroyed));
  // Another address is unaffected.
  assert.equal((await s.request('/api/health')).body.code, 200);
  // A closed connection frees its place: once the server has seen one of 127.0.0.2's go, a new one is served.
  const servedAgain = async () => {
    const again = await open(s.base, '127.0.0.2');
    again.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await closedWithin(again, 'a new connection within the cap');
    return /"code":200/.test(again.received());
  };
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await servedAgain())) assert.ok(Date.now() < deadline, 'no place freed after a connection closed');
});

test('the whole server holds MAX_CONNECTIONS at once: the next connection is closed while the others are open and served', async (t) => {
  const s = await serve(t, { ...small, headersTimeoutMs: 10_000, requestTimeoutMs: 20_000, total: 3 });
  // Three clients, each far under its own cap: only the server's total stops the fourth.
  const kept = await Promise.all(['127.0.0.2', '127.0.0.3', '127.0.0.4'].map((a) => open(s.base, a)));
  const extra = await open(s.base, '127.0.0.5');
  await closedWithin(extra, 'a fourth connection over a total of 3');
  assert.equal(extra.received(), '', 'closed unanswered');
  assert.ok(kept.every((k) => !k.socket.destroyed));
  kept[0].socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await closedWithin(kept[0], 'served request');
  assert.match(kept[0].received(), /"code":200/);
  // The closed one freed its place.
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const again = await open(s.base, '127.0.0.5');
    again.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await closedWithin(again, 'a connection within the total');
    if (/"code":200/.test(again.received())) break;
    assert.ok(Date.now() < deadline, 'no place freed after a connection closed');
  }
});

/**
 * A real connection whose server end reaches the app as if it came from `address`: this machine cannot open
 * sockets from other IPv6 networks, so the socket a side listener accepted is handed to the app's server, as Node
 * hands it every accepted socket ('connection'), with the peer address it would have had.
 */
async function openAs(t: TestContext, server: Server, address: string): Promise<Held> {
  const side = createServer();
  t.after(() => side.close());
  side.listen(0, '127.0.0.1');
  await once(side, 'listening');
  const accepted = once(side, 'connection') as Promise<[Socket]>;
  const held = await open(`http://127.0.0.1:${(side.address() as AddressInfo).port}`);
  const [socket] = await accepted;
  Object.defineProperty(socket, 'remoteAddress', { value: address });
  server.emit('connection', socket);
  return held;
}

test('connections from addresses rotating through one IPv6 /64 share one cap; another /64 has its own', async (t) => {
  const s = await serve(t, { ...small, headersTimeoutMs: 10_000, requestTimeoutMs: 20_000, perAddress: 3 });
  const kept = [];
  for (let i = 1; i <= 3; i++) kept.push(await openAs(t, s.app.server, `2001:db8:7:1::${i}`));
  const extra = await openAs(t, s.app.server, '2001:db8:7:1:ffff::4');
  await closedWithin(extra, 'a fourth connection from the same /64');
  const mapped = [];
  for (let i = 1; i <= 3; i++)
    mapped.push(await openAs(t, s.app.server, i % 2 ? '198.51.100.9' : '::ffff:198.51.100.9'));
  await closedWithin(
    await openAs(t, s.app.server, '::ffff:198.51.100.9'),
    'a fourth from one IPv4 client, written either way',
  );
  const neighbour = await openAs(t, s.app.server, '2001:db8:7:2::1');
  neighbour.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await closedWithin(neighbour, 'served request from another /64');
  assert.match(neighbour.received(), /"code":200/);
  assert.ok([...kept, ...mapped].every((k) => !k.socket.destroyed));
});

test(
  'main.ts takes the limits from its environment and refuses a value out of range',
  { timeout: 60_000 },
  async (t) => {
    t.after(() => opened.forEach((socket) => socket.destroy()));
    const run = spawnMain(t, { KEEP_ALIVE_TIMEOUT_MS: '300', CONNECTIONS_PER_ADDRESS: '2' });
    const started = await run.started;
    assert.ok('banner' in started, `exited ${JSON.stringify(started)}: ${run.stderr()}`);
    const base = /http:\/\/127\.0\.0\.1:\d+/.exec(started.banner)![0];
    const held = await open(base, '127.0.0.3');
    held.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const second = await open(base, '127.0.0.3');
    const third = await open(base, '127.0.0.3');
    await closedWithin(third, 'a third connection over CONNECTIONS_PER_ADDRESS=2');
    await closedWithin(held, 'idle keep-alive with KEEP_ALIVE_TIMEOUT_MS=300');
    assert.match(held.received(), /"code":200/);
    second.socket.destroy();

    const bad = spawnMain(t, { CONNECTIONS_PER_ADDRESS: '0' });
    assert.deepEqual(await bad.started, { exitCode: 1 });
    assert.match(bad.stderr(), /CONNECTIONS_PER_ADDRESS=0 is not an integer/);
  },
);

test('main.ts: MAX_CONNECTIONS caps the whole server', { timeout: 60_000 }, async (t) => {
  t.after(() => opened.forEach((socket) => socket.destroy()));
  const run = spawnMain(t, { MAX_CONNECTIONS: '2' });
  const started = await run.started;
  assert.ok('banner' in started, `exited ${JSON.stringify(started)}: ${run.stderr()}`);
  const base = /http:\/\/127\.0\.0\.1:\d+/.exec(started.banner)![0];
  const kept = [await open(base, '127.0.0.6'), await open(base, '127.0.0.7')];
  await closedWithin(await open(base, '127.0.0.8'), 'a third connection over MAX_CONNECTIONS=2');
  kept[1].socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await closedWithin(kept[1], 'served request');
  assert.match(kept[1].received(), /"code":200/);

  const bad = spawnMain(t, { MAX_CONNECTIONS: 'lots' });
  assert.deepEqual(await bad.started, { exitCode: 1 });
  assert.match(bad.stderr(), /MAX_CONNECTIONS=lots is not an integer/);
});
