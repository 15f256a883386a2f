/**
 * Per-client limits behind a real nginx (test/nginx.mjs, the site of deploy/nginx-site.conf): with TRUST_PROXY
 * naming the proxy, two merchants behind it are two clients; without it, they are one (the proxy's address), and
 * one guesser locks the other out. A forged X-Forwarded-For changes nothing, whether sent through the proxy (which
 * replaces it) or straight to the server from a socket that is not a trusted proxy.
 *
 * Clients are told apart by their source address: 127.0.0.0/8 is all loopback on Linux (from-address.ts).
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import test, { type TestContext } from 'node:test';
import { parseTrustProxy } from '../http/trust-proxy';
import { startNginx } from '../../test/nginx.mjs';
import { postFrom } from './from-address';
import { spawnMain } from './spawn-main';

const A = '127.0.0.2';
const B = '127.0.0.3';
const OUTSIDER = '127.0.0.4';

async function serverBehindNginx(
  t: TestContext,
  env: Record<string, string>,
): Promise<{ direct: string; proxied: string }> {
  const run = spawnMain(t, { LOG_LEVEL: 'error', ...env });
  const started = await run.started;
  assert.ok('banner' in started, `the server did not start: ${run.stderr()}`);
  const direct = started.banner.match(/http:\/\/[^\s/]+/)![0];
  const proxy = await startNginx({ upstreams: [new URL(direct).host] });
  t.after(() => proxy.stop());
  return { direct, proxied: proxy.url };
}

async function login(
  from: string,
  base: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const r = await postFrom(
    from,
    base,
    '/api/auth/login',
    { username: 'demo', password },
    { 'x-tz': 'UTC', ...headers },
  );
  assert.equal(r.status, 200, r.text);
  return r.body.code === 200 ? 'ok' : r.body.data?.reason;
}

/** Five wrong guesses at the demo password from `from` (the guess limit's whole allowance). */
async function guessFiveTimes(
  from: string,
  base: string,
  headers: (i: number) => Record<string, string> = () => ({}),
): Promise<void> {
  for (let i = 1; i <= 5; i++)
    assert.equal(await login(from, base, `wrong-${i}`, headers(i)), 'wrong_credentials', `guess ${i}`);
}

test('TRUST_PROXY: addresses, networks, named ranges or hops; "true", typos and out-of-range hops are refused', () => {
  assert.equal(parseTrustProxy(undefined), null);
  assert.equal(parseTrustProxy(' '), null);
  assert.equal(parseTrustProxy('false'), null);
  const list = parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1')!;
  assert.equal(list('10.1.2.3', 0), true);
  assert.equal(list('::ffff:10.1.2.3', 0), true, 'an IPv4-mapped peer is its IPv4 address');
  assert.equal(list('127.0.0.1', 0), true);
  assert.equal(list('127.0.0.2', 0), false);
  assert.equal(list('11.0.0.1', 0), false);
  assert.equal(parseTrustProxy('loopback')!('127.0.0.9', 0), true);
  const hops = parseTrustProxy('2')!;
  assert.deepEqual(
    [0, 1, 2].map((hop) => hops('203.0.113.1', hop)),
    [true, true, false],
  );
  for (const bad of ['true', 'TRUE', '0', '11', '10.0.0.0/33', 'proxy.example', '127.0.0.1,nginx', ',']) {
    assert.throws(() => parseTrustProxy(bad), /TRUST_PROXY/, bad);
  }
});

