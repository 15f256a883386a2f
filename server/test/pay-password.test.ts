/**
 * The transaction password over HTTP: setting and changing it, and its guess limit: 5 wrong answers
 * (checks, withdrawals and changes counted together) lock it for 15 minutes, also against the right answer, with
 * the seconds left; the lock ends on the server's clock; parallel guesses cannot get more than 5 checked; a count
 * left unsettled locks; and the lock survives a restart on the same database file.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES } from '../../src/api/shapes/wallet';
import { buildApp } from '../app';
import { prepareDatabase } from '../prepare-database';
import type { Db } from '../storage/engine';
import { bindSampleCard, payPasswordWire, SAMPLE_CARDS } from '../seed/seed-wallet';
import { testPayPasswordHash } from './fixture-cost';
import { bareMerchant, tokenFor } from './ad-center-support';
import { startServer, testClock, type TestClock, type TestServer } from './helpers';
import { topUp } from './plan-support';
import { postgresTestStore, testingOnPostgres, type TestStore } from './postgres-test';

const RIGHT = payPasswordWire('246810');
const WRONG = payPasswordWire('111111');
const NEW = payPasswordWire('975310');
const LOGIN = 'demo1234';
const LOCK_S = PAY_PASSWORD_LOCK_MINUTES * 60;
const ROOMY_GATE = { queued: 1000, perClientInFlight: 1000, perClientPerMinute: 100_000 };

interface Shop {
  id: number;
  token: string;
}
/** A merchant with the demo's login password (`LOGIN`), with or without the transaction password 246810. */
async function shop(db: Db, withPassword = true): Promise<Shop> {
  const u = await bareMerchant(db);
  const demo = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', 'demo')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({
      startup_funds_returned: 1,
      pay_password_hash: withPassword ? testPayPasswordHash('246810') : null,
      password_hash: demo.password_hash,
    })
    .where('id', '=', u.id)
    .execute();
  await bindSampleCard(db, u.id, SAMPLE_CARDS.bank, new Date().toISOString());
  await topUp(db, u.id, 100_000, Date.now() - 60_000);
  return { id: u.id, token: await tokenFor(db, u.id) };
}

