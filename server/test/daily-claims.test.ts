import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COUPON_USE, type Coupon } from '../../src/api/shapes/coupon';
import { freshMerchant, startServer, testClock, type TestServer } from './helpers';

// The defect these replay: the merchant's day came from the client's X-TZ, so switching zones yielded a second daily reward within
// one real day (UTC at 23:08, then Pacific/Kiritimati: day 2026-11-23, then 2026-11-24), or a day already over
// ("yesterday" in a zone behind). These replay each case over HTTP with a test clock.

const HOUR = 3_600_000;
/** 23:08 UTC of the current day: UTC is on one date, Kiritimati (+14:00) already on the next. */
const lateUtc = () => {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 8);
};
let seq = 0;
const rid = () => `claims-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

async function setup(t: Parameters<typeof startServer>[0]) {
  const clock = testClock(lateUtc());
  const s = await startServer(t, { clock });
  const m = await freshMerchant(s);
  const as = (zone: string) => ({ 'X-TZ': zone, 'X-CT': m.token });
  return { s, m, clock, as };
}

const signIn = (s: TestServer, headers: Record<string, string>) => s.post('/api/user/sign_in', {}, headers);
const creditScore = async (s: TestServer, userId: number): Promise<number> =>
  (await s.db.selectFrom('users').select('credit_score').where('id', '=', userId).executeTakeFirstOrThrow())
    .credit_score;

test('sign-in: UTC at 23:08, then Kiritimati a second later (another date there): refused, one credit', async (t) => {
  const { s, m, clock, as } = await setup(t);
  const before = await creditScore(s, m.id);
  const first = await signIn(s, as('UTC'));
  assert.equal(first.body.code, 200, first.text);
  clock.advance(1_000);
  const second = await signIn(s, as('Pacific/Kiritimati'));
  assert.equal(second.body.data.reason, 'already_signed', second.text);
  const after = await creditScore(s, m.id);
  assert.equal(after - before, 1, 'one credit');
  // The merchant who really moved: 20 h after the last claim, the new zone's day counts.
  clock.advance(20 * HOUR);
  const moved = await signIn(s, as('Pacific/Kiritimati'));
  assert.equal(moved.body.code, 200, moved.text);
});

test('sign-in "for yesterday": a zone twelve hours behind cannot claim a day already over where the merchant signs in', async (t) => {
  const { s, clock, as } = await setup(t);
  assert.equal((await signIn(s, as('UTC'))).body.code, 200); // day D at 23:08
  // 21 h later (20:08 UTC of D+1): D+1 is open in UTC; in UTC-12 it is 08:08 of D+1 too. Skip it, and at 00:30 UTC
  // of D+2 try UTC-12, where it is still D+1 ("yesterday", to keep the streak): refused.
  clock.advance(25 * HOUR + 22 * 60_000); // 00:30 UTC of D+2
  const yesterday = await signIn(s, as('Etc/GMT+12'));
  assert.equal(yesterday.body.data.reason, 'already_signed', yesterday.text);
  // In the merchant's own zone it is D+2: a sign-in of its own, and the streak starts again at 1.
  const today = await signIn(s, as('UTC'));
  assert.equal(today.body.code, 200, today.text);
  assert.equal(today.body.data.streak, 1);
});

test('an honest merchant in one zone is unchanged: 23:59 and 00:01 are two days, two sign-ins', async (t) => {
  const { s, clock, as } = await setup(t);
  clock.advance(51 * 60_000); // 23:59 UTC
  assert.equal((await signIn(s, as('UTC'))).body.code, 200);
  clock.advance(2 * 60_000); // 00:01 UTC
  const next = await signIn(s, as('UTC'));
  assert.equal(next.body.code, 200, next.text);
  assert.equal(next.body.data.streak, 2);
});

test('the once-a-day activity coupon: UTC, then Kiritimati a second later: refused', async (t) => {
  const { s, m, clock, as } = await setup(t);
  const list = (await s.call('activities', {}, m.token)).body.data.list;
  const daily = list.find((a) => a.kind === 'display_discount')!;
  const send = (zone: string) =>
    s.post('/api/activity/receive', { activity_id: daily.id, request_id: rid() }, as(zone));
  assert.equal((await send('UTC')).body.code, 200);
  clock.advance(1_000);
  assert.equal((await send('Pacific/Kiritimati')).body.data.reason, 'coupon_daily_limit');
  clock.advance(20 * HOUR);
  assert.equal((await send('Pacific/Kiritimati')).body.code, 200, 'a day later in the new zone');
});

test('one coupon of a name a day: UTC, then Kiritimati a second later: refused, the second stays unused', async (t) => {
  const { s, m, clock, as } = await setup(t);
  const unused = (await s.call('couponList', { state: 'unused', page_size: 50 }, m.token)).body.data.list;
  const byName = new Map<string, Coupon[]>();
  for (const c of unused)
    if (COUPON_USE[c.kind] === 'wallet')
      byName.set(JSON.stringify(c.name), [...(byName.get(JSON.stringify(c.name)) ?? []), c]);
  const [a, b] = [...byName.values()].find((l) => l.length >= 2)!;
  const send = (c: Coupon, zone: string) =>
    s.post('/api/user_coupon/receive', { coupon_id: c.id, request_id: rid() }, as(zone));
  assert.equal((await send(a, 'UTC')).body.code, 200);
  clock.advance(1_000);
  assert.equal((await send(b, 'Pacific/Kiritimati')).body.data.reason, 'coupon_daily_limit');
  const { state } = await s.db
    .selectFrom('user_coupons')
    .select('state')
    .where('id', '=', b.id)
    .executeTakeFirstOrThrow();
  assert.equal(state, 'unused');
});

// Several server processes on PostgreSQL judge requests side by side: the zone rule's read and the claim's write
// must not let two zones through at once. (On SQLite one connection runs them in turn; the same answers either way.)
test('sign-in from two zones at once (UTC and Kiritimati, two dates): one succeeds, one credit, one row; again a day later', async (t) => {
  const { s, m, clock, as } = await setup(t);
  const before = await creditScore(s, m.id);
  const burst = async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(s, as(i % 2 ? 'Pacific/Kiritimati' : 'UTC'))),
    );
    const codes = answers.map((r) => (r.body.code === 200 ? 'ok' : String(r.body.data.reason)));
    assert.equal(codes.filter((c) => c === 'ok').length, 1, codes.join());
    assert.ok(
      codes.every((c) => c === 'ok' || c === 'already_signed'),
      codes.join(),
    );
  };
  // The merchant's first claim: no claim row yet.
  await burst();
  assert.equal((await creditScore(s, m.id)) - before, 1, 'one credit');
  // 21 h on either zone may claim a new day, but not both: the second is judged against the first's claim.
  clock.advance(21 * HOUR);
  await burst();
  // Whichever zone won, its day's reward is 1 (the streak's second day, or a first day again after a gap).
  assert.equal((await creditScore(s, m.id)) - before, 2, 'one more check-in');
  const rows = await s.db.selectFrom('sign_ins').select('day').where('user_id', '=', m.id).execute();
  assert.equal(rows.length, 2);
});

test("the once-per-merchant coupon from two zones at once (two dates, so the day's unique key cannot tell): one coupon", async (t) => {
  const { s, m, as } = await setup(t);
  const list = (await s.call('activities', {}, m.token)).body.data.list;
  const support = list.find((a) => a.kind === 'new_user_support')!;
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      s.post(
        '/api/activity/receive',
        { activity_id: support.id, request_id: rid() },
        as(i % 2 ? 'Pacific/Kiritimati' : 'UTC'),
      ),
    ),
  );
  const codes = answers.map((r) => (r.body.code === 200 ? 'ok' : String(r.body.data.reason)));
  assert.equal(codes.filter((c) => c === 'ok').length, 1, codes.join());
  assert.ok(
    codes.every((c) => c === 'ok' || c === 'coupon_received'),
    codes.join(),
  );
  const held = await s.db
    .selectFrom('user_coupons')
    .select('id')
    .where('user_id', '=', m.id)
    .where('coupon_id', '=', support.offer.id)
    .execute();
  assert.equal(held.length, 1);
});
