import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { STAT_PERIODS, type Statistics } from '../../src/api/shapes/ad-center';
import { levelOverview } from '../services/ad-center/levels';
import { periodBuckets, previousWindow, statistics } from '../services/ad-center/statistics';
import { toBeConsumedCents } from '../services/wallet';
import { fixedZone, namedZone, UTC_ZONE, wallToUtc } from '../services/ad-center/zone';
import { addPlan, addStat, bareMerchant, seededDb } from './ad-center-support';
import { startServer } from './helpers';

const SHANGHAI = namedZone('Asia/Shanghai');
const LA = namedZone('America/Los_Angeles');
const NOW = Date.parse('2026-03-10T12:00:00Z'); // Shanghai 03-10 20:00; Los Angeles 03-10 05:00 (PDT since 03-08)

/**
 * Rows whose impressions are distinct powers of two, so a sum says exactly which rows a period took.
 * Comments: the local time in Shanghai / Los Angeles.
 */
const ROWS: [string, number][] = [
  ['2026-03-10T10:00:00.000Z', 1], // 03-10 18:00 today      / 03-10 03:00 today
  ['2026-03-10T05:00:00.000Z', 2], // 03-10 13:00 today      / 03-09 22:00 yesterday
  ['2026-03-09T20:00:00.000Z', 4], // 03-10 04:00 today      / 03-09 13:00
  ['2026-03-09T15:00:00.000Z', 8], // 03-09 23:00 yesterday  / 03-09 08:00
  ['2026-03-03T17:00:00.000Z', 16], // 03-04 01:00 in week   / 03-03 09:00 before the week
  ['2026-03-04T07:00:00.000Z', 32], // 03-04 15:00 in week   / 03-03 23:00 before the week
  ['2026-02-08T20:00:00.000Z', 64], // 02-09 04:00 in month  / 02-08 12:00 before the month
  ['2026-02-09T10:00:00.000Z', 128], // 02-09 18:00 in month / 02-09 02:00 in month
  ['2026-01-15T12:00:00.000Z', 256], // only in all
];
const EXPECTED = {
  shanghai: { today: 7, week: 63, month: 255, all: 511 },
  la: { today: 1, week: 15, month: 191, all: 511 },
};

async function fixture(t: Pick<TestContext, 'after'>) {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  const p1 = await addPlan(db, user.id, { putCents: 100_000, createdAt: '2026-01-15T11:00:00.000Z' });
  await addPlan(db, user.id, { putCents: 20_000, createdAt: '2026-03-10T05:30:00.000Z' }); // Shanghai today, LA yesterday
  await addPlan(db, user.id, { putCents: 5_000, createdAt: '2026-03-09T15:30:00.000Z' }); // Shanghai yesterday, LA 03-09
  await addPlan(db, user.id, {
    putCents: 30_000,
    consumedCents: 12_000,
    status: 'puting',
    createdAt: '2026-01-20T00:00:00.000Z',
  });
  await addPlan(db, user.id, { putCents: 0, status: 'waitPut', createdAt: '2026-03-10T11:00:00.000Z' }); // not an order yet
  for (const [hour, n] of ROWS)
    await addStat(db, p1, user.id, { hour, impressions: n, clicks: n * 2, consumed: n * 100, revenue: n * 150 });
  return { db, user };
}

const money = (cents: number) => (cents / 100).toFixed(2);