test('TRUST_PROXY=nonsense stops the start with one line', async (t) => {
  const run = spawnMain(t, { TRUST_PROXY: 'true' });
  assert.deepEqual(await run.started, { exitCode: 1 });
  assert.match(run.stderr(), /^TRUST_PROXY=true would believe every client's X-Forwarded-For[^\n]*\n$/);
});

test('behind nginx without TRUST_PROXY every merchant is the proxy: one guesser locks the other out', async (t) => {
  const { proxied } = await serverBehindNginx(t, {});
  await guessFiveTimes(A, proxied);
  assert.equal(await login(B, proxied, 'demo1234'), 'rate_limited');
});

test('behind nginx with TRUST_PROXY, each merchant is its own client, and no forged X-Forwarded-For changes that', async (t) => {
  const { direct, proxied } = await serverBehindNginx(t, { TRUST_PROXY: '127.0.0.1' });
  // A guesser behind the proxy, naming someone else in its own header each time: counted as itself.
  await guessFiveTimes(A, proxied, (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }));
  assert.equal(await login(A, proxied, 'demo1234', { 'x-forwarded-for': B }), 'rate_limited');
  assert.equal(await login(A, proxied, 'demo1234'), 'rate_limited');
  // The merchant beside it signs in.
  assert.equal(await login(B, proxied, 'demo1234'), 'ok');
  // Straight to the server from a socket that is no proxy: its headers are not believed, whatever they say.
  await guessFiveTimes(OUTSIDER, direct, (i) => ({ 'x-forwarded-for': `203.0.113.${i}` }));
  assert.equal(await login(OUTSIDER, direct, 'demo1234', { 'x-forwarded-for': '203.0.113.99' }), 'rate_limited');
  // Nor can it take another client's place: B still signs in through the proxy.
  assert.equal(await login(B, proxied, 'demo1234'), 'ok');
});

test('behind nginx with TRUST_PROXY, the hashing budget is per merchant, not per proxy', async (t) => {
  const { proxied } = await serverBehindNginx(t, { TRUST_PROXY: '127.0.0.1', PASSWORD_CHECKS_PER_MINUTE: '3' });
  // Different unknown usernames: only the hashing budget of the client comes into it, not the guess limits.
  for (let i = 1; i <= 3; i++) {
    const r = await postFrom(
      A,
      proxied,
      '/api/auth/login',
      { username: `nobody${i}`, password: 'whatever1' },
      { 'x-tz': 'UTC' },
    );
    assert.equal(r.body.data?.reason, 'wrong_credentials', `check ${i}`);
  }
  const fourth = await postFrom(
    A,
    proxied,
    '/api/auth/login',
    { username: 'nobody4', password: 'whatever1' },
    { 'x-tz': 'UTC' },
  );
  assert.equal(fourth.body.data?.reason, 'rate_limited');
  assert.equal(await login(B, proxied, 'demo1234'), 'ok');
});

/** Opens a connection from `from` and resolves once it is known whether the server keeps it (open after 300 ms). */
function heldOpen(from: string, base: string, sockets: Socket[]): Promise<boolean> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress: from });
    sockets.push(socket);
    let closed = false;
    socket.once('close', () => {
      closed = true;
      resolve(false);
    });
    socket.once('error', () => undefined);
    // Showing that nothing happens: the cap closes a connection as it arrives, well within this.
    socket.once('connect', () => setTimeout(() => resolve(!closed), 300));
  });
}

test("a trusted proxy's connections are not capped per address; any other client's are", async (t) => {
  const run = spawnMain(t, { TRUST_PROXY: '127.0.0.1', CONNECTIONS_PER_ADDRESS: '2' });
  const started = await run.started;
  assert.ok('banner' in started, run.stderr());
  const base = started.banner.match(/http:\/\/[^\s/]+/)![0];
  const sockets: Socket[] = [];
  t.after(() => sockets.forEach((s) => s.destroy()));
  const proxy = await Promise.all([1, 2, 3, 4].map(() => heldOpen('127.0.0.1', base, sockets)));
  assert.deepEqual(proxy, [true, true, true, true]);
  const other = [];
  for (let i = 0; i < 3; i++) other.push(await heldOpen(OUTSIDER, base, sockets));
  assert.deepEqual(other, [true, true, false]);
});

test('behind nginx, the ticker is answered from its few seconds of cache: the apps told of news cost the server one read', async (t) => {
  const { proxied } = await serverBehindNginx(t, { TRUST_PROXY: '127.0.0.1' });
  const statuses: string[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await fetch(`${proxied}/api/broadcast-data`);
    assert.equal(((await r.json()) as { code: number }).code, 200);
    statuses.push(r.headers.get('x-cache-status') ?? '');
  }
  assert.deepEqual(statuses, ['MISS', 'HIT', 'HIT']);
  // Nothing with a session is cached.
  const wallet = await fetch(`${proxied}/api/user/property`, { headers: { 'x-ct': 'nobody' } });
  assert.equal(wallet.headers.get('x-cache-status'), null);
});
