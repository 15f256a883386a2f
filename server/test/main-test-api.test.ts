/** main.ts refuses to put the test API (which can delete any account) on a non-loopback HOST unless forced. */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { spawnMain } from './spawn-main';

/** A bound for a failure (a server that never starts), not a wait: a loaded machine starts main.ts (tsx, seed) in 10+ s. */
const START_LIMIT_MS = 60_000;

test(
  'main.ts: the test API on HOST=0.0.0.0 → exits 1 and says how to force it',
  { timeout: START_LIMIT_MS },
  async (t) => {
    for (const [env, args] of [
      [{ ENABLE_TEST_API: '1' }, []],
      [{}, ['--test-api']],
    ] as const) {
      const run = spawnMain(t, { HOST: '0.0.0.0', ...env }, [...args]);
      const r = await run.started;
      assert.deepEqual(r, { exitCode: 1 }, `${JSON.stringify(env)} ${args}: ${run.stdout()}`);
      assert.match(run.stderr(), /HOST=0\.0\.0\.0 is not a loopback address/);
      assert.match(run.stderr(), /--test-api-on-public-host/);
      assert.match(run.stderr(), /ENABLE_TEST_API=force-public/);
      assert.equal(run.stdout(), '', 'no banner');
    }
  },
);

test(
  'main.ts: forced, the test API starts on HOST=0.0.0.0 and still answers only loopback clients',
  { timeout: START_LIMIT_MS },
  async (t) => {
    for (const [env, args] of [
      [{ ENABLE_TEST_API: 'force-public' }, []],
      [{}, ['--test-api-on-public-host']],
    ] as const) {
      const run = spawnMain(t, { HOST: '0.0.0.0', ...env }, [...args]);
      const r = await run.started;
      assert.ok('banner' in r, `${JSON.stringify(env)} ${args}: exited ${JSON.stringify(r)}: ${run.stderr()}`);
      const port = /^Merchant Ads reference server: http:\/\/0\.0\.0\.0:(\d+)\/\n$/.exec(r.banner)?.[1];
      assert.ok(port, r.banner);
      const res = await fetch(`http://127.0.0.1:${port}/api/__test__/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"username":"demo","count":1}',
      });
      assert.equal(((await res.json()) as { code: number }).code, 200);
      run.child.kill('SIGTERM');
    }
  },
);

test('main.ts: the test API on a loopback HOST starts without forcing', { timeout: START_LIMIT_MS }, async (t) => {
  const run = spawnMain(t, { HOST: '127.0.0.1' }, ['--test-api']);
  assert.ok('banner' in (await run.started), run.stderr());
});

test(
  'main.ts as npm start runs it: the test API refuses, from loopback, a forwarded request, a foreign Host and another origin',
  { timeout: START_LIMIT_MS },
  async (t) => {
    const run = spawnMain(t, { HOST: '127.0.0.1' }, ['--test-api']);
    const r = await run.started;
    assert.ok('banner' in r, run.stderr());
    const port = /:(\d+)\/\n$/.exec(r.banner)![1];
    const notify = (headers: Record<string, string>) =>
      new Promise<{ status: number; cors: unknown; body: { code: number } }>((resolve, reject) => {
        const body = '{"username":"demo","count":1}';
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/__test__/notify',
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': body.length, ...headers },
          },
          (res) => {
            let text = '';
            res
              .setEncoding('utf8')
              .on('data', (d: string) => (text += d))
              .on('end', () =>
                resolve({
                  status: res.statusCode!,
                  cors: res.headers['access-control-allow-origin'],
                  body: JSON.parse(text),
                }),
              );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { host: 'evil.example' },
      { origin: 'http://evil.example' },
    ] as Record<string, string>[]) {
      assert.deepEqual(
        await notify(headers),
        { status: 404, cors: undefined, body: { code: 405, msg: 'Not found', data: { reason: 'not_found' } } },
        JSON.stringify(headers),
      );
    }
    const ok = await notify({ origin: `http://127.0.0.1:${port}` });
    assert.equal(ok.body.code, 200);
    assert.equal(ok.cors, undefined);
  },
);