const counts = (db: Db, id: number) =>
  db
    .selectFrom('users')
    .select(['pay_password_failures as failures', 'pay_password_locked_until as until'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

let serial = 0;
const rid = () => `pp-${process.pid}-${++serial}`;

async function clocked(t: test.TestContext): Promise<{ s: TestServer; clock: TestClock }> {
  const clock = testClock();
  const s = await startServer(t, { clock, simulation: false, cpuGate: ROOMY_GATE });
  return { s, clock };
}

test('setting the password: once, with a matching confirmation; then changing it needs the old one (counted as a guess)', async (t) => {
  const { s } = await clocked(t);
  const m = await shop(s.db, false);
  assert.deepEqual((await s.call('checkPassword', { password: RIGHT }, m.token)).body.data, {
    reason: 'pay_password_unset',
  });
  assert.deepEqual(
    (await s.call('updatePayPassword', { old_password: RIGHT, password: NEW, confirm_password: NEW }, m.token)).body
      .data,
    { reason: 'pay_password_unset' },
  );
  assert.deepEqual(
    (await s.call('setPassword', { password: RIGHT, confirm_password: NEW, login_password: LOGIN }, m.token)).body.data,
    { field: 'confirm_password', rule: 'mismatch' },
  );
  assert.deepEqual(
    (await s.call('setPassword', { password: '246810', confirm_password: '246810', login_password: LOGIN }, m.token))
      .body.data,
    { field: 'password', rule: 'pattern' },
  );
  assert.deepEqual(
    (await s.call('setPassword', { password: RIGHT, confirm_password: RIGHT, login_password: LOGIN }, m.token)).body,
    { code: 200, msg: 'success', data: { ok: true } },
  );
  assert.equal((await s.call('property', {}, m.token)).body.data.pay_password_set, true);
  // Stored as a slow hash of the MD5, never as sent.
  const stored = (
    await s.db.selectFrom('users').select('pay_password_hash').where('id', '=', m.id).executeTakeFirstOrThrow()
  ).pay_password_hash!;
  assert.match(stored, /^scrypt\$/);
  assert.ok(!stored.includes(RIGHT));
  assert.deepEqual(
    (await s.call('setPassword', { password: NEW, confirm_password: NEW, login_password: LOGIN }, m.token)).body.data,
    { reason: 'pay_password_already_set' },
  );
  assert.equal((await s.call('checkPassword', { password: RIGHT }, m.token)).body.code, 200);

  const change = (old_password: string, password = NEW, confirm_password = password) =>
    s.call('updatePayPassword', { old_password, password, confirm_password }, m.token);
  assert.deepEqual((await change(RIGHT, RIGHT)).body.data, { field: 'password', rule: 'same' });
  assert.deepEqual((await change(RIGHT, NEW, WRONG)).body.data, { field: 'confirm_password', rule: 'mismatch' });
  assert.deepEqual((await change(WRONG)).body.data, {
    reason: 'wrong_old_password',
    field: 'old_password',
    tries_left: 4,
  });
  assert.equal((await counts(s.db, m.id)).failures, 1);
  assert.equal((await change(RIGHT)).body.code, 200);
  assert.equal((await counts(s.db, m.id)).failures, 0);
  assert.deepEqual((await s.call('checkPassword', { password: RIGHT }, m.token)).body.data, {
    reason: 'pay_password_wrong',
    field: 'password',
    tries_left: 4,
  });
  assert.equal((await s.call('checkPassword', { password: NEW }, m.token)).body.code, 200);

  // Two sets at once on a merchant without one: one wins, the other is refused like any second set.
  const n = await shop(s.db, false);
  const both = await Promise.all(
    [RIGHT, NEW].map((p) =>
      s.call('setPassword', { password: p, confirm_password: p, login_password: LOGIN }, n.token),
    ),
  );
  assert.deepEqual(both.map((r) => r.body.code).sort(), [200, 405]);
  assert.ok(both.some((r) => r.body.data.reason === 'pay_password_already_set'));
});

test('5 wrong answers (checks, withdrawals, a change, together) lock it for 15 minutes, the right one too, with the seconds left; then it opens', async (t) => {
  const { s, clock } = await clocked(t);
  const m = await shop(s.db);
  const wrongOnce = [
    () => s.call('checkPassword', { password: WRONG }, m.token),
    () => s.call('withdraw', { amount: '1.00', password: WRONG, request_id: rid() }, m.token),
    () => s.call('updatePayPassword', { old_password: WRONG, password: NEW, confirm_password: NEW }, m.token),
    () => s.call('checkPassword', { password: WRONG }, m.token),
  ];
  const reasons = [];
  for (const attempt of wrongOnce) {
    const { reason, tries_left } = (await attempt()).body.data;
    reasons.push([reason, tries_left]);
  }
  // Each wrong answer, whichever route, says how many the limit still allows.
  assert.deepEqual(reasons, [
    ['pay_password_wrong', 4],
    ['pay_password_wrong', 3],
    ['wrong_old_password', 2],
    ['pay_password_wrong', 1],
  ]);
  assert.deepEqual(await counts(s.db, m.id), { failures: 4, until: null });
  const fifth = await s.call('withdraw', { amount: '1.00', password: WRONG, request_id: rid() }, m.token);
  assert.deepEqual(fifth.body.data, { reason: 'pay_password_wrong', field: 'password', tries_left: 0 });

  const locked = await s.call('checkPassword', { password: RIGHT }, m.token);
  assert.deepEqual(locked.body, {
    code: 405,
    msg: 'Too many wrong transaction passwords, please try again later',
    data: { reason: 'pay_password_locked', retry_after: LOCK_S },
  });
  const withdraw = await s.call('withdraw', { amount: '1.00', password: RIGHT, request_id: rid() }, m.token);
  assert.equal(withdraw.body.data.reason, 'pay_password_locked');
  assert.equal(
    (await s.call('updatePayPassword', { old_password: RIGHT, password: NEW, confirm_password: NEW }, m.token)).body
      .data.reason,
    'pay_password_locked',
  );
  clock.advance((LOCK_S - 60) * 1000);
  assert.deepEqual((await s.call('checkPassword', { password: RIGHT }, m.token)).body.data, {
    reason: 'pay_password_locked',
    retry_after: 60,
  });
  assert.equal((await counts(s.db, m.id)).failures, PAY_PASSWORD_MAX_FAILURES);
  // Nothing was withdrawn, the password was not changed.
  const withdrawals = await s.db
    .selectFrom('transaction_flow')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', m.id)
    .where('type', '=', 'manual_withdrawal')
    .executeTakeFirstOrThrow();
  assert.equal(withdrawals.n, 0);

  clock.advance(60_000);
  // The lock is over: a wrong answer counts from one again, and the right one clears the count.
  assert.equal((await s.call('checkPassword', { password: WRONG }, m.token)).body.data.reason, 'pay_password_wrong');
  assert.deepEqual(await counts(s.db, m.id), { failures: 1, until: null });
  assert.equal((await s.call('checkPassword', { password: RIGHT }, m.token)).body.code, 200);
  assert.deepEqual(await counts(s.db, m.id), { failures: 0, until: null });
  // A right answer in between forgives: 4 wrong, right, 4 wrong is not locked.
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 4; i++)
      assert.equal(
        (await s.call('checkPassword', { password: WRONG }, m.token)).body.data.reason,
        'pay_password_wrong',
      );
    if (round === 0) assert.equal((await s.call('checkPassword', { password: RIGHT }, m.token)).body.code, 200);
  }
  assert.equal((await s.call('checkPassword', { password: RIGHT }, m.token)).body.code, 200);
  // The lock is the merchant's: another one is not affected by it.
  const other = await shop(s.db);
  assert.equal((await s.call('checkPassword', { password: RIGHT }, other.token)).body.code, 200);
});

