/**
 * The change stream across server processes on one PostgreSQL, and through nginx (the site of
 * deploy/nginx-site.conf): a change one process writes reaches the streams every process holds, through
 * PostgreSQL's LISTEN/NOTIFY, and nginx passes the events on as they come (not held in its buffers).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import { startNginx, type RunningNginx } from '../../test/nginx.mjs';
import { payPasswordWire } from '../seed/seed-wallet';
import { mustStream, type OpenStream } from './event-stream';
import { postgresTestStore, testingOnPostgres, type TestStore } from './postgres-test';
import { spawnMain } from './spawn-main';

const PAY = '246810';

async function post(base: string, path: string, body: unknown, token?: string): Promise<any> {
  const r = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tz': 'UTC', ...(token ? { 'X-CT': token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await r.json()) as { code: number; data: any };
  assert.equal(answer.code, 200, JSON.stringify(answer));
  return answer.data;
}

describe(
  'the change stream on two processes behind nginx',
  { skip: !testingOnPostgres() && 'runs in the PostgreSQL pass of the suite' },
  () => {
    let store: TestStore;
    let proxy: RunningNginx;
    const bases: string[] = [];
    const cleanups: (() => unknown)[] = [];
    before(async () => {
      store = await postgresTestStore();
      const t = { after: (fn: () => unknown) => cleanups.push(fn) } as never;
      const runs = [0, 1].map(() =>
        spawnMain(t, { DATABASE_URL: store.url, DATABASE: '', LOG_LEVEL: 'error', TRUST_PROXY: '127.0.0.1' }, [
          '--test-api',
        ]),
      );
      for (const run of runs) {
        const started = await run.started;
        assert.ok('banner' in started, run.stderr());
        bases.push(started.banner.match(/http:\/\/[^\s/]+/)![0]);
      }
      proxy = await startNginx({ upstreams: bases.map((b) => new URL(b).host) });
    });
    after(async () => {
      await proxy?.stop();
      for (const c of cleanups.splice(0)) await c();
      await store.close();
    });

    test('a change written through one process reaches the streams of both, and the one through nginx, within a second', async (t) => {
      const m = await post(bases[0], '/__test__/merchant', { pay_password: PAY, card: 'bank' });
      const streams: OpenStream[] = [
        await mustStream(bases[0], m.token),
        await mustStream(bases[1], m.token),
        await mustStream(proxy.url, m.token),
      ];
      t.after(() => streams.forEach((s) => s.close()));
      const froms = streams.map((s) => s.events.length);
      const sent = Date.now();
      await post(
        proxy.url,
        '/user/withdraw',
        { amount: '1.00', password: payPasswordWire(PAY), request_id: randomUUID() },
        m.token,
      );
      for (const [i, s] of streams.entries()) await s.next((e) => e.event === 'wallet', { from: froms[i], ms: 1000 });
      t.diagnostic(`all three heard it ${Date.now() - sent} ms after the withdrawal was sent`);

      // The test API writes directly on the second process: the first process's stream hears it too.
      const from = streams[0].events.length;
      await post(bases[1], '/__test__/notify', { username: m.username, count: 1 });
      await streams[0].next((e) => e.event === 'notifications', { from, ms: 1000 });
    });
  },
);
