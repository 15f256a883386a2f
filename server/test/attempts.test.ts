import assert from 'node:assert/strict';
import test from 'node:test';
import { AttemptLimiter } from '../services/attempts';
import { registerPartnerUser } from './entry-links';
import { startServer, testClock, validRegistration } from './helpers';
import { emptyStore } from './seeded-db';

/** A limiter on a database of the test's own (the guesses are rows), closed when the test ends. */
async function limiter(
  t: test.TestContext,
  limit: { max: number; windowSeconds: number },
  now: () => number,
): Promise<AttemptLimiter> {
  const store = await emptyStore();
  t.after(() => store.close());
  return new AttemptLimiter(store.db, 'test', limit, now);
}

test('AttemptLimiter: max failures lock a key until the oldest ages out; a success clears it', async (t) => {
  let now = 1_000_000;
  const l = await limiter(t, { max: 3, windowSeconds: 60 }, () => now);
  const failOnce = async (key: string) => {
    const r = await l.reserve(key);
    assert.ok(r.ok, `${key} refused`);
    await r.reservation.fail();
  };
  for (let i = 0; i < 3; i++) {
    assert.equal(await l.retryAfter('a'), 0);
    await failOnce('a');
    now += 10_000;
  }
  assert.equal(await l.retryAfter('a'), 30, 'first failure at t0, now t0+30s, window 60s');
  assert.deepEqual(await l.reserve('a'), { ok: false, retryAfter: 30 });
  assert.equal(await l.retryAfter('b'), 0, 'other keys are not affected');
  now += 30_000;
  assert.equal(await l.retryAfter('a'), 0, 'the oldest failure aged out');
  const right = await l.reserve('a');
  assert.ok(right.ok);
  await right.reservation.succeed();
  assert.equal(await l.retryAfter('a'), 0);
  for (let i = 0; i < 3; i++) await failOnce('a');
  assert.ok((await l.retryAfter('a')) > 0, 'a success cleared the earlier failures: three new ones lock again');
});

test('AttemptLimiter: pending guesses count toward the limit until settled; each settles once; release does not count', async (t) => {
  const l = await limiter(t, { max: 2, windowSeconds: 60 }, () => 1_000_000);
  const a = await l.reserve('k');
  const b = await l.reserve('k');
  assert.ok(a.ok && b.ok);
  assert.deepEqual(await l.reserve('k'), { ok: false, retryAfter: 1 }, 'two pending guesses use up a limit of two');
  await a.reservation.release();
  await a.reservation.fail(); // already ended: ignored
  const c = await l.reserve('k');
  assert.ok(c.ok, 'a released guess frees its slot without counting');
  await b.reservation.fail();
  await c.reservation.fail();
  const locked = await l.reserve('k');
  assert.ok(!locked.ok && locked.retryAfter === 60, 'two failures (not three): locked for the window');
});

test('login: the 6th try after 5 wrong passwords is refused, even with the right password; other accounts still work', async (t) => {
  const s = await startServer(t);
  for (let i = 0; i < 5; i++) {
    const r = await s.call('authLogin', { username: 'demo', password: `wrong${i}xx` });
    assert.equal(r.body.data.reason, 'wrong_credentials');
  }
  const right = await s.call('authLogin', { username: 'DEMO', password: 'demo1234' });
  assert.equal(right.status, 200);
  assert.equal(right.body.code, 405);
  assert.equal(right.body.data.reason, 'rate_limited');
  assert.ok(
    right.body.data.retry_after! > 800 && right.body.data.retry_after! <= 900,
    `retry_after ${right.body.data.retry_after}`,
  );
  assert.equal(right.body.data.token, undefined);
  // Unknown usernames are counted alike, so the limit reveals nothing about which accounts exist.
  for (let i = 0; i < 5; i++) await s.call('authLogin', { username: 'nobody-here', password: 'whatever1' });
  assert.equal(
    (await s.call('authLogin', { username: 'nobody-here', password: 'whatever1' })).body.data.reason,
    'rate_limited',
  );
  // Register another merchant: not locked.
  const reg = await s.call('authRegister', validRegistration());
  assert.equal(reg.body.code, 200, JSON.stringify(reg.body));
  assert.equal((await s.call('authLogin', { username: 'newshop', password: 'secret123' })).body.code, 200);
});

test('login: a success before the limit clears the count; the window is configurable and ends', async (t) => {
  const clock = testClock();
  const s = await startServer(t, { attemptLimit: { max: 2, windowSeconds: 60 }, clock });
  await s.call('authLogin', { username: 'demo', password: 'wrong123' });
  assert.equal((await s.call('authLogin', { username: 'demo', password: 'demo1234' })).body.code, 200);
  await s.call('authLogin', { username: 'demo', password: 'wrong123' });
  await s.call('authLogin', { username: 'demo', password: 'wrong123' });
  assert.equal(
    (await s.call('authLogin', { username: 'demo', password: 'demo1234' })).body.data.reason,
    'rate_limited',
  );
  clock.advance(59_000);
  assert.equal(
    (await s.call('authLogin', { username: 'demo', password: 'demo1234' })).body.data.reason,
    'rate_limited',
    'still inside the window',
  );
  clock.advance(1_001);
  assert.equal((await s.call('authLogin', { username: 'demo', password: 'demo1234' })).body.code, 200);
});

test('authorization codes and the old password are limited per user too', async (t) => {
  const s = await startServer(t, { attemptLimit: { max: 2, windowSeconds: 600 } });
  const partnerToken = await registerPartnerUser(s, 'partner', 'limit-1');
  for (let i = 0; i < 2; i++)
    assert.equal(
      (await s.call('openingStore', { auth_code: `NOPE-${i}` }, partnerToken)).body.data.reason,
      'auth_code_not_found',
    );
  assert.equal(
    (await s.call('openingStore', { auth_code: 'DEMO-AUTH' }, partnerToken)).body.data.reason,
    'rate_limited',
  );

  const token = await s.login();
  const change = (old: string) =>
    s.call('updatePassword', { old_password: old, new_password: 'newpass1', confirm_password: 'newpass1' }, token);
  assert.equal((await change('nope1234')).body.data.reason, 'wrong_old_password');
  assert.equal((await change('nope5678')).body.data.reason, 'wrong_old_password');
  assert.equal((await change('demo1234')).body.data.reason, 'rate_limited');
});
