/**
 * The money and guess rules with two server processes on one PostgreSQL, as a deployment behind a proxy runs
 * them: every race below sends its requests to both processes at once, so nothing one process keeps to itself
 * (memory, its own connection's order) can be what holds the rule. After each, the books must balance: every
 * merchant's ledger sums to its balance. Runs in the suite's PostgreSQL pass (test/node-tests.mjs).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import { endpointOf } from '../http/route';
import { payPasswordWire } from '../seed/seed-wallet';
import type { CallKey } from '../../src/api/calls';
import { postgresTestStore, testingOnPostgres, type TestStore } from './postgres-test';
import { spawnMain } from './spawn-main';

const TZ = 'Asia/Shanghai; GMT+08:00';
const PAY = '246810';

interface Answer {
  code: number;
  data: any;
  msg: string;
}

async function callAt(base: string, key: CallKey, input: Record<string, unknown>, token?: string): Promise<Answer> {
  const def = endpointOf(key);
  const headers: Record<string, string> = { 'X-TZ': TZ, 'content-type': 'application/json' };
  if (token) headers['X-CT'] = token;
  const r = await fetch(`${base}/api${def.path}`, { method: 'POST', headers, body: JSON.stringify(input) });
  return (await r.json()) as Answer;
}

async function postAt(base: string, path: string, body: unknown): Promise<any> {
  const r = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await r.json()) as Answer;
  assert.equal(answer.code, 200, JSON.stringify(answer));
  return answer.data;
}

/** The verdicts of a race: 'ok' or the refusal's reason, with the server errors kept whole so a failure shows them. */
const verdict = (a: Answer) => (a.code === 200 ? 'ok' : (a.data?.reason ?? `code ${a.code}: ${a.msg}`));
const tally = (list: string[]) => list.reduce<Record<string, number>>((t, v) => ({ ...t, [v]: (t[v] ?? 0) + 1 }), {});

