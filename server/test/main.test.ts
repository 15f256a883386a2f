import assert from 'node:assert/strict';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { assertRefusedStart, spawnMain } from './spawn-main';
import { openSqliteFile } from '../storage/engine';

/** A bound for a failure (a server that never starts), not a wait: a loaded machine starts main.ts (tsx, seed) in 10+ s. */
const START_LIMIT_MS = 60_000;

test('main.ts: one banner line on stdout, serves, SIGTERM closes cleanly', { timeout: START_LIMIT_MS }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ma-main-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const dbPath = join(dir, 'sub', 'main.db');
  const run = spawnMain(t, { DATABASE: dbPath });
  const { child } = run;
  const started = await run.started;
  assert.ok('banner' in started, `exited ${JSON.stringify(started)}: ${run.stderr()}`);
  const banner = started.banner;
  const m = /^Merchant Ads reference server: http:\/\/127\.0\.0\.1:(\d+)\/\n$/.exec(banner);
  assert.ok(m, banner);
  const base = `http://127.0.0.1:${m[1]}`;
  assert.deepEqual(await (await fetch(`${base}/api/health`)).json(), { code: 200, msg: 'ok', data: {} });
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
    })
  ).json()) as { code: number };
  assert.equal(login.code, 200);
  // The test API is off unless ENABLE_TEST_API=1.
  assert.equal((await fetch(`${base}/api/__test__/expire-tokens`, { method: 'POST' })).status, 404);
  assert.ok(existsSync(dbPath));

  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  assert.equal(await exit, 0);
  assert.equal(run.stdout(), banner, 'nothing else on stdout');
});

test(
  'main.ts: on a HOST others can reach with CORS_ORIGINS unset, one warning line on stderr; none when either is set right',
  { timeout: START_LIMIT_MS },
  async (t) => {
    const WARNING =
      /^Warning: HOST=0\.0\.0\.0 is reachable from other machines and CORS_ORIGINS is unset, .*set CORS_ORIGINS/m;
    const runs = [
      spawnMain(t, { HOST: '0.0.0.0', CORS_ORIGINS: '' }),
      spawnMain(t, { HOST: '0.0.0.0', CORS_ORIGINS: 'https://shop.example' }),
      spawnMain(t, { HOST: '127.0.0.1', CORS_ORIGINS: '' }),
    ];
    const started = await Promise.all(runs.map((r) => r.started));
    for (const [i, s] of started.entries()) assert.ok('banner' in s, `run ${i} exited: ${runs[i].stderr()}`);
    // Stopped, and their output read to the end: nothing they wrote is still on its way.
    await Promise.all(
      runs.map((r) => {
        const closed = once(r.child, 'close');
        r.child.kill('SIGTERM');
        return closed;
      }),
    );
    const [open, listed, local] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
    assert.match(open.stderr(), WARNING);
    assert.equal(
      open
        .stderr()
        .split('\n')
        .filter((line) => WARNING.test(line)).length,
      1,
      open.stderr(),
    );
    assert.doesNotMatch(listed.stderr(), /CORS_ORIGINS/);
    assert.doesNotMatch(local.stderr(), /CORS_ORIGINS/);
  },
);

test(
  'main.ts: a DATABASE_URL it cannot use stops the start with one line on stderr and exit code 1, no stack',
  { timeout: START_LIMIT_MS },
  async (t) => {
    const cases: [string, RegExp][] = [
      // Nothing listens on port 1.
      [
        'postgres://merchant:secret@127.0.0.1:1/merchant_ads',
        /^cannot use the PostgreSQL database at 127\.0\.0\.1:1\/merchant_ads: .*ECONNREFUSED/,
      ],
      ['mysql://merchant:secret@127.0.0.1/merchant_ads', /^DATABASE_URL must start with postgres:\/\//],
      ['not a url', /^DATABASE_URL is not a URL/],
    ];
    for (const [url, line] of cases) await assertRefusedStart(spawnMain(t, { DATABASE_URL: url }), url, line);
  },
);

test(
  'main.ts: a database it cannot migrate (from a newer server) stops the start with one line and exit code 1',
  { timeout: START_LIMIT_MS },
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'ma-main-newer-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'newer.db');
    const raw = openSqliteFile(path);
    raw.pragma('user_version = 9999');
    raw.close();
    const run = spawnMain(t, { DATABASE: path });
    assert.deepEqual(await run.started, { exitCode: 1 }, run.stdout());
    assert.match(
      run.stderr(),
      /^cannot prepare the database: database schema version 9999 is newer than this server \(\d+\)\n$/,
    );
    assert.equal(run.stdout(), '');
  },
);