test('parallel guesses cannot pass the limit: 20 wrong answers at once get 5 checked and 15 refused as locked; right ones at once all pass', async (t) => {
  const { s } = await clocked(t);
  const m = await shop(s.db);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => s.call('checkPassword', { password: WRONG }, m.token)),
  );
  const reasons = answers.map((r) => r.body.data.reason);
  assert.equal(reasons.filter((r) => r === 'pay_password_wrong').length, PAY_PASSWORD_MAX_FAILURES);
  assert.equal(reasons.filter((r) => r === 'pay_password_locked').length, 20 - PAY_PASSWORD_MAX_FAILURES);
  assert.equal((await counts(s.db, m.id)).failures, PAY_PASSWORD_MAX_FAILURES);
  assert.equal((await s.call('checkPassword', { password: RIGHT }, m.token)).body.data.reason, 'pay_password_locked');

  // Mixed: the right answer among 19 wrong ones at once is checked at most once per slot, and never more than 5 wrong.
  const n = await shop(s.db);
  const mixed = await Promise.all(
    Array.from({ length: 20 }, (_, i) => s.call('checkPassword', { password: i === 7 ? RIGHT : WRONG }, n.token)),
  );
  assert.ok(mixed.filter((r) => r.body.data.reason === 'pay_password_wrong').length <= PAY_PASSWORD_MAX_FAILURES + 4);
  assert.ok((await counts(s.db, n.id)).failures <= PAY_PASSWORD_MAX_FAILURES);
  assert.ok(mixed[7].body.code === 200 || mixed[7].body.data.reason === 'pay_password_locked', mixed[7].text);

  const k = await shop(s.db);
  const right = await Promise.all(
    Array.from({ length: 20 }, () => s.call('checkPassword', { password: RIGHT }, k.token)),
  );
  assert.ok(
    right.every((r) => r.body.code === 200),
    right.map((r) => r.text).join('\n'),
  );
  assert.deepEqual(await counts(s.db, k.id), { failures: 0, until: null });
});

test('a full count nobody is checking any more (a process stopped mid-check) locks; the test API unlocks', async (t) => {
  const { s, clock } = await clocked(t);
  const m = await shop(s.db);
  await s.db
    .updateTable('users')
    .set({ pay_password_failures: PAY_PASSWORD_MAX_FAILURES })
    .where('id', '=', m.id)
    .execute();
  assert.deepEqual((await s.call('checkPassword', { password: RIGHT }, m.token)).body.data, {
    reason: 'pay_password_locked',
    retry_after: LOCK_S,
  });
  assert.equal((await counts(s.db, m.id)).until, clock() + LOCK_S * 1000);
  const { username } = await s.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', m.id)
    .executeTakeFirstOrThrow();
  assert.deepEqual((await s.post('/api/__test__/pay-password-lock', { username })).body, {
    code: 200,
    msg: 'success',
    data: {},
  });
  assert.equal((await s.call('checkPassword', { password: RIGHT }, m.token)).body.code, 200);
});

test('the lock survives a restart: the same database file, a new server, the right password still refused until the lock ends', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-lock-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // One database both servers open: a file on SQLite, a database of this test's own on PostgreSQL.
  let shared: TestStore | undefined;
  if (testingOnPostgres()) shared = await postgresTestStore();
  const place = shared ? { url: shared.url } : { path: join(dir, 'wallet.db') };
  const clock = testClock();
  const run = async () => {
    const store = await prepareDatabase(place);
    const db = store.db;
    const app = buildApp({ db, clock, simulation: false, testApi: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const check = async (token: string, password: string) =>
      (await (
        await fetch(`${base}/api/check/password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-CT': token },
          body: JSON.stringify({ password }),
        })
      ).json()) as { code: number; data: { reason?: string; retry_after?: number } };
    return {
      db,
      check,
      stop: async () => {
        await app.close();
        await store.close();
      },
    };
  };

  let second: Awaited<ReturnType<typeof run>> | undefined;
  t.after(async () => {
    await second?.stop();
    await shared?.close();
  });
  const first = await run();
  const m = await shop(first.db);
  for (let i = 0; i < PAY_PASSWORD_MAX_FAILURES; i++)
    assert.equal((await first.check(m.token, WRONG)).data.reason, 'pay_password_wrong');
  assert.equal((await first.check(m.token, RIGHT)).data.reason, 'pay_password_locked');
  await first.stop();

  clock.advance(5 * 60_000);
  second = await run();
  assert.deepEqual((await second.check(m.token, RIGHT)).data, {
    reason: 'pay_password_locked',
    retry_after: LOCK_S - 5 * 60,
  });
  clock.advance((LOCK_S - 5 * 60) * 1000);
  assert.equal((await second.check(m.token, RIGHT)).code, 200);
});