describe(
  'two server processes on one PostgreSQL',
  { skip: !testingOnPostgres() && 'runs in the PostgreSQL pass of the suite' },
  () => {
    let store: TestStore;
    const bases: string[] = [];
    /** The process the i-th request of a race goes to: turn about. */
    const at = (i: number) => bases[i % 2];

    /** What ends the processes, run after the last test (spawnMain registers it on the context it is given). */
    const cleanups: (() => unknown)[] = [];
    before(async () => {
      store = await postgresTestStore();
      const t = { after: (fn: () => unknown) => cleanups.push(fn) } as never;
      const runs = [0, 1].map(() =>
        spawnMain(
          t,
          {
            DATABASE_URL: store.url,
            DATABASE: '',
            LOG_LEVEL: 'error',
            // Every request here comes from 127.0.0.1: the hashing budget of one client would refuse most of a race before
            // it reached the rules under test (the browser tests raise it for the same reason).
            PASSWORD_CHECKS_PER_MINUTE: '10000',
            PASSWORD_CHECKS_IN_FLIGHT: '20',
          },
          ['--test-api'],
        ),
      );
      for (const run of runs) {
        const started = await run.started;
        assert.ok('banner' in started, `a server process did not start: ${run.stderr()}`);
        bases.push(started.banner.match(/http:\/\/[^\s/]+/)![0]);
      }
    });
    after(async () => {
      for (const end of cleanups) await end();
      await store?.close();
    });

    async function booksBalance(): Promise<void> {
      const wallets = await store.db.selectFrom('wallets').select(['user_id', 'balance_cents']).execute();
      const sums = await store.db
        .selectFrom('transaction_flow')
        .select((eb) => ['user_id', eb.fn.sum<number>('amount_cents').as('total')])
        .groupBy('user_id')
        .execute();
      const ledger = new Map(sums.map((r) => [r.user_id, Number(r.total)]));
      const off = wallets.filter((w) => (ledger.get(w.user_id) ?? 0) !== w.balance_cents);
      assert.deepEqual(off, [], 'every ledger sums to its balance');
    }

    async function merchant(balance: string, o: Record<string, unknown> = {}) {
      const m = await postAt(bases[0], '/__test__/merchant', { pay_password: PAY, card: 'bank', ...o });
      await postAt(bases[1], '/__test__/wallet', { username: m.username, balance });
      return m as { username: string; token: string };
    }

    test('100 withdrawals at once over both processes never overdraw, and each request_id moves money once', async (ctx) => {
      const m = await merchant('100.00');
      const asks = Array.from({ length: 100 }, (_, i) =>
        callAt(
          at(i),
          'withdraw',
          { amount: '13.00', password: payPasswordWire(PAY), request_id: randomUUID() },
          m.token,
        ),
      );
      const got = (await Promise.all(asks)).map(verdict);
      const t = tally(got);
      ctx.diagnostic(`verdicts: ${JSON.stringify(t)}`);
      assert.ok(
        Object.keys(t).every((v) =>
          ['ok', 'insufficient_balance', 'withdraw_limit_exceeded', 'rate_limited'].includes(v),
        ),
        JSON.stringify(t),
      );
      assert.ok((t.ok ?? 0) >= 1 && (t.ok ?? 0) <= 7, JSON.stringify(t));
      const wallet = await store.db
        .selectFrom('wallets')
        .innerJoin('users', 'users.id', 'wallets.user_id')
        .select('balance_cents')
        .where('users.username', '=', m.username)
        .executeTakeFirstOrThrow();
      assert.equal(wallet.balance_cents, 10_000 - 1300 * t.ok);
      await booksBalance();
    });

    test('one withdrawal request_id sent 20 times at once over both processes: one movement, every answer the first', async () => {
      const m = await merchant('500.00');
      const request_id = randomUUID();
      const asks = Array.from({ length: 20 }, (_, i) =>
        callAt(at(i), 'withdraw', { amount: '42.00', password: payPasswordWire(PAY), request_id }, m.token),
      );
      const answers = await Promise.all(asks);
      const ok = answers.filter((a) => a.code === 200);
      assert.ok(ok.length >= 1, JSON.stringify(tally(answers.map(verdict))));
      assert.ok(
        answers.every((a) => a.code === 200 || verdict(a) === 'rate_limited'),
        JSON.stringify(tally(answers.map(verdict))),
      );
      assert.equal(new Set(ok.map((a) => a.data.flow.id)).size, 1, 'every answer names the one ledger row');
      const rows = await store.db
        .selectFrom('transaction_flow')
        .select('id')
        .where('request_id', '=', request_id)
        .execute();
      assert.equal(rows.length, 1);
      await booksBalance();
    });

    test('one put request_id sent 20 times at once over both processes: the plan is paid for once, every answer the same', async () => {
      const m = await merchant('1000.00');
      const { ids } = await postAt(bases[0], '/__test__/plans', {
        username: m.username,
        lowest: '100.00',
        highest: '500.00',
      });
      const request_id = randomUUID();
      const asks = Array.from({ length: 20 }, (_, i) =>
        callAt(at(i), 'planPut', { id: ids[0], amount: '300.00', official: false, request_id }, m.token),
      );
      const answers = await Promise.all(asks);
      assert.deepEqual(tally(answers.map(verdict)), { ok: 20 });
      const rows = await store.db
        .selectFrom('transaction_flow')
        .select(['amount_cents'])
        .where('request_id', '=', request_id)
        .execute();
      assert.deepEqual(rows, [{ amount_cents: -30_000 }]);
      await booksBalance();
    });

    test('20 wrong logins at once over both processes: the limit of five holds across them', async () => {
      const m = await merchant('0.00');
      const asks = Array.from({ length: 20 }, (_, i) =>
        callAt(at(i), 'authLogin', { username: m.username, password: 'not-the-password' }),
      );
      const t = tally((await Promise.all(asks)).map(verdict));
      assert.deepEqual(t, { wrong_credentials: 5, rate_limited: 15 });
      const right = await callAt(at(1), 'authLogin', { username: m.username, password: 'demo1234' });
      assert.equal(verdict(right), 'rate_limited', 'the right password too waits out the window');
    });

    test('right transaction passwords at once over both processes, with four wrong ones counted: none locks the merchant', async () => {
      const m = await merchant('0.00');
      for (let i = 0; i < 4; i++) {
        const wrong = await callAt(at(i), 'checkPassword', { password: payPasswordWire('111111') }, m.token);
        assert.equal(verdict(wrong), 'pay_password_wrong', JSON.stringify(wrong));
      }
      // The fifth counted guess fills the count while it is checked, in one process; a guess reaching the other then
      // finds a full count it is not checking itself: it must wait for it, not lock the password as if abandoned.
      const asks = Array.from({ length: 10 }, (_, i) =>
        callAt(at(i), 'checkPassword', { password: payPasswordWire(PAY) }, m.token),
      );
      const t = tally((await Promise.all(asks)).map(verdict));
      assert.ok(!t.pay_password_locked, JSON.stringify(t));
      assert.ok((t.ok ?? 0) >= 2, JSON.stringify(t));
      assert.equal(verdict(await callAt(at(0), 'checkPassword', { password: payPasswordWire(PAY) }, m.token)), 'ok');
    });

    test('the once-per-merchant coupon asked for 10 times at once over both processes: granted once', async () => {
      const m = await merchant('0.00');
      const activity = await store.db
        .selectFrom('activities')
        .select('id')
        .where('kind', '=', 'new_user_support')
        .executeTakeFirstOrThrow();
      const asks = Array.from({ length: 10 }, (_, i) =>
        callAt(at(i), 'activityReceive', { activity_id: activity.id, request_id: randomUUID() }, m.token),
      );
      const t = tally((await Promise.all(asks)).map(verdict));
      assert.deepEqual(t, { ok: 1, coupon_received: 9 });
      await booksBalance();
    });

    test('the ticker gives an update the same id on both processes: an app whose reads alternate announces it once', async () => {
      const ids = await Promise.all(
        bases.map(async (base) => {
          const r = await fetch(`${base}/api/broadcast-data`);
          const answer = (await r.json()) as Answer;
          assert.equal(answer.code, 200);
          return (answer.data.updates as { id: number }[]).map((u) => u.id);
        }),
      );
      assert.ok(ids[0].length > 0);
      assert.deepEqual(ids[1], ids[0]);
    });
  },
);
