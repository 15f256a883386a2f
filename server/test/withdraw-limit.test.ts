/**
 * The level's daily withdrawal limit (the `withdraw_limit` benefit, money per merchant day) is enforced, not only
 * shown: the probe's 9,000.00 then 900.00 on one day, the merchant's day cut in its X-TZ zone as the daily claims
 * cut it (a zone switch makes no second day), parallel withdrawals against the limit, a replay answering its row,
 * the refusal costing no password guess, and the wallet's `withdraw_left_today`.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Property } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import { ledgerMismatches, withdrawnBetween } from '../storage/wallet';
import { bindSampleCard, DEMO_PAY_PASSWORD, payPasswordWire, SAMPLE_CARDS } from '../seed/seed-wallet';
import { testPayPasswordHash } from './fixture-cost';
import { bareMerchant, tokenFor } from './ad-center-support';
import { startServer, testClock, type TestServer } from './helpers';
import { topUp } from './plan-support';
import { balanceCents, fund } from './plans-support';

const RIGHT = payPasswordWire('246810');
const WRONG = payPasswordWire('111111');
const ROOMY_GATE = {
  cpuGate: { queued: 1000, perClientInFlight: 1000, perClientPerMinute: 100_000 },
  simulation: false,
};
const SHANGHAI = 'Asia/Shanghai; GMT+08:00';

let serial = 0;
const rid = () => `wl-${process.pid}-${++serial}-${Date.now().toString(36)}`;

interface Shop {
  id: number;
  token: string;
}
/** A merchant ready to withdraw at the level its credit score reaches (1: 1,000.00 a day, 2: 3,000.00). */
async function shop(db: Db, cents: number, creditScore: number, atMs = Date.now()): Promise<Shop> {
  const u = await bareMerchant(db);
  await db
    .updateTable('users')
    .set({ startup_funds_returned: 1, pay_password_hash: testPayPasswordHash('246810'), credit_score: creditScore })
    .where('id', '=', u.id)
    .execute();
  await bindSampleCard(db, u.id, SAMPLE_CARDS.bank, new Date(atMs).toISOString());
  await topUp(db, u.id, cents, atMs);
  return { id: u.id, token: await tokenFor(db, u.id) };
}

/** A call with the X-TZ header the test names (s.call always sends Shanghai's). */
function callIn(s: TestServer, tz: string, path: string, body: unknown, token: string) {
  return s.post(`/api${path}`, body, { 'X-CT': token, 'X-TZ': tz });
}
const withdrawIn = (s: TestServer, tz: string, m: Shop, amount: string, request_id = rid(), password = RIGHT) =>
  callIn(s, tz, '/user/withdraw', { amount, password, request_id }, m.token);
async function leftToday(s: TestServer, m: Shop, tz = SHANGHAI): Promise<string | null> {
  const r = await s.request('/api/user/property', { headers: { 'X-CT': m.token, 'X-TZ': tz } });
  assert.equal(r.body.code, 200, r.text);
  return (r.body.data as Property).withdraw_left_today;
}
const failures = async (db: Db, id: number) =>
  (await db.selectFrom('users').select('pay_password_failures').where('id', '=', id).executeTakeFirstOrThrow())
    .pay_password_failures;
/** Everything the merchant ever withdrew, in cents. */
const withdrawnCents = (db: Db, id: number) => withdrawnBetween(db, id, '0000', '9999');
const setLevelOneBenefits = (db: Db, benefits: unknown) =>
  db
    .updateTable('levels')
    .set({ benefits: JSON.stringify(benefits) })
    .where('level', '=', 1)
    .execute();

