/**
 * Registration must not tell a stranger which usernames exist: without a usable license key every answer is
 * license_invalid, and failed registrations are limited per client address like any other guess.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { postFrom } from './from-address';
import { startServer, validRegistration } from './helpers';

const MAX = 5;

test('register without a license key: an existing username answers license_invalid, exactly like a free one', async (t) => {
  const s = await startServer(t);
  for (const username of ['demo', 'DEMO', 'nobody-here']) {
    const r = await s.call('authRegister', validRegistration({ username, license_key: 'NOT-A-KEY' }));
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, { reason: 'license_invalid' }, username);
  }
});

test('register: 200 username probes in a row without a license key are cut off after `max` failures per client', async (t) => {
  const s = await startServer(t, { attemptLimit: { max: MAX, windowSeconds: 600 } });
  const seen: string[] = [];
  for (let i = 0; i < 200; i++) {
    const username = i % 2 ? 'demo' : `free${i}`;
    const r = await s.call('authRegister', validRegistration({ username, license_key: `GUESS-${i}` }));
    seen.push(String(r.body.data.reason));
    if (r.body.data.reason === 'rate_limited') {
      assert.ok(r.body.data.retry_after! >= 1);
      break;
    }
  }
  assert.ok(
    !seen.includes('user_exists'),
    `a probe revealed an existing username: ${seen.slice(0, 6).join(',')}… (${seen.length} answers)`,
  );
  assert.equal(seen.length, MAX + 1, `expected ${MAX} answers, then rate_limited: ${seen.slice(0, 10).join(',')}…`);
  // Even a valid license key is refused now: the limit is on the client, not on the key.
  assert.equal((await s.call('authRegister', validRegistration())).body.data.reason, 'rate_limited');
  // Another client is not affected.
  const other = await postFrom('127.0.0.2', s.base, '/api/auth/register', validRegistration());
  assert.equal(other.body.code, 200, JSON.stringify(other.body));
});

test('register: 50 parallel probes from one client are answered at most `max` times', async (t) => {
  const s = await startServer(t, { attemptLimit: { max: MAX, windowSeconds: 600 } });
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      s.call('authRegister', validRegistration({ username: i % 2 ? 'demo' : `free${i}`, license_key: `GUESS-${i}` })),
    ),
  );
  const reasons = answers.map((r) => String(r.body.data.reason));
  const answered = reasons.filter((r) => r !== 'rate_limited');
  assert.ok(answered.length <= MAX, `${answered.length} of 50 parallel probes answered`);
  assert.ok(
    answered.every((r) => r === 'license_invalid'),
    answered.join(','),
  );
});

test('register: a valid key still reports a taken username, and those failures count toward the limit', async (t) => {
  const s = await startServer(t, { attemptLimit: { max: 2, windowSeconds: 600 } });
  assert.equal((await s.call('authRegister', validRegistration({ username: 'demo' }))).body.data.reason, 'user_exists');
  assert.equal((await s.call('authRegister', validRegistration({ username: 'Demo' }))).body.data.reason, 'user_exists');
  assert.equal(
    (await s.call('authRegister', validRegistration({ username: 'deleted' }))).body.data.reason,
    'rate_limited',
  );
});
