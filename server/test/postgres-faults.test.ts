/**
 * What a deployment on PostgreSQL lives through: the database going away under load and coming back, and a server
 * process killed outright in the middle of money requests. Neither may lose or double a movement, answer with a
 * driver's words, or leave a process that no longer serves once the database is back. Runs in the suite's
 * PostgreSQL pass (test/node-tests.mjs); the outage test starts a cluster of its own, so stopping it stops no other
 * test's database.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { endpointOf } from '../http/route';
import { payPasswordWire } from '../seed/seed-wallet';
import type { CallKey } from '../../src/api/calls';
import { openPostgres, type Db } from '../storage/engine';
// @ts-expect-error: a JavaScript module of the test tooling, untyped
import { startPostgres } from '../../test/postgres.mjs';
import { assertNoStack } from './helpers';
import { postgresTestStore, testingOnPostgres } from './postgres-test';
import { spawnMain, type MainRun } from './spawn-main';
import { startNginx } from '../../test/nginx.mjs';

const TZ = 'Asia/Shanghai; GMT+08:00';
const PAY = '246810';
interface Answer {
  code: number;
  data: any;
  msg: string;
}

async function callAt(base: string, key: CallKey, input: Record<string, unknown>, token?: string): Promise<Answer> {
  const def = endpointOf(key);
  const headers: Record<string, string> = { 'X-TZ': TZ };
  if (token) headers['X-CT'] = token;
  const init: RequestInit =
    def.method === 'GET'
      ? { headers }
      : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(input) };
  const r = await fetch(`${base}/api${def.path}`, init);
  const text = await r.text();
  assertNoStack(text);
  return JSON.parse(text) as Answer;
}

async function testApi(base: string, path: string, body: unknown): Promise<any> {
  const r = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await r.json()) as Answer;
  assert.equal(answer.code, 200, JSON.stringify(answer));
  return answer.data;
}

async function started(run: MainRun): Promise<string> {
  const s = await run.started;
  assert.ok('banner' in s, `the server did not start: ${run.stderr()}`);
  return s.banner.match(/http:\/\/[^\s/]+/)![0];
}

async function booksBalance(db: Db): Promise<void> {
  const wallets = await db.selectFrom('wallets').select(['user_id', 'balance_cents']).execute();
  const sums = await db
    .selectFrom('transaction_flow')
    .select((eb) => ['user_id', eb.fn.sum<number>('amount_cents').as('total')])
    .groupBy('user_id')
    .execute();
  const ledger = new Map(sums.map((r) => [r.user_id, Number(r.total)]));
  assert.deepEqual(
    wallets.filter((w) => (ledger.get(w.user_id) ?? 0) !== w.balance_cents),
    [],
    'every ledger sums to its balance',
  );
}

/** Waits until `check` holds, trying every 100 ms, for at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function health(base: string, path: string): Promise<{ status: number; body: unknown }> {
  const r = await fetch(`${base}${path}`);
  return { status: r.status, body: await r.json() };
}

describe('PostgreSQL faults', { skip: !testingOnPostgres() && 'runs in the PostgreSQL pass of the suite' }, () => {
  test("the database stopped under load: the envelope's server error, no driver text; served again once it is back", async (t) => {
    const cluster = await startPostgres({ own: true });
    if (!cluster) return t.skip('no PostgreSQL binaries on this machine to start and stop a cluster of its own');
    t.after(() => cluster.stop());
    const url = cluster.url.replace(/\/postgres$/, '/postgres');
    const server = spawnMain(t, { DATABASE_URL: url, DATABASE: '', LOG_LEVEL: 'silent' }, ['--test-api']);
    const base = await started(server);
    const m = await testApi(base, '/__test__/merchant', { pay_password: PAY, card: 'bank' });
    await testApi(base, '/__test__/wallet', { username: m.username, balance: '500.00' });

    let stop = false;
    const seen: Answer[] = [];
    const load = Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        while (!stop) {
          const a =
            i % 2
              ? await callAt(base, 'property', {}, m.token)
              : await callAt(
                  base,
                  'withdraw',
                  { amount: '1.00', password: payPasswordWire(PAY), request_id: randomUUID() },
                  m.token,
                );
          seen.push(a);
        }
      }),
    );
    await until(async () => seen.some((a) => a.code === 200), 10_000, 'the load is served');
    assert.deepEqual(await health(base, '/readyz'), { status: 200, body: { status: 'ready' } });
    await cluster.pause();
    const before = seen.length;
    await until(
      async () => seen.slice(before).filter((a) => a.code === 500).length >= 5,
      20_000,
      'requests are refused while the database is down',
    );
    // The process is up, but not ready: a load balancer sends its requests elsewhere.
    assert.deepEqual(await health(base, '/healthz'), { status: 200, body: { status: 'ok' } });
    assert.deepEqual(await health(base, '/readyz'), { status: 503, body: { status: 'database_unavailable' } });
    // Refused as a server error; or, since the refused calls come back at once and the loops ask again at once, by the
    // per-merchant budget of password checks (each withdrawal reserves one before the work, whatever comes of it).
    const limited = (a: Answer) => a.code === 405 && a.data?.reason === 'rate_limited';
    for (const a of seen.slice(before).filter((x) => x.code !== 200)) {
      assert.ok(a.code === 500 || limited(a), JSON.stringify(a));
      assert.doesNotMatch(a.msg, /ECONNREFUSED|terminat|postgres|connection|timeout/i, 'no driver words in the answer');
    }
    await cluster.resume();
    const back = seen.length;
    await until(
      async () => seen.slice(back).filter((a) => a.code === 200).length >= 10,
      30_000,
      'the same process serves again',
    );
    assert.deepEqual(await health(base, '/readyz'), { status: 200, body: { status: 'ready' } });
    stop = true;
    await load;
    assert.equal(server.child.exitCode, null, 'the process kept running');
    const store = await openPostgres({ url });
    t.after(() => store.close());
    await booksBalance(store.db);
  });

  test('behind nginx, a process killed with -9 among withdrawals, puts and polling: clients carry on through the other, nothing lost or doubled', async (t) => {
    const store = await postgresTestStore();
    t.after(() => store.close());
    const runs = [0, 1].map(() =>
      spawnMain(
        t,
        {
          DATABASE_URL: store.url,
          DATABASE: '',
          LOG_LEVEL: 'silent',
          TRUST_PROXY: '127.0.0.1',
          PASSWORD_CHECKS_PER_MINUTE: '10000',
          PASSWORD_CHECKS_IN_FLIGHT: '8',
        },
        ['--test-api'],
      ),
    );
    const bases = [await started(runs[0]), await started(runs[1])];
    const proxy = await startNginx({ upstreams: bases.map((b) => new URL(b).host) });
    t.after(() => proxy.stop());
    // The test API answers this machine's direct calls only, never through a proxy.
    const m = await testApi(bases[1], '/__test__/merchant', { pay_password: PAY, card: 'bank' });
    await testApi(bases[1], '/__test__/wallet', { username: m.username, balance: '100000.00' });
    const { ids } = await testApi(bases[1], '/__test__/plans', {
      username: m.username,
      lowest: '1.00',
      highest: '5.00',
      count: 20,
    });

    /**
     * What a client does: sends the request through the proxy and, with no answer (the connection died with the
     * process, or the proxy answered 502 for it), sends the same request again, request_id and all.
     */
    let retries = 0;
    const call = async (key: CallKey, input: Record<string, unknown>): Promise<Answer> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await callAt(proxy.url, key, input, m.token);
        } catch (err) {
          if (attempt > 20) throw err;
          retries++;
        }
      }
    };

    const money: { key: 'withdraw' | 'planPut'; input: Record<string, unknown>; answer?: Answer }[] = [];
    const polls: { afterKill: boolean; answer: Answer }[] = [];
    let killed = false;
    let stop = false;
    const mover = async (i: number) => {
      for (let k = 0; !stop; k++) {
        const put = (i + k) % 2 === 1 && ids.length > 0;
        const input = put
          ? { id: ids.shift(), amount: '2.00', official: false, request_id: randomUUID() }
          : { amount: '1.00', password: payPasswordWire(PAY), request_id: randomUUID() };
        const entry: (typeof money)[number] = { key: put ? 'planPut' : 'withdraw', input };
        money.push(entry);
        entry.answer = await call(entry.key, input);
      }
    };
    const poller = async () => {
      for (let k = 0; !stop; k++) {
        const key = (['property', 'unreadNotificationsCount', 'planList'] as const)[k % 3];
        const afterKill = killed;
        polls.push({ afterKill, answer: await call(key, {}) });
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(mover).concat([0, 1].map(poller)));
    await until(async () => money.filter((s) => s.answer?.code === 200).length >= 8, 20_000, 'money moves');
    runs[0].child.kill('SIGKILL');
    killed = true;
    const atKill = money.length;
    // The clients keep working: money moves and polls are answered after the kill, through the survivor.
    await until(
      async () =>
        money.slice(atKill).filter((s) => s.answer?.code === 200).length >= 12 &&
        polls.filter((p) => p.afterKill).length >= 12,
      30_000,
      'the clients carry on',
    );
    stop = true;
    await load;

    assert.deepEqual(
      polls.filter((p) => p.answer.code !== 200).map((p) => p.answer),
      [],
      'every poll answered',
    );
    for (const s of money) {
      const rows = await store.db
        .selectFrom('transaction_flow')
        .select('amount_cents')
        .where('request_id', '=', s.input.request_id as string)
        .execute();
      if (s.answer!.code === 200)
        assert.equal(rows.length, 1, `${s.key} answered ok moved money once: ${JSON.stringify(s.input)}`);
      else assert.equal(rows.length, 0, `${s.key} refused moved nothing: ${JSON.stringify(s.answer)}`);
    }
    assert.deepEqual(
      money.filter((s) => s.answer!.code !== 200).map((s) => s.answer!.data?.reason ?? s.answer!.code),
      [],
      'nothing refused',
    );
    await booksBalance(store.db);
    t.diagnostic(`${money.length} money calls, ${polls.length} polls, ${retries} sent again`);
  });
});