test('statistics: each period sums the rows of its local days, and the same rows fall differently in Shanghai and Los Angeles', async (t) => {
  const { db, user } = await fixture(t);
  for (const [name, zone] of [
    ['shanghai', SHANGHAI],
    ['la', LA],
  ] as const) {
    for (const period of STAT_PERIODS) {
      const s = await statistics(db, user, period, zone, zone, NOW);
      const n = EXPECTED[name][period];
      const at = `${name} ${period}`;
      assert.equal(s.period, period);
      assert.equal(s.time_zone, zone.label);
      assert.equal(s.impressions, n, at);
      assert.equal(s.clicks, n * 2, at);
      assert.equal(s.consumed, money(n * 100), at);
      assert.equal(s.ad_revenue, money(n * 150), at);
      assert.equal(s.profit, money(n * 50), at);
      // The trend covers the same rows as the sums.
      assert.equal(
        s.trend.reduce((a, p) => a + p.impressions, 0),
        n,
        `${at} trend`,
      );
      assert.equal(
        s.trend.reduce((a, p) => a + p.clicks, 0),
        n * 2,
        `${at} trend clicks`,
      );
      // Not bound to the period: what live plans still have to spend.
      assert.equal(s.to_be_consumed, '180.00');
    }
  }
  // Orders by the plans' creation, in the same local days; a plan waiting to be put is no order.
  const orders = async (zone: typeof LA, period: (typeof STAT_PERIODS)[number]) => {
    const s = await statistics(db, user, period, zone, zone, NOW);
    return [s.delivery_orders, s.investment_amount];
  };
  assert.deepEqual(await orders(SHANGHAI, 'today'), [1, '200.00']);
  assert.deepEqual(await orders(LA, 'today'), [0, '0.00']);
  assert.deepEqual(await orders(SHANGHAI, 'week'), [2, '250.00']);
  assert.deepEqual(await orders(LA, 'week'), [2, '250.00']);
  assert.deepEqual(await orders(SHANGHAI, 'all'), [4, '1550.00']);
});

test('statistics: trend buckets, their count and order (hours of today, days of week and month, months of all)', async (t) => {
  const { db, user } = await fixture(t);
  const sh = (p: (typeof STAT_PERIODS)[number]) => statistics(db, user, p, SHANGHAI, SHANGHAI, NOW);

  const today = await sh('today');
  assert.equal(today.bucket, 'hour');
  assert.equal(today.trend.length, 24);
  assert.equal(today.trend[0].start, '2026-03-09T16:00:00.000Z'); // Shanghai midnight
  for (let i = 1; i < 24; i++)
    assert.equal(Date.parse(today.trend[i].start) - Date.parse(today.trend[i - 1].start), 3_600_000);
  assert.equal(today.trend[4].impressions, 4); // 20:00Z = 04:00 local
  assert.equal(today.trend[13].impressions, 2);
  assert.equal(today.trend[18].impressions, 1);

  const week = await sh('week');
  assert.equal(week.bucket, 'day');
  assert.deepEqual(
    week.trend.map((p) => p.start),
    [4, 5, 6, 7, 8, 9, 10].map((d) => new Date(Date.UTC(2026, 2, d - 1, 16)).toISOString()),
  );
  assert.deepEqual(
    week.trend.map((p) => p.impressions),
    [48, 0, 0, 0, 0, 8, 7],
  );

  const month = await sh('month');
  assert.equal(month.trend.length, 30);
  assert.equal(month.trend[0].start, '2026-02-08T16:00:00.000Z');
  assert.equal(month.trend[29].start, '2026-03-09T16:00:00.000Z');
  assert.equal(month.trend[0].impressions, 192);

  // All: a point per local month, at least the last six (the first plan is in January: three months of zeros).
  const all = await sh('all');
  assert.equal(all.bucket, 'month');
  assert.deepEqual(
    all.trend.map((p) => p.start),
    [
      '2025-09-30T16:00:00.000Z',
      '2025-10-31T16:00:00.000Z',
      '2025-11-30T16:00:00.000Z',
      '2025-12-31T16:00:00.000Z',
      '2026-01-31T16:00:00.000Z',
      '2026-02-28T16:00:00.000Z',
    ],
  );
  assert.deepEqual(
    all.trend.map((p) => p.impressions),
    [0, 0, 0, 256, 192, 63],
  );
  // A merchant with a longer history gets every month since the first plan.
  const old = await statistics(db, user, 'all', SHANGHAI, SHANGHAI, Date.parse('2026-09-10T12:00:00Z'));
  assert.equal(old.trend.length, 9);
  assert.equal(old.trend[0].start, '2025-12-31T16:00:00.000Z');
});