test("the demo's level says 3,000.00 a day: 9,000.00 is refused with what is left, before any password guess; 2,100.00 and 900.00 pass, then nothing more that day", async (t) => {
  const s = await startServer(t, ROOMY_GATE);
  const token = await s.login();
  const demo = {
    id: (await s.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id,
    token,
  };
  await fund(s.db, demo.id, 2_000_000);
  const before = await withdrawnCents(s.db, demo.id); // the seeded ledger's withdrawals, days ago
  const level = (await s.call('level', {}, token)).body.data;
  const benefits = level.levels.find((l) => l.level === level.level)!.benefits;
  assert.deepEqual(
    benefits.find((b) => b.code === 'withdraw_limit'),
    { code: 'withdraw_limit', value: '3000.00' },
  );
  assert.equal(await leftToday(s, demo), '3000.00');

  const demoPassword = payPasswordWire(DEMO_PAY_PASSWORD);
  const big = await withdrawIn(s, SHANGHAI, demo, '9000.00', rid(), demoPassword);
  assert.deepEqual(big.body.data, { reason: 'withdraw_limit_exceeded', field: 'amount', left: '3000.00' }, big.text);
  // Refused before the password is tried: a wrong one is not counted either.
  const wrongToo = await withdrawIn(s, SHANGHAI, demo, '9000.00', rid(), WRONG);
  assert.equal(wrongToo.body.data.reason, 'withdraw_limit_exceeded');
  assert.equal(await failures(s.db, demo.id), 0);

  assert.equal((await withdrawIn(s, SHANGHAI, demo, '2100.00', rid(), demoPassword)).body.code, 200);
  assert.equal(await leftToday(s, demo), '900.00');
  const over = await withdrawIn(s, SHANGHAI, demo, '900.01', rid(), demoPassword);
  assert.deepEqual(over.body.data, { reason: 'withdraw_limit_exceeded', field: 'amount', left: '900.00' });
  const last = await withdrawIn(s, SHANGHAI, demo, '900.00', rid(), demoPassword);
  assert.equal(last.body.code, 200, last.text);
  assert.equal(last.body.data.property.withdraw_left_today, '0.00', 'the answer carries what is left');
  assert.deepEqual((await withdrawIn(s, SHANGHAI, demo, '0.01', rid(), demoPassword)).body.data, {
    reason: 'withdraw_limit_exceeded',
    field: 'amount',
    left: '0.00',
  });
  assert.equal((await withdrawnCents(s.db, demo.id)) - before, 300_000);
  assert.equal(await balanceCents(s.db, demo.id), 1_700_000);
});

test('9,000.00 then 900.00 on one merchant day: the second is refused; the next local midnight (X-TZ) allows it; a replay still answers its row', async (t) => {
  // 23:00 in Shanghai on 10 May (15:00 UTC).
  const clock = testClock(Date.parse('2026-05-10T15:00:00.000Z'));
  const s = await startServer(t, { ...ROOMY_GATE, clock });
  const m = await shop(s.db, 2_000_000, 0, clock());
  // A level whose limit lets 9,000.00 through (the seeded table has none between 5,000.00 and 20,000.00).
  await setLevelOneBenefits(s.db, [{ code: 'withdraw_limit', value: '9500.00' }]);

  const request_id = rid();
  const first = await withdrawIn(s, SHANGHAI, m, '9000.00', request_id);
  assert.equal(first.body.code, 200, first.text);
  const second = await withdrawIn(s, SHANGHAI, m, '900.00');
  assert.deepEqual(
    second.body.data,
    { reason: 'withdraw_limit_exceeded', field: 'amount', left: '500.00' },
    second.text,
  );
  // The same request again answers its row and moves nothing, though the day's limit is nearly spent.
  const replay = await withdrawIn(s, SHANGHAI, m, '9000.00', request_id);
  assert.equal(replay.body.code, 200, replay.text);
  assert.equal(replay.body.data.flow.id, first.body.data.flow.id);

  // Still 10 May in Shanghai at 23:59:59; a zone twelve hours ahead (Kiritimati, already 11 May) makes no new day
  // so soon after a withdrawal in Shanghai: it is counted in Shanghai's day, as the daily claims count theirs.
  clock.advance(59 * 60_000 + 59_000);
  assert.equal((await withdrawIn(s, SHANGHAI, m, '900.00')).body.data.reason, 'withdraw_limit_exceeded');
  const elsewhere = await withdrawIn(s, 'Pacific/Kiritimati; GMT+14:00', m, '900.00');
  assert.deepEqual(elsewhere.body.data, { reason: 'withdraw_limit_exceeded', field: 'amount', left: '500.00' });
  assert.equal(await leftToday(s, m, 'Pacific/Kiritimati; GMT+14:00'), '500.00');

  // Midnight in Shanghai: a new merchant day, the whole limit again.
  clock.advance(1_000);
  assert.equal(await leftToday(s, m), '9500.00');
  const next = await withdrawIn(s, SHANGHAI, m, '900.00');
  assert.equal(next.body.code, 200, next.text);
  assert.equal(next.body.data.property.withdraw_left_today, '8600.00');
  assert.equal(await withdrawnCents(s.db, m.id), 990_000);

  // A level without the benefit has no limit.
  await setLevelOneBenefits(s.db, [{ code: 'daily_coupons', value: '1' }]);
  assert.equal(await leftToday(s, m), null);
  assert.equal((await withdrawIn(s, SHANGHAI, m, '10000.00')).body.code, 200);
});

test("20 withdrawals at once against the day's limit: exactly the ones within it pass, whatever the balance", async (t) => {
  const s = await startServer(t, ROOMY_GATE);
  const m = await shop(s.db, 1_000_000, 0); // 10,000.00, level 1: 1,000.00 a day
  const answers = await Promise.all(Array.from({ length: 20 }, () => withdrawIn(s, SHANGHAI, m, '300.00')));
  const ok = answers.filter((r) => r.body.code === 200);
  assert.equal(ok.length, 3, answers.map((r) => r.text).join('\n'));
  for (const r of answers.filter((a) => a.body.code !== 200)) {
    assert.equal(r.body.data.reason, 'withdraw_limit_exceeded', r.text);
    assert.equal(r.body.data.field, 'amount');
  }
  assert.equal(await withdrawnCents(s.db, m.id), 90_000);
  assert.equal(await balanceCents(s.db, m.id), 910_000);
  assert.deepEqual(await ledgerMismatches(s.db), []);
  assert.equal(await leftToday(s, m), '100.00');
  // A refusal of the balance still names the balance, not the limit.
  const poor = await shop(s.db, 5_000, 0);
  assert.deepEqual((await withdrawIn(s, SHANGHAI, poor, '60.00')).body.data, {
    reason: 'insufficient_balance',
    field: 'amount',
  });
});
