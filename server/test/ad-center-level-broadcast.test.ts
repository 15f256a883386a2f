import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LEVEL_BENEFITS, type Broadcast, type LevelOverview } from '../../src/api/shapes/ad-center';
import { broadcast, maskName } from '../services/ad-center/broadcast';
import { levelFor, levelRows } from '../services/ad-center/levels';
import { findUserById, issueToken } from '../services/users';
import { addPlan, addStat, bareMerchant, seededDb, tokenFor } from './ad-center-support';
import { startServer } from './helpers';

test('levels: the seeded table (star 1-3, VIP 1-3), rising thresholds, benefits by contract code', async (t) => {
  const db = await seededDb(t);
  const rows = await levelRows(db);
  assert.deepEqual(
    rows.map((r) => [r.kind, r.rank]),
    [
      ['star', 1],
      ['star', 2],
      ['star', 3],
      ['vip', 1],
      ['vip', 2],
      ['vip', 3],
    ],
  );
  assert.deepEqual(
    rows.map((r) => [r.min_credit_score, r.min_investment_cents]),
    [
      [0, 0],
      [110, 100_000],
      [130, 500_000],
      [150, 2_000_000],
      [175, 5_000_000],
      [200, 10_000_000],
    ],
  );
  for (const r of rows) {
    const benefits = JSON.parse(r.benefits) as { code: string; value?: string }[];
    assert.ok(benefits.length > 0);
    for (const b of benefits) assert.ok((LEVEL_BENEFITS as readonly string[]).includes(b.code), b.code);
  }
});

test('levels: either threshold reaches a level; the highest one met wins', async (t) => {
  const rows = await levelRows(await seededDb(t));
  const at = (credit: number, cents: number) => levelFor(rows, credit, cents).level;
  assert.equal(at(100, 0), 1);
  assert.equal(at(109, 99_999), 1);
  assert.equal(at(110, 0), 2); // credit alone
  assert.equal(at(0, 100_000), 2); // investment alone
  assert.equal(at(130, 100_000), 3); // credit is the higher one
  assert.equal(at(110, 2_000_000), 4); // investment is the higher one
  assert.equal(at(200, 0), 6);
  assert.equal(at(0, 10_000_000), 6);
  assert.deepEqual(levelFor(rows, 150, 0).name, { kind: 'vip', rank: 1 });
});

test('level over HTTP: the table, the current level, credit and investment; /user/info and the column agree', async (t) => {
  const s = await startServer(t);
  const user = await bareMerchant(s.db);
  const token = await tokenFor(s.db, user.id);
  const level = async () => {
    const r = await s.call('level', {}, token);
    assert.equal(r.body.code, 200, r.text);
    const info = await s.call('userInfo', {}, token);
    const o = r.body.data as LevelOverview;
    assert.equal(info.body.data.level, o.level, 'user info agrees');
    assert.equal((await findUserById(s.db, user.id))!.level, o.level, 'users.level agrees');
    return o;
  };

  const first = await level();
  assert.equal(first.level, 1);
  assert.equal(first.credit_score, 100);
  assert.equal(first.total_investment, '0.00');
  assert.equal(first.levels.length, 6);
  assert.deepEqual(first.levels[3], {
    level: 4,
    name: { kind: 'vip', rank: 1 },
    min_credit_score: 150,
    min_investment: '20000.00',
    benefits: [
      { code: 'daily_coupons', value: '5' },
      { code: 'fee_discount', value: '8' },
      { code: 'withdraw_limit', value: '20000.00' },
      { code: 'priority_matching' },
      { code: 'official_push' },
    ],
  });

  await s.db.updateTable('users').set({ credit_score: 130 }).where('id', '=', user.id).execute();
  assert.equal((await level()).level, 3);
  await addPlan(s.db, user.id, { putCents: 1_999_999, createdAt: new Date().toISOString() });
  assert.equal((await level()).level, 3);
  await addPlan(s.db, user.id, { putCents: 1, createdAt: new Date().toISOString() });
  const vip = await level();
  assert.equal(vip.level, 4);
  assert.equal(vip.total_investment, '20000.00');

  assert.equal((await s.call('level', {})).body.code, 401);
});

test('level: the demo sits between star 2 and star 3 (credit 124 of 130, investment under 5000.00)', async (t) => {
  const s = await startServer(t);
  const r = await s.call('level', {}, await s.login());
  const o = r.body.data as LevelOverview;
  assert.equal(o.level, 2);
  assert.equal(o.credit_score, 124);
  assert.ok(Number(o.total_investment) >= 1000 && Number(o.total_investment) < 5000, o.total_investment);
});