test('statistics: a DST week in Los Angeles has a 23-hour day, and the DST days themselves have 23 and 25 hours', async (t) => {
  const { db, user } = await fixture(t);
  const week = await statistics(db, user, 'week', LA, LA, NOW);
  const starts = week.trend.map((p) => p.start);
  assert.deepEqual(starts, [
    '2026-03-04T08:00:00.000Z',
    '2026-03-05T08:00:00.000Z',
    '2026-03-06T08:00:00.000Z',
    '2026-03-07T08:00:00.000Z',
    '2026-03-08T08:00:00.000Z',
    '2026-03-09T07:00:00.000Z',
    '2026-03-10T07:00:00.000Z',
  ]);
  assert.deepEqual(
    week.trend.map((p) => p.impressions),
    [0, 0, 0, 0, 0, 14, 1],
  );

  const spring = periodBuckets('today', Date.parse('2026-03-08T20:00:00Z'), LA, null);
  assert.equal(spring.starts.length, 23);
  assert.equal(new Date(spring.starts[0]).toISOString(), '2026-03-08T08:00:00.000Z');
  assert.equal(new Date(spring.end).toISOString(), '2026-03-09T07:00:00.000Z');

  const fall = periodBuckets('today', Date.parse('2026-11-01T20:00:00Z'), LA, null);
  assert.equal(fall.starts.length, 25);
  assert.equal(new Date(fall.starts[0]).toISOString(), '2026-11-01T07:00:00.000Z');
  assert.equal(new Date(fall.end).toISOString(), '2026-11-02T08:00:00.000Z');

  // A month bucket that spans the change starts at local midnight on either side of it.
  const all = periodBuckets('all', Date.parse('2026-04-10T12:00:00Z'), LA, Date.parse('2026-02-10T12:00:00Z'));
  assert.deepEqual(
    all.starts.map((t) => new Date(t).toISOString()),
    [
      '2025-11-01T07:00:00.000Z',
      '2025-12-01T08:00:00.000Z',
      '2026-01-01T08:00:00.000Z',
      '2026-02-01T08:00:00.000Z',
      '2026-03-01T08:00:00.000Z',
      '2026-04-01T07:00:00.000Z',
    ],
  );
});

test('statistics: zones at 30- and 45-minute offsets cut the day at their own midnight', () => {
  const kathmandu = periodBuckets('today', NOW, namedZone('Asia/Kathmandu'), null); // +05:45
  assert.equal(new Date(kathmandu.starts[0]).toISOString(), '2026-03-09T18:15:00.000Z');
  assert.equal(kathmandu.starts.length, 24);
  const india = periodBuckets('week', NOW, namedZone('Asia/Kolkata'), null); // +05:30
  assert.equal(new Date(india.starts[6]).toISOString(), '2026-03-09T18:30:00.000Z');
  const chatham = periodBuckets('today', NOW, namedZone('Pacific/Chatham'), null); // +13:45 in March (DST)
  assert.equal(new Date(chatham.starts[0]).toISOString(), '2026-03-10T10:15:00.000Z');
  const offset = periodBuckets('today', NOW, fixedZone(-210), null); // UTC-03:30 from an offset only
  assert.equal(new Date(offset.starts[0]).toISOString(), '2026-03-10T03:30:00.000Z');
  assert.equal(fixedZone(-210).label, 'UTC-03:30');
  // Lord Howe moves its clocks by 30 minutes: 2026-04-05 has 24.5 hours (the last bucket is half an hour).
  const lordHowe = periodBuckets('today', Date.parse('2026-04-05T06:00:00Z'), namedZone('Australia/Lord_Howe'), null);
  assert.equal(lordHowe.end - lordHowe.starts[0], 24.5 * 3_600_000);
  assert.equal(lordHowe.starts.length, 25);
  // A wall time that does not exist (the skipped hour) starts when the clocks jump.
  assert.equal(new Date(wallToUtc({ y: 2026, m: 3, d: 8 }, 2, LA)).toISOString(), '2026-03-08T10:00:00.000Z');
});

/**
 * Rows for the previous periods (UTC, now 2026-03-10 12:00): impressions are powers of two, so each sum names its
 * rows. The previous period is as long as the current one so far: yesterday until 12:00, the 7 days before this
 * week's until 12:00, the 30 days before this month's until 12:00.
 */
