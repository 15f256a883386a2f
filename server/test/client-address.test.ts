/**
 * Per-client limits key on the client, not on one exact address: an IPv6 client may use any address of its /64
 * (so the /64 is the client), an IPv4-mapped IPv6 address is its IPv4 client, and one account's failed logins are
 * bounded whatever the addresses they come from. Requests are injected with the address a real socket would have
 * (app.inject's remoteAddress: this machine cannot open sockets from many IPv6 networks); the whole-server and
 * per-/64 connection caps are replayed over sockets in connections.test.ts.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { DEFAULT_USERNAME_ATTEMPT_LIMIT } from '../services/attempts';
import { clientKey, networkOf } from '../lib/client-key';
import { startServer, testClock, validRegistration, type TestServer } from './helpers';

interface Answer {
  code: number;
  data: { token?: string; reason?: string; retry_after?: number };
}

async function post(s: TestServer, remoteAddress: string, url: string, payload: unknown): Promise<Answer> {
  const r = await s.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    payload: payload as object,
    headers: { 'x-tz': 'UTC' },
  });
  assert.equal(r.statusCode, 200, r.body);
  return r.json();
}
const login = (s: TestServer, from: string, username: string, password: string) =>
  post(s, from, '/api/auth/login', { username, password });
/** An address of the IPv6 network 2001:db8:<net>::/64 (its interface part `host`), as a rotating client picks them. */
const v6 = (net: number, host: number) =>
  `2001:db8:0:${net.toString(16)}:${(host >> 16).toString(16)}:${(host & 0xffff).toString(16)}::${(host % 7) + 1}`;

test('the client key: IPv4 as is, IPv4-mapped IPv6 as its IPv4, any other IPv6 as its /64', () => {
  const cases: [string | undefined, string][] = [
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ];
  for (const [address, key] of cases) assert.equal(clientKey(address), key, String(address));
  assert.equal(clientKey(v6(1, 1)), clientKey(v6(1, 99_999)));
  assert.notEqual(clientKey(v6(1, 1)), clientKey(v6(2, 1)));
  // Neighbours (the CPU gate's waiting-slot share): an IPv4 /24, an IPv6 /64.
  assert.equal(networkOf('::ffff:203.0.113.7'), '203.0.113');
  assert.equal(networkOf('2001:db8:1:2::9'), '2001:db8:1:2');
});

test('login guesses from addresses rotating through one IPv6 /64 share one limit: the 6th is refused, the right password too', async (t) => {
  const s = await startServer(t);
  for (let i = 1; i <= 5; i++)
    assert.equal((await login(s, v6(1, i), 'demo', `wrong-${i}`)).data.reason, 'wrong_credentials', `guess ${i}`);
  const sixth = await login(s, v6(1, 6), 'demo', 'demo1234');
  assert.equal(sixth.data.reason, 'rate_limited', JSON.stringify(sixth));
  assert.ok(sixth.data.retry_after! >= 1);
  // An IPv4 client written as IPv4-mapped IPv6 is that IPv4 client too.
  for (let i = 1; i <= 3; i++)
    assert.equal((await login(s, '198.51.100.7', 'demo', `wrong-${i}`)).data.reason, 'wrong_credentials');
  for (let i = 4; i <= 5; i++)
    assert.equal((await login(s, '::ffff:198.51.100.7', 'demo', `wrong-${i}`)).data.reason, 'wrong_credentials');
  assert.equal((await login(s, '::ffff:198.51.100.7', 'demo', 'demo1234')).data.reason, 'rate_limited');
  // Another /64 is another client, with its own guesses: the owner can still sign in.
  assert.equal((await login(s, v6(2, 1), 'demo', 'demo1234')).code, 200);
});