test('broadcast: names masked to first and last character, by code point', () => {
  assert.equal(maskName('demo'), 'd***o');
  assert.equal(maskName('Sunrise Bakery'), 'S***y');
  assert.equal(maskName('李小龙'), '李***龙');
  assert.equal(maskName('🍰 Cake 🍰'), '🍰***🍰');
  assert.equal(maskName('Al'), 'A***');
  assert.equal(maskName('X'), 'X***');
  assert.equal(maskName('  '), '***');
});

test("broadcast: sums over every merchant's rows, and the newest real events first", async (t) => {
  const db = await seededDb(t);
  const now = Date.parse('2030-01-10T12:00:00Z'); // after every seeded row
  const before = await broadcast(db, now);

  const user = await bareMerchant(db, { nickname: 'Zebra Tools', createdAt: '2030-01-10T11:00:00.000Z' });
  await issueToken(db, user.id, 3600 * 24 * 365 * 10, Date.now()); // online
  const p = await addPlan(db, user.id, {
    putCents: 10_000,
    consumedCents: 3_000,
    revenueCents: 4_500,
    status: 'puting',
    createdAt: '2030-01-10T11:30:00.000Z',
  });
  await addPlan(db, user.id, { putCents: 0, status: 'waitPut', createdAt: '2030-01-10T11:40:00.000Z' });
  await db
    .insertInto('transaction_flow')
    .values({
      user_id: user.id,
      type: 'manual_withdrawal',
      amount_cents: -1234,
      balance_after_cents: 0,
      created_at: '2030-01-10T11:50:00.000Z',
    })
    .execute();
  await addStat(db, p, user.id, {
    hour: '2030-01-09T08:00:00.000Z',
    impressions: 10,
    clicks: 1,
    consumed: 3000,
    revenue: 4500,
  });
  // A disabled merchant's session and events are not shown.
  const gone = await bareMerchant(db, { nickname: 'Hidden Shop', createdAt: '2030-01-10T11:59:00.000Z' });
  await issueToken(db, gone.id, 3600 * 24 * 365 * 10, Date.now());
  await db.updateTable('users').set({ state: 'disabled' }).where('id', '=', gone.id).execute();

  const after = await broadcast(db, now);
  const cents = (m: string) => Math.round(Number(m) * 100);
  assert.equal(after.online_users, before.online_users + 1);
  assert.equal(cents(after.ad_demand) - cents(before.ad_demand), 7_000);
  assert.equal(after.order_count, before.order_count + 2); // every plan is an order placed
  assert.equal(cents(after.earned) - cents(before.earned), 4_500);
  assert.equal(cents(after.withdrew) - cents(before.withdrew), 1_234);

  assert.ok(after.updates.length <= 20);
  assert.deepEqual(
    after.updates.slice(0, 4).map((u) => [u.action, u.name, u.amount, u.time]),
    [
      ['withdrew', 'Z***s', '12.34', '2030-01-10T11:50:00.000Z'],
      ['put', 'Z***s', '100.00', '2030-01-10T11:30:00.000Z'],
      ['joined', 'Z***s', null, '2030-01-10T11:00:00.000Z'],
      ['earned', 'Z***s', '45.00', '2030-01-10T00:00:00.000Z'], // the day 01-09, over at midnight
    ],
  );
  const times = after.updates.map((u) => u.time);
  assert.deepEqual([...times].sort().reverse(), times, 'newest first');
  assert.equal(new Set(after.updates.map((u) => u.id)).size, after.updates.length, 'ids unique');
  assert.ok(!after.updates.some((u) => u.name === 'H***p'));
});

test('broadcast over HTTP: open to visitors, the seeded merchants fill it', async (t) => {
  const s = await startServer(t);
  await s.login();
  const r = await s.call('broadcast', {});
  assert.equal(r.body.code, 200, r.text);
  const b = r.body.data as Broadcast;
  assert.ok(b.online_users >= 1);
  assert.ok(b.order_count >= 30);
  for (const m of [b.ad_demand, b.earned, b.withdrew]) assert.match(m, /^\d+\.\d{2}$/);
  assert.ok(Number(b.earned) > 0 && Number(b.withdrew) > 0 && Number(b.ad_demand) > 0);
  assert.equal(b.updates.length, 20);
  for (const u of b.updates) if (u.name !== null) assert.match(u.name, /^.\*\*\*.?$/u);
  assert.ok(b.updates.every((u) => Date.parse(u.time) <= Date.now()));
});
