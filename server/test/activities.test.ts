/**
 * Newcomer activities: the list (offers, received per merchant, rules and game description as sanitized rich text
 * in 12 languages), new_user_support once per merchant and display_discount once per local day, also for 20
 * requests sent at once (the race across connections: concurrency.test.ts), at a day boundary in two time zones, idempotent by request_id; unknown or inactive → not_found.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { LANGUAGES } from '../../src/api/languages';
import type { Activity } from '../../src/api/shapes/ad-center';
import { Refusal } from '../services/errors';
import { sanitizeRichText } from '../lib/sanitize';
import { parseTz } from '../lib/tz';
import { listActivities, receiveActivity } from '../services/activities';
import { localDay } from '../services/coupons';
import { freshMerchant as fresh, startServer, type TestServer } from './helpers';

let seq = 0;
const rid = () => `act-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

async function activities(s: TestServer, token: string): Promise<Record<Activity['kind'], Activity>> {
  const r = await s.call('activities', {}, token);
  assert.equal(r.body.code, 200, r.text);
  return Object.fromEntries(r.body.data.list.map((a) => [a.kind, a])) as Record<Activity['kind'], Activity>;
}

const grants = (s: TestServer, userId: number, couponId: number): Promise<{ received_day: string }[]> =>
  s.db
    .selectFrom('user_coupons')
    .select('received_day')
    .where('user_id', '=', userId)
    .where('coupon_id', '=', couponId)
    .execute();

function refusedWith(reason: string) {
  return (err: unknown) => err instanceof Refusal && err.reason === reason;
}

test('the list: both activities with their offers, received false for a new merchant, rules and game description', async (t) => {
  const s = await startServer(t);
  const m = await fresh(s);
  const r = await s.call('activities', {}, m.token);
  assert.equal(r.body.code, 200);
  const { list, rules, game_description } = r.body.data;
  assert.deepEqual(
    list.map((a) => a.kind),
    ['new_user_support', 'display_discount'],
  );
  const [support, display] = list as [Activity, Activity];
  assert.equal(support.once_per, 'user');
  assert.equal(display.once_per, 'day');
  for (const a of list) {
    assert.equal(a.received, false);
    assert.deepEqual(Object.keys(a.title).sort(), [...LANGUAGES].sort());
    assert.deepEqual(Object.keys(a.description).sort(), [...LANGUAGES].sort());
    assert.deepEqual(Object.keys(a.offer.name).sort(), [...LANGUAGES].sort());
    assert.match(a.offer.amount, /^\d+\.\d{2}$/);
    assert.ok(a.offer.valid_days > 0);
    // The limit is once_per's, said once by the card: the description says what the coupon is for.
    assert.doesNotMatch(a.description.en, /once|every day|per (day|account)/i);
  }
  assert.equal(display.offer.kind, 'discount');
  assert.equal(display.offer.amount, '15.00');
  const row = await s.db
    .selectFrom('coupons')
    .select('new_user')
    .where('id', '=', support.offer.id)
    .executeTakeFirstOrThrow();
  assert.equal(row.new_user, 1);
  for (const text of [rules, game_description]) {
    assert.deepEqual(Object.keys(text).sort(), [...LANGUAGES].sort());
    assert.deepEqual(sanitizeRichText(text), text, 'stored sanitized');
    for (const html of Object.values(text)) assert.match(html, /<(ol|ul|p|h3)>/);
  }
  assert.equal((await s.call('activities', {})).body.code, 401);
});

test('new_user_support: once per merchant; the coupon is unused and expires valid_days later; then received', async (t) => {
  const s = await startServer(t);
  const m = await fresh(s);
  const { new_user_support: a } = await activities(s, m.token);
  const r = await s.call('activityReceive', { activity_id: a.id, request_id: rid() }, m.token);
  assert.equal(r.body.code, 200, r.text);
  const c = r.body.data;
  assert.equal(c.state, 'unused');
  assert.deepEqual(c.name, a.offer.name);
  assert.equal(c.amount, a.offer.amount);
  assert.equal(Date.parse(c.expire_time) - Date.parse(c.receive_time), a.offer.valid_days * 86_400_000);
  assert.ok(
    (await s.call('couponList', { state: 'unused', page_size: 50 }, m.token)).body.data.list.some((x) => x.id === c.id),
  );
  assert.equal((await activities(s, m.token)).new_user_support.received, true);

  const again = await s.call('activityReceive', { activity_id: a.id, request_id: rid() }, m.token);
  assert.equal(again.body.code, 405);
  assert.equal(again.body.data.reason, 'coupon_received');
  // Ever: a later day (even weeks later) is refused too.
  await assert.rejects(
    receiveActivity(s.db, m.id, { activity_id: a.id, request_id: rid() }, {}, new Date(Date.now() + 40 * 86_400_000)),
    refusedWith('coupon_received'),
  );
  assert.equal((await grants(s, m.id, a.offer.id)).length, 1);
  // Another merchant still gets theirs.
  const other = await fresh(s);
  assert.equal((await s.call('activityReceive', { activity_id: a.id, request_id: rid() }, other.token)).body.code, 200);
});

test('display_discount: once per local day; received today, not tomorrow', async (t) => {
  const s = await startServer(t);
  const m = await fresh(s);
  const tz = parseTz('Asia/Shanghai');
  const now = new Date();
  const { display_discount: a } = await activities(s, m.token);
  assert.equal((await s.call('activityReceive', { activity_id: a.id, request_id: rid() }, m.token)).body.code, 200);
  assert.equal((await activities(s, m.token)).display_discount.received, true);
  const again = await s.call('activityReceive', { activity_id: a.id, request_id: rid() }, m.token);
  assert.equal(again.body.data.reason, 'coupon_daily_limit');

  const tomorrow = new Date(now.getTime() + 86_400_000);
  assert.equal(
    (await listActivities(s.db, m.id, tz, tomorrow)).list.find((x) => x.kind === 'display_discount')!.received,
    false,
  );
  assert.equal(
    (await receiveActivity(s.db, m.id, { activity_id: a.id, request_id: rid() }, tz, tomorrow)).state,
    'unused',
  );
  assert.deepEqual((await grants(s, m.id, a.offer.id)).map((g) => g.received_day).sort(), [
    localDay(tz, now),
    localDay(tz, tomorrow),
  ]);
});

test('the same request_id answers the same coupon (no second row); a key spent on another activity is refused', async (t) => {
  const s = await startServer(t);
  const m = await fresh(s);
  const { new_user_support: a, display_discount: d } = await activities(s, m.token);
  const key = rid();
  const first = await s.call('activityReceive', { activity_id: a.id, request_id: key }, m.token);
  const replays = await Promise.all(
    Array.from({ length: 10 }, () => s.call('activityReceive', { activity_id: a.id, request_id: key }, m.token)),
  );
  for (const r of replays) assert.deepEqual(r.body, first.body);
  assert.equal((await grants(s, m.id, a.offer.id)).length, 1);
  const other = await s.call('activityReceive', { activity_id: d.id, request_id: key }, m.token);
  assert.equal(other.body.code, 400);
  assert.equal(other.body.data.field, 'request_id');
  assert.equal((await grants(s, m.id, d.offer.id)).length, 0);
});

test('20 new_user_support receives sent at once over HTTP, different request_ids: one coupon, the rest coupon_received (one process judges them in turn; the real race, across connections, is in concurrency.test.ts)', async (t) => {
  const s = await startServer(t);
  const m = await fresh(s);
  const { new_user_support: a } = await activities(s, m.token);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => s.call('activityReceive', { activity_id: a.id, request_id: rid() }, m.token)),
  );
  const reasons = answers.map((r) => (r.body.code === 200 ? 'ok' : String(r.body.data.reason)));
  assert.equal(reasons.filter((r) => r === 'ok').length, 1, reasons.join());
  assert.ok(
    reasons.every((r) => r === 'ok' || r === 'coupon_received'),
    reasons.join(),
  );
  assert.equal((await grants(s, m.id, a.offer.id)).length, 1);
});

test('20 display_discount receives sent at once over HTTP: one per day (one process judges them in turn; the real race, across connections, is in concurrency.test.ts)', async (t) => {
  const s = await startServer(t);
  const m = await fresh(s);
  const { display_discount: a } = await activities(s, m.token);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => s.call('activityReceive', { activity_id: a.id, request_id: rid() }, m.token)),
  );
  const reasons = answers.map((r) => (r.body.code === 200 ? 'ok' : String(r.body.data.reason)));
  assert.equal(reasons.filter((r) => r === 'ok').length, 1, reasons.join());
  assert.ok(
    reasons.every((r) => r === 'ok' || r === 'coupon_daily_limit'),
    reasons.join(),
  );
  assert.equal((await grants(s, m.id, a.offer.id)).length, 1);
});

test("display_discount at a day boundary: across Shanghai's midnight it is a new day there, not in Los Angeles", async (t) => {
  const s = await startServer(t);
  // Shanghai's midnight is 16:00 UTC (no daylight saving): the next one after now.
  let midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 16 * 3_600_000;
  if (midnight <= Date.now()) midnight += 86_400_000;
  const before = new Date(midnight - 20 * 60_000);
  const after = new Date(midnight + 20 * 60_000);
  const shanghai = parseTz('Asia/Shanghai');
  const la = parseTz('America/Los_Angeles');
  assert.notEqual(localDay(shanghai, before), localDay(shanghai, after));
  assert.equal(localDay(la, before), localDay(la, after));

  const { display_discount: a } = await activities(s, (await fresh(s)).token);
  const east = await fresh(s);
  assert.equal(
    (await receiveActivity(s.db, east.id, { activity_id: a.id, request_id: rid() }, shanghai, before)).state,
    'unused',
  );
  assert.equal((await listActivities(s.db, east.id, shanghai, after)).list.find((x) => x.id === a.id)!.received, false);
  assert.equal(
    (await receiveActivity(s.db, east.id, { activity_id: a.id, request_id: rid() }, shanghai, after)).state,
    'unused',
  );

  const west = await fresh(s);
  assert.equal(
    (await receiveActivity(s.db, west.id, { activity_id: a.id, request_id: rid() }, la, before)).state,
    'unused',
  );
  assert.equal((await listActivities(s.db, west.id, la, after)).list.find((x) => x.id === a.id)!.received, true);
  await assert.rejects(
    receiveActivity(s.db, west.id, { activity_id: a.id, request_id: rid() }, la, after),
    refusedWith('coupon_daily_limit'),
  );
  assert.equal((await grants(s, east.id, a.offer.id)).length, 2);
  assert.equal((await grants(s, west.id, a.offer.id)).length, 1);
});

test('X-TZ decides the day over HTTP, but a zone switch makes no second day: received in UTC-11, refused in UTC+14 (another date) within 20 h', async (t) => {
  const s = await startServer(t);
  const m = await fresh(s);
  const { display_discount: a } = await activities(s, m.token);
  const send = (zone: string) =>
    s.post('/api/activity/receive', { activity_id: a.id, request_id: rid() }, { 'X-TZ': zone, 'X-CT': m.token });
  assert.equal((await send('Pacific/Pago_Pago')).body.code, 200);
  // A zone switch once gave a second coupon a second later. (daily-claims.test.ts: allowed again 20 h on.)
  assert.equal((await send('Pacific/Kiritimati')).body.data.reason, 'coupon_daily_limit');
  assert.equal((await send('Pacific/Pago_Pago')).body.data.reason, 'coupon_daily_limit');
  assert.equal((await send('GMT-11:00')).body.data.reason, 'coupon_daily_limit', 'an offset alone is the same day');
});

test('unknown or inactive activity: not_found; field errors answer the envelope', async (t) => {
  const s = await startServer(t);
  const m = await fresh(s);
  const { display_discount: a } = await activities(s, m.token);
  assert.equal(
    (await s.call('activityReceive', { activity_id: 9999, request_id: rid() }, m.token)).body.data.reason,
    'not_found',
  );
  await s.db.updateTable('activities').set({ active: 0 }).where('id', '=', a.id).execute();
  const r = await s.call('activityReceive', { activity_id: a.id, request_id: rid() }, m.token);
  assert.equal(r.body.code, 405);
  assert.equal(r.body.data.reason, 'not_found');
  assert.ok(
    !(await s.call('activities', {}, m.token)).body.data.list.some((x) => x.id === a.id),
    'an inactive activity is not listed',
  );
  assert.equal((await grants(s, m.id, a.offer.id)).length, 0);

  for (const [input, field] of [
    [{ request_id: rid() }, 'activity_id'],
    [{ activity_id: -1, request_id: rid() }, 'activity_id'],
    [{ activity_id: 1 }, 'request_id'],
    [{ activity_id: 1, request_id: '1234567' }, 'request_id'],
  ] as const) {
    const e = await s.call('activityReceive', input, m.token);
    assert.equal(e.body.code, 400, JSON.stringify(input));
    assert.equal(e.body.data.field, field);
  }
  assert.equal((await s.call('activityReceive', { activity_id: 1, request_id: rid() })).body.code, 401);
});
