/**
 * Guess limits under concurrency: a burst of parallel guesses must not all pass the limit check before the first
 * failure is recorded (scrypt is asynchronous). Every answer other than rate_limited means the guess was checked
 * (wrong_credentials / wrong_old_password, or a success), so counting those counts the verifications.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { obj } from '../../src/api/schema/object';
import { oneOf } from '../../src/api/schema/choice';
import { rateLimited } from '../http/envelope';
import { reserveGuess } from '../http/guess';
import { endpoint } from '../http/route';
import { startServer, type Res } from './helpers';

const MAX = 5;
// The CPU gate (cpu-gate.test.ts) would refuse most of a burst too; opened wide so that these tests prove the
// guess limiter on its own.
const LIMIT = {
  attemptLimit: { max: MAX, windowSeconds: 600 },
  cpuGate: { perClientInFlight: 1000, perClientPerMinute: 100_000, queued: 1000 },
};

const reasons = (answers: Res[]) => answers.map((r) => (r.body.code === 200 ? 'success' : String(r.body.data.reason)));
const checked = (answers: Res[]) => reasons(answers).filter((r) => r !== 'rate_limited');
const tally = (list: string[]) =>
  JSON.stringify(list.reduce<Record<string, number>>((n, r) => ({ ...n, [r]: (n[r] ?? 0) + 1 }), {}));

test('login: 200 parallel guesses against one username verify at most `max`; the right password last in the burst gets no token', async (t) => {
  const s = await startServer(t, LIMIT);
  const guesses = Array.from({ length: 199 }, (_, i) => `wrong-${i}`).concat('demo1234');
  const answers = await Promise.all(guesses.map((password) => s.call('authLogin', { username: 'demo', password })));
  for (const r of answers) assert.equal(r.status, 200);
  const verified = checked(answers);
  t.diagnostic(`200 parallel logins: ${tally(reasons(answers))}`);
  assert.ok(
    verified.length <= MAX,
    `${verified.length} of 200 parallel guesses were verified (max ${MAX}): ${tally(reasons(answers))}`,
  );
  assert.ok(verified.length >= 1, 'the limit does not refuse everything');
  assert.equal(
    answers.filter((r) => r.body.data.token).length,
    0,
    'the right password, 200th in the burst, must not get in',
  );
  assert.equal(answers.at(-1)!.body.data.reason, 'rate_limited');
  assert.ok(answers.at(-1)!.body.data.retry_after! >= 1);
});

test('update password: 100 parallel old-password guesses verify at most `max`; the right one last in the burst changes nothing', async (t) => {
  const s = await startServer(t, LIMIT);
  const token = await s.login();
  const olds = Array.from({ length: 99 }, (_, i) => `nope-${i}-xx`).concat('demo1234');
  const answers = await Promise.all(
    olds.map((old_password) =>
      s.call('updatePassword', { old_password, new_password: 'taken0ver', confirm_password: 'taken0ver' }, token),
    ),
  );
  const verified = checked(answers);
  t.diagnostic(`100 parallel old passwords: ${tally(reasons(answers))}`);
  assert.ok(
    verified.length <= MAX,
    `${verified.length} of 100 parallel old-password guesses were verified (max ${MAX}): ${tally(reasons(answers))}`,
  );
  assert.ok(!reasons(answers).includes('success'), 'the password was changed by brute force');
  assert.equal((await s.call('userInfo', {}, token)).body.code, 200, 'sessions were not revoked');
});

test('a guess left unsettled when its request ends: an error counts it as a failure, a rate_limited refusal releases it', async (t) => {
  const s = await startServer(t, {
    attemptLimit: { max: 2, windowSeconds: 600 },
    beforeListen: (app) => {
      const schema = obj({ then: oneOf(['crash', 'busy', 'forget'] as const) });
      endpoint(app, { method: 'POST', path: '/guess-probe', auth: false, schema }, async (ctx) => {
        await reserveGuess(ctx, 'probe');
        if (ctx.input.then === 'crash') throw new Error('the check blew up after reading the secret');
        if (ctx.input.then === 'busy') throw rateLimited(1); // e.g. the CPU gate: nothing was checked
        return { ok: true }; // a handler that forgot to settle
      });
    },
  });
  const probe = async (then: string) => (await s.post('/api/guess-probe', { then })).body;
  // Refusals for load never use up attempts.
  for (let i = 0; i < 5; i++) assert.equal((await probe('busy')).data.reason, 'rate_limited');
  assert.deepEqual(await probe('crash'), { code: 500, msg: 'Server error', data: {} });
  assert.equal((await probe('forget')).code, 200);
  // Both unsettled guesses were counted: the limit of 2 is used up.
  const refused = await probe('forget');
  assert.equal(refused.data.reason, 'rate_limited');
  assert.ok(
    refused.data.retry_after > 500,
    `retry_after ${refused.data.retry_after}: locked by failures, not by pending guesses`,
  );
});
