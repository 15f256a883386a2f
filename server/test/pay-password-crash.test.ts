/**
 * A crash during transaction-password checks (kill -9 of the real server, then a restart on the same database
 * file): the guesses being checked count as wrong guesses, no more and no less. Those still waiting for the CPU
 * were never counted, so a merchant who was mid-withdrawal loses nothing for them; one whose guess being checked
 * brings the count to the limit is locked, so a crash can never be a way to get more guesses than the limit.
 *
 * The checks are held in flight by the stored hash itself: scrypt's cost is written in it (`scrypt$N$r$p$…`), so
 * a hash with a large p takes seconds to verify, and the process is killed while its guesses are being checked.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { PAY_PASSWORD_MAX_FAILURES } from '../../src/api/shapes/wallet';
import { payPasswordWire } from '../seed/seed-wallet';
import { openStore } from '../storage/open';
import type { Store } from '../storage/engine';
import { postgresTestStore, testingOnPostgres } from './postgres-test';
import { spawnMain } from './spawn-main';

const RIGHT = payPasswordWire('246810');
const WRONG = payPasswordWire('111111');
/** A bound for a failure (a server that never starts), not a wait: a loaded machine starts main.ts in 10+ s. */
const START_LIMIT_MS = 60_000;
/** About a thousand times one ordinary verification: far longer than the test takes to see the guesses and kill. */
const SLOW_HASH = `scrypt$16384$8$1024$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`;

interface Envelope {
  code: number;
  data: { reason?: string; tries_left?: number; token?: string; username?: string };
}

/** Where the servers keep their data: `env` names it to main.ts. */
interface Place {
  env: Record<string, string>;
  store: Store;
  servers: ChildProcess[];
}

async function serve(t: test.TestContext, place: Place, env: Record<string, string> = {}) {
  const run = spawnMain(t, { ...place.env, ENABLE_TEST_API: '1', ...env });
  place.servers.push(run.child);
  const started = await run.started;
  assert.ok('banner' in started, `exited ${JSON.stringify(started)}: ${run.stderr()}`);
  const base = /http:\/\/127\.0\.0\.1:\d+/.exec(started.banner)![0];
  const post = async (path: string, body: unknown, token?: string) =>
    (await (
      await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'X-CT': token } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as Envelope;
  return { run, post };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test(
  'kill -9 mid-check, restart on the same file: the guesses being checked count as wrong, locking only if they reach the limit; those still waiting for the CPU do not count',
  { timeout: 3 * START_LIMIT_MS },
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'pay-crash-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    // The same database for both processes: a file on SQLite, a database of this test's own on PostgreSQL (the test
    // reads and writes it through a store of its own).
    let place: Place;
    if (testingOnPostgres()) {
      const store = await postgresTestStore();
      place = { env: { DATABASE_URL: store.url }, store, servers: [] };
    } else {
      const database = join(dir, 'crash.db');
      place = { env: { DATABASE: database }, store: await openStore({ path: database }), servers: [] };
    }
    // The servers end before their database is closed (on PostgreSQL, dropped).
    t.after(async () => {
      for (const child of place.servers) child.kill('SIGKILL');
      await place.store.close();
    });

    // A merchant may have several checks in the gate at once; the signed-in lane hashes one at a time, so the others
    // wait there for the CPU.
    const first = await serve(t, place, { PASSWORD_CHECKS_IN_FLIGHT: '4' });
    const shop = async () =>
      (await first.post('/api/__test__/merchant', { pay_password: '246810' })).data as {
        token: string;
        username: string;
      };
    const lastTry = await shop();
    const waiting = await shop();
    const { db } = place.store;
    const read = (username: string) =>
      db
        .selectFrom('users')
        .select([
          'pay_password_hash as hash',
          'pay_password_failures as failures',
          'pay_password_locked_until as until',
        ])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
    const rightHash = (await read(lastTry.username)).hash;
    const setHash = async (hash: string | null, username: string) =>
      db.updateTable('users').set({ pay_password_hash: hash }).where('username', '=', username).execute();
    for (const m of [lastTry, waiting]) await setHash(SLOW_HASH, m.username);
    // One merchant has one try left.
    await db
      .updateTable('users')
      .set({ pay_password_failures: PAY_PASSWORD_MAX_FAILURES - 1 })
      .where('username', '=', lastTry.username)
      .execute();

    const answered: string[] = [];
    const check = (m: { token: string; username: string }) =>
      first.post('/api/check/password', { password: WRONG }, m.token).then(
        (r) => answered.push(`${m.username}: ${JSON.stringify(r)}`),
        () => {},
      );
    // The merchant with one try left is being checked (its guess counted, reaching the limit)...
    const inFlight = [check(lastTry)];
    const deadline = performance.now() + START_LIMIT_MS;
    for (
      let seen = await read(lastTry.username);
      seen.failures < PAY_PASSWORD_MAX_FAILURES;
      seen = await read(lastTry.username)
    ) {
      assert.ok(performance.now() < deadline, `the guess was never counted: ${JSON.stringify(seen)}`);
      await sleep(5);
    }
    // ...while the other merchant's three checks wait behind it for the CPU: none of them is counted.
    inFlight.push(check(waiting), check(waiting), check(waiting));
    // A fixed wait only to show that nothing happens: while they wait for the CPU, nothing counts them.
    await sleep(500);
    assert.equal((await read(waiting.username)).failures, 0, 'guesses waiting for the CPU are not counted');
    first.run.child.kill('SIGKILL');
    await Promise.all(inFlight);
    assert.deepEqual(answered, [], 'no guess was answered: all were in flight when the process died');

    // The ordinary hash back (a fast test), then a new process on the same file.
    for (const m of [lastTry, waiting]) await setHash(rightHash, m.username);
    const second = await serve(t, place);

    // The waiting merchant lost nothing: a wrong answer now is its first.
    const wrong = await second.post('/api/check/password', { password: WRONG }, waiting.token);
    assert.deepEqual(wrong.data, {
      reason: 'pay_password_wrong',
      field: 'password',
      tries_left: PAY_PASSWORD_MAX_FAILURES - 1,
    });
    assert.equal((await second.post('/api/check/password', { password: RIGHT }, waiting.token)).code, 200);
    const after = await read(waiting.username);
    assert.deepEqual([after.failures, after.until], [0, null]);

    // The guess being checked reached the limit: locked, even against the right password (a crash gives no guess).
    assert.equal(
      (await second.post('/api/check/password', { password: RIGHT }, lastTry.token)).data.reason,
      'pay_password_locked',
    );
  },
);
