/**
 * main.ts on the suite's PostgreSQL: what only a real PostgreSQL server can show (a server that answers, an empty
 * database). Skipped on the SQLite pass; main.test.ts has what holds whatever the engine.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRefusedStart, spawnMain } from './spawn-main';
import { databaseUrl, postgresTestStore, testingOnPostgres } from './postgres-test';

/** A bound for a failure (a server that never starts), not a wait. */
const START_LIMIT_MS = 60_000;
const skip = !testingOnPostgres() && 'runs when the suite runs on PostgreSQL';

test(
  'main.ts: a PostgreSQL that answers, but not with the database named, stops the start with one line and exit code 1',
  { timeout: START_LIMIT_MS, skip },
  async (t) => {
    // The test clusters trust every password, so a wrong name stands for wrong credentials.
    const url = databaseUrl('no_such_database_here');
    await assertRefusedStart(
      spawnMain(t, { DATABASE_URL: url }),
      url,
      /^cannot use the PostgreSQL database at .*no_such_database_here.*does not exist/,
    );
  },
);

test(
  'main.ts on PostgreSQL: an empty database is migrated and seeded, serves, and a second start adds nothing',
  { timeout: 2 * START_LIMIT_MS, skip },
  async (t) => {
    // A database of the test's own, migrated but empty; main.ts seeds it. Its name is read back to hand main.ts a URL.
    const store = await postgresTestStore({ empty: true });
    t.after(() => store.close());
    const { name } = await store.db
      .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
      .executeTakeFirstOrThrow();
    const users = async () =>
      (
        await store.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    assert.equal(await users(), 0);
    for (const round of [1, 2]) {
      const run = spawnMain(t, { DATABASE_URL: databaseUrl(name), POOL_SIZE: '3' });
      const started = await run.started;
      assert.ok('banner' in started, `round ${round} exited ${JSON.stringify(started)}: ${run.stderr()}`);
      const base = `http://127.0.0.1:${/:(\d+)\/\n$/.exec(started.banner)![1]}`;
      const login = (await (
        await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
        })
      ).json()) as { code: number };
      assert.equal(login.code, 200);
      const exit = new Promise<number | null>((resolve) => run.child.on('exit', (code) => resolve(code)));
      run.child.kill('SIGTERM');
      assert.equal(await exit, 0);
      assert.equal(await users(), 10, `round ${round}`);
    }
  },
);
