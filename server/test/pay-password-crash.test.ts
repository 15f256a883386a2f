/**
 * A crash during transaction-password checks (kill -9 of the real server, then a restart on the same database
 * file): the guesses that were in flight count as wrong guesses, no more and no less. A merchant who was
 * mid-withdrawal is not locked, only told of the tries those guesses took; one whose in-flight guesses bring the
 * count to the limit is locked, so a crash can never be a way to get more guesses than the limit.
 *
 * The checks are held in flight by the stored hash itself: scrypt's cost is written in it (`scrypt$N$r$p$…`), so
 * a hash with a large p takes seconds to verify, and the process is killed while its guesses are being checked.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { PAY_PASSWORD_MAX_FAILURES, Reason, WalletReason } from '../../src/api/contract';
import { open } from '../db/index';
import { payPasswordWire } from '../seed/seed-wallet';
import { spawnMain } from './spawn-main';

const RIGHT = payPasswordWire('246810');
const WRONG = payPasswordWire('111111');
/** A bound for a failure (a server that never starts), not a wait: a loaded machine starts main.ts in 10+ s. */
const START_LIMIT_MS = 60_000;
/** About a thousand times one ordinary verification: far longer than the test takes to see the guesses and kill. */
const SLOW_HASH = `scrypt$16384$8$1024$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`;

interface Envelope { code: number; data: { reason?: string; tries_left?: number; token?: string; username?: string } }

async function serve(t: test.TestContext, database: string, env: Record<string, string> = {}) {
  const run = spawnMain(t, { DATABASE: database, ENABLE_TEST_API: '1', ...env });
  const started = await run.started;
  assert.ok('banner' in started, `exited ${JSON.stringify(started)}: ${run.stderr()}`);
  const base = /http:\/\/127\.0\.0\.1:\d+/.exec(started.banner)![0];
  const post = async (path: string, body: unknown, token?: string) =>
    (await (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'X-CT': token } : {}) }, body: JSON.stringify(body) })).json()) as Envelope;
  return { run, post };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('kill -9 mid-check, restart on the same file: the in-flight guesses are counted as wrong, locking only if they reach the limit', { timeout: 3 * START_LIMIT_MS }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-crash-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const database = join(dir, 'crash.db');

  // A few checks of one merchant in the gate at once (one running, the others waiting), so that several can be in
  // flight when the process dies.
  const first = await serve(t, database, { PASSWORD_CHECKS_IN_FLIGHT: '4' });
  const shop = async () => (await first.post('/api/__test__/merchant', { pay_password: '246810' })).data as { token: string; username: string };
  const midWithdrawal = await shop();
  const fullCount = await shop();
  const db = open(database);
  t.after(() => db.close());
  const row = db.prepare('SELECT pay_password_hash AS hash, pay_password_failures AS failures, pay_password_locked_until AS until FROM users WHERE username = ?');
  const read = (username: string) => row.get(username) as { hash: string; failures: number; until: number | null };
  const rightHash = read(midWithdrawal.username).hash;
  const setHash = db.prepare('UPDATE users SET pay_password_hash = ? WHERE username = ?');
  for (const m of [midWithdrawal, fullCount]) setHash.run(SLOW_HASH, m.username);
  // The other merchant has two tries left.
  const PRIOR = PAY_PASSWORD_MAX_FAILURES - 2;
  db.prepare('UPDATE users SET pay_password_failures = ? WHERE username = ?').run(PRIOR, fullCount.username);

  // Two guesses of each in flight: the first merchant's take two of five tries, the other's its last two.
  const answered: string[] = [];
  const check = (m: { token: string; username: string }) =>
    first.post('/api/check/password', { password: WRONG }, m.token).then((r) => answered.push(`${m.username}: ${JSON.stringify(r)}`), () => {});
  const inFlight = [check(midWithdrawal), check(midWithdrawal), check(fullCount), check(fullCount)];
  const deadline = performance.now() + START_LIMIT_MS;
  while (read(midWithdrawal.username).failures < 2 || read(fullCount.username).failures < PAY_PASSWORD_MAX_FAILURES) {
    assert.ok(performance.now() < deadline, `the guesses were never reserved: ${JSON.stringify([read(midWithdrawal.username), read(fullCount.username)])}`);
    await sleep(5);
  }
  first.run.child.kill('SIGKILL');
  await Promise.all(inFlight);
  assert.deepEqual(answered, [], 'no guess was answered: all were in flight when the process died');

  // The ordinary hash back (a fast test), then a new process on the same file.
  for (const m of [midWithdrawal, fullCount]) setHash.run(rightHash, m.username);
  const second = await serve(t, database);

  // Mid-withdrawal: not locked; the two guesses in flight took two tries, and this wrong answer a third.
  const wrong = await second.post('/api/check/password', { password: WRONG }, midWithdrawal.token);
  assert.deepEqual(wrong.data, { reason: Reason.PAY_PASSWORD_WRONG, field: 'password', tries_left: PAY_PASSWORD_MAX_FAILURES - 3 });
  assert.equal((await second.post('/api/check/password', { password: RIGHT }, midWithdrawal.token)).code, 200);
  assert.deepEqual([read(midWithdrawal.username).failures, read(midWithdrawal.username).until], [0, null]);

  // Its earlier wrong answers and the guesses in flight reach the limit: locked, even against the right password.
  assert.equal((await second.post('/api/check/password', { password: RIGHT }, fullCount.token)).data.reason, WalletReason.PAY_PASSWORD_LOCKED);
});