const PREVIOUS_ROWS: [string, number][] = [
  ['2026-03-10T05:00:00.000Z', 1], // today, week, month
  ['2026-03-09T11:00:00.000Z', 2], // yesterday before 12:00; week, month
  ['2026-03-09T12:00:00.000Z', 4], // yesterday after the same time: not today's previous; week, month
  ['2026-03-03T11:00:00.000Z', 8], // the week before, before 12:00; month
  ['2026-03-03T13:00:00.000Z', 16], // the week before's last day, after 12:00: neither week; month
  ['2026-02-25T00:00:00.000Z', 32], // the first hour of the week before; month
  ['2026-02-24T23:00:00.000Z', 64], // before the week before; month
  ['2026-02-08T11:00:00.000Z', 128], // the 30 days before, before 12:00
  ['2026-02-08T12:00:00.000Z', 256], // after it: neither month
  ['2026-01-10T00:00:00.000Z', 512], // the first hour of the 30 days before
  ['2026-01-09T23:00:00.000Z', 1024], // all only
];

test('statistics: each period carries the previous period of the same length, cut by the same code; all has none', async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  const p1 = await addPlan(db, user.id, { putCents: 100_000, createdAt: '2026-01-01T00:00:00.000Z' });
  await addPlan(db, user.id, { putCents: 5_000, createdAt: '2026-03-09T11:30:00.000Z' }); // yesterday morning
  await addPlan(db, user.id, { putCents: 20_000, createdAt: '2026-03-10T01:00:00.000Z' }); // today
  await addPlan(db, user.id, { putCents: 7_000, createdAt: '2026-03-09T18:00:00.000Z' }); // yesterday evening: in no previous
  for (const [hour, n] of PREVIOUS_ROWS)
    await addStat(db, p1, user.id, { hour, impressions: n, clicks: n * 3, consumed: n * 100, revenue: n * 70 });

  const expected = { today: [1, 2], week: [7, 40], month: [127, 640] } as const;
  for (const period of ['today', 'week', 'month'] as const) {
    const s = await statistics(db, user, period, UTC_ZONE, UTC_ZONE, NOW);
    const [now, before] = expected[period];
    assert.equal(s.impressions, now, period);
    assert.ok(s.previous, period);
    assert.deepEqual(
      { ...s.previous, investment_amount: undefined, delivery_orders: undefined },
      {
        impressions: before,
        clicks: before * 3,
        consumed: money(before * 100),
        ad_revenue: money(before * 70),
        profit: money(before * -30),
        investment_amount: undefined,
        delivery_orders: undefined,
      },
      period,
    );
  }
  const orders = async (p: 'today' | 'week' | 'month') => {
    const s = await statistics(db, user, p, UTC_ZONE, UTC_ZONE, NOW);
    return {
      now: [s.delivery_orders, s.investment_amount],
      before: [s.previous!.delivery_orders, s.previous!.investment_amount],
    };
  };
  assert.deepEqual(await orders('today'), { now: [1, '200.00'], before: [1, '50.00'] });
  assert.deepEqual(await orders('week'), { now: [3, '320.00'], before: [0, '0.00'] });
  assert.deepEqual(await orders('month'), { now: [3, '320.00'], before: [0, '0.00'] });

  const all = await statistics(db, user, 'all', UTC_ZONE, UTC_ZONE, NOW);
  assert.equal(all.impressions, 2047);
  assert.equal(all.previous, null);

  // In Los Angeles the week before crosses no change but this week does (PDT from 03-08): the window is as long
  // as this week so far, from local midnight seven days before this week's first day.
  const b = periodBuckets('week', NOW, LA, null);
  const w = previousWindow('week', b, NOW, LA)!;
  assert.equal(new Date(w.from).toISOString(), '2026-02-25T08:00:00.000Z');
  assert.equal(w.to - w.from, NOW - b.from!);
  // Just before midnight on the 25-hour day, the window still ends where this period starts.
  const fall = Date.parse('2026-11-02T07:59:00Z'); // 11-01 23:59 PST
  const fb = periodBuckets('today', fall, LA, null);
  const fw = previousWindow('today', fb, fall, LA)!;
  assert.equal(new Date(fw.from).toISOString(), '2026-10-31T07:00:00.000Z');
  assert.equal(fw.to, fb.from);
  assert.equal(previousWindow('all', periodBuckets('all', NOW, LA, null), NOW, LA), null);
});