test('failed registrations from addresses rotating through one /64 share one limit', async (t) => {
  const s = await startServer(t);
  for (let i = 1; i <= 5; i++) {
    const r = await post(
      s,
      v6(3, i),
      '/api/auth/register',
      validRegistration({ username: `shop${i}`, license_key: `WRONG-${i}` }),
    );
    assert.equal(r.data.reason, 'license_invalid', `try ${i}`);
  }
  const sixth = await post(s, v6(3, 6), '/api/auth/register', validRegistration({ username: 'shop6' }));
  assert.equal(sixth.data.reason, 'rate_limited', JSON.stringify(sixth));
  assert.equal((await post(s, v6(4, 1), '/api/auth/register', validRegistration({ username: 'shop7' }))).code, 200);
});

test("the hashing budget of a client is its /64's: new addresses of one network get no new password checks", async (t) => {
  const s = await startServer(t, { cpuGate: { perClientPerMinute: 3 } });
  // Different usernames: the guess limits never come into it, only the CPU gate's per-client budget.
  for (let i = 1; i <= 3; i++)
    assert.equal((await login(s, v6(5, i), `nobody${i}`, 'whatever1')).data.reason, 'wrong_credentials', `check ${i}`);
  assert.equal((await login(s, v6(5, 4), 'nobody4', 'whatever1')).data.reason, 'rate_limited');
  assert.equal(
    (await login(s, v6(6, 1), 'nobody5', 'whatever1')).data.reason,
    'wrong_credentials',
    'another /64 has its own budget',
  );
});

test(`one username takes ${DEFAULT_USERNAME_ATTEMPT_LIMIT.max} failed logins per 15 minutes from all addresses together; then even the right password waits`, async (t) => {
  const clock = testClock();
  // Wide hashing limits: this is about the guess limits alone.
  const s = await startServer(t, {
    clock,
    cpuGate: { queued: 1000, perNetworkQueued: 1000, perClientInFlight: 1000, perClientPerMinute: 100_000 },
  });
  const max = DEFAULT_USERNAME_ATTEMPT_LIMIT.max;
  // Guessers on many networks (one guess each, far under the per-client limit), all at once: each guess is reserved
  // before it is checked, so no more than `max` are ever checked.
  const burst = await Promise.all(
    Array.from({ length: max * 2 }, (_, i) => login(s, `203.0.${i}.9`, 'demo', `wrong-${i}`)),
  );
  const reasons = burst.map((r) => r.data.reason);
  assert.equal(reasons.filter((r) => r === 'wrong_credentials').length, max, JSON.stringify(reasons));
  assert.equal(reasons.filter((r) => r === 'rate_limited').length, max);
  // The owner, from an address never seen, is refused as well: that is the price (a stranger can hold one
  // account's logins for the window), told when to try again.
  const owner = await login(s, '192.0.2.50', 'demo', 'demo1234');
  assert.equal(owner.data.reason, 'rate_limited');
  assert.ok(owner.data.retry_after! > 0 && owner.data.retry_after! <= 15 * 60, JSON.stringify(owner));
  assert.equal(
    (await login(s, '192.0.2.51', 'DEMO', 'demo1234')).data.reason,
    'rate_limited',
    'usernames are one whatever their case',
  );
  // Other accounts are untouched.
  const other = await post(s, '127.0.0.1', '/api/__test__/merchant', {});
  assert.equal((await login(s, '192.0.2.52', (other.data as { username: string }).username, 'demo1234')).code, 200);
  // Once the failures are 15 minutes old, the owner gets in.
  clock.advance(15 * 60 * 1000 + 1000);
  assert.equal((await login(s, '192.0.2.50', 'demo', 'demo1234')).code, 200);
});

test('the per-username count is set by buildApp({ usernameAttemptLimit }) (LOGIN_FAILURES_PER_USERNAME in main.ts)', async (t) => {
  const s = await startServer(t, { usernameAttemptLimit: { max: 2, windowSeconds: 60 } });
  assert.equal((await login(s, '203.0.113.1', 'demo', 'wrong-1')).data.reason, 'wrong_credentials');
  assert.equal((await login(s, '203.0.113.2', 'demo', 'wrong-2')).data.reason, 'wrong_credentials');
  assert.equal((await login(s, '203.0.113.3', 'demo', 'demo1234')).data.reason, 'rate_limited');
});