test('statistics over HTTP: the zone is user_time_zone if known, else X-TZ, else UTC; every period of the demo has figures', async (t) => {
  const s = await startServer(t);
  const token = await s.login();
  const get = (query: Record<string, string>, tz?: string) => {
    const headers: Record<string, string> = { 'X-CT': token };
    if (tz) headers['X-TZ'] = tz;
    return s.request(`/api/ad/order/data_statistics/list?${new URLSearchParams(query)}`, { headers });
  };
  const zoneOf = async (query: Record<string, string>, tz?: string) => {
    const r = await get(query, tz);
    assert.equal(r.body.code, 200, r.text);
    return (r.body.data as Statistics).time_zone;
  };
  assert.equal(
    await zoneOf({ type: 'today', user_time_zone: 'America/Los_Angeles' }, 'Asia/Shanghai; GMT+08:00'),
    'America/Los_Angeles',
  );
  assert.equal(
    await zoneOf({ type: 'today', user_time_zone: 'Mars/Olympus_Mons' }, 'Asia/Shanghai; GMT+08:00'),
    'Asia/Shanghai',
  );
  assert.equal(await zoneOf({ type: 'today' }, 'GMT+05:30'), 'UTC+05:30');
  assert.equal(await zoneOf({ type: 'today', user_time_zone: 'GMT-03:00' }), 'UTC-03:00');
  assert.equal(await zoneOf({ type: 'week' }), 'UTC');
  assert.equal(await zoneOf({ type: 'week' }, 'nonsense;;'), 'UTC');

  for (const period of STAT_PERIODS) {
    const r = await s.call('statistics', { type: period }, token);
    assert.equal(r.body.code, 200);
    const st = r.body.data as Statistics;
    assert.ok(st.impressions > 0 && st.clicks > 0, `${period} impressions`);
    assert.ok(Number(st.consumed) > 0 && Number(st.ad_revenue) > 0, `${period} money`);
    assert.ok(
      st.trend.some((p) => p.impressions > 0),
      `${period} trend`,
    );
    assert.match(st.consumed, /^\d+\.\d{2}$/);
    assert.equal(st.proxy_id, '10000001');
    assert.ok(Number(st.to_be_consumed) > 0 && Number(st.balance) > 0 && Number(st.deposit) > 0);
    assert.equal(st.operated, 3);
    // The previous period's figures, in the same shapes; none for all.
    if (period === 'all') assert.equal(st.previous, null);
    else assert.match(st.previous!.consumed, /^-?\d+\.\d{2}$/);
    if (period === 'all') assert.ok(st.trend.length >= 6 && st.bucket === 'month', 'all by month');
  }

  assert.equal((await get({ type: 'year' })).body.code, 400);
  assert.equal((await get({ type: 'today', user_time_zone: 'x'.repeat(65) })).body.code, 400);
  assert.equal((await s.request('/api/ad/order/data_statistics/list?type=today')).body.code, 401);
});

test('statistics: UTC is the zone when nothing is given', async (t) => {
  const { db, user } = await fixture(t);
  const s = await statistics(db, user, 'today', UTC_ZONE, UTC_ZONE, NOW);
  assert.equal(s.trend[0].start, '2026-03-10T00:00:00.000Z');
  assert.equal(s.impressions, 3); // 10:00Z and 05:00Z
});

test('investment has one definition: the overview and the level count the plans put for delivery, not waitPut or putFailed', async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  const at = '2026-03-10T08:00:00.000Z';
  await addPlan(db, user.id, { putCents: 100_000, status: 'puting', createdAt: at });
  await addPlan(db, user.id, { putCents: 40_000, status: 'settled', createdAt: at });
  await addPlan(db, user.id, { putCents: 500_000, status: 'waitPut', createdAt: at });
  await addPlan(db, user.id, { putCents: 700_000, status: 'putFailed', createdAt: at });
  const st = await statistics(db, user, 'all', UTC_ZONE, UTC_ZONE, NOW);
  assert.equal(st.investment_amount, '1400.00');
  assert.equal(st.delivery_orders, 2);
  assert.equal((await levelOverview(db, user.id)).total_investment, st.investment_amount);
  // Only the live plan's unspent part waits to be consumed; the wallet has no copy of it to disagree with.
  assert.equal(st.to_be_consumed, '1000.00');
  assert.equal(await toBeConsumedCents(db, user.id), 100_000);
});
