import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Code } from '../../src/api/envelope';
import {
  CHECK_IN_REWARDS,
  SIGN_IN_CREDIT,
  type CheckInStatus,
  type SignInResult,
  type Statistics,
} from '../../src/api/shapes/ad-center';
import { Refusal } from '../services/errors';
import { findUserById } from '../services/users';
import { checkInStatus, signIn, signInState } from '../services/ad-center/sign-in';
import { statistics } from '../services/ad-center/statistics';
import { localDay, namedZone } from '../services/ad-center/zone';
import { bareMerchant, seededDb, tokenFor } from './ad-center-support';
import { startServer, testClock } from './helpers';

const SHANGHAI = namedZone('Asia/Shanghai');
const LA = namedZone('America/Los_Angeles');

const alreadySigned = (err: unknown) => err instanceof Refusal && err.reason === 'already_signed';

test("check-in: the day is the merchant's own: 2026-03-01T23:30Z is already 03-02 in Shanghai and still 03-01 in Los Angeles", async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  const now = Date.parse('2026-03-01T23:30:00Z');

  const sh = await signIn(db, user.id, SHANGHAI, now);
  assert.deepEqual(
    { ...sh, check_in: undefined },
    {
      day: '2026-03-02',
      streak: 1,
      reward: SIGN_IN_CREDIT,
      credit_score: user.credit_score + SIGN_IN_CREDIT,
      check_in: undefined,
    },
  );
  assert.equal(sh.check_in.day, '2026-03-02');
  assert.equal(sh.check_in.done_today, true);
  // The same instant in Los Angeles is another day (the day before), but a zone switch makes no second sign-in
  // within 20 h, nor one for a day that is over where the merchant last signed in (daily-claims.test.ts).
  await assert.rejects(signIn(db, user.id, LA, now), alreadySigned);
  assert.equal((await findUserById(db, user.id))!.credit_score, user.credit_score + SIGN_IN_CREDIT);
  // Shanghai again, an hour later (still 03-02 there): already signed.
  await assert.rejects(signIn(db, user.id, SHANGHAI, now + 3_600_000), alreadySigned);

  // Shanghai's next day starts at 16:00Z: a new sign-in, and the streak is 2 (03-02, 03-03).
  const next = await signIn(db, user.id, SHANGHAI, Date.parse('2026-03-02T16:00:00Z'));
  assert.deepEqual(
    { ...next, check_in: undefined },
    {
      day: '2026-03-03',
      streak: 2,
      reward: CHECK_IN_REWARDS[1],
      credit_score: user.credit_score + CHECK_IN_REWARDS[0] + CHECK_IN_REWARDS[1],
      check_in: undefined,
    },
  );
  // One millisecond before Shanghai's midnight it is still 03-02: already signed.
  await assert.rejects(signIn(db, user.id, SHANGHAI, Date.parse('2026-03-02T15:59:59.999Z')), alreadySigned);
});

test('check-in state: signed today by the sign-in zone; the streak ends today or, while today is open, yesterday', async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  for (const d of ['2026-02-25', '2026-02-27', '2026-02-28', '2026-03-01']) {
    await db
      .insertInto('sign_ins')
      .values({ user_id: user.id, day: d, created_at: `${d}T12:00:00.000Z` })
      .execute();
  }
  const now = Date.parse('2026-03-01T23:30:00Z');
  assert.deepEqual(await signInState(db, user.id, LA, now), { today: '2026-03-01', signedToday: true, streak: 3 });
  assert.deepEqual(await signInState(db, user.id, SHANGHAI, now), {
    today: '2026-03-02',
    signedToday: false,
    streak: 3,
  });
  assert.deepEqual(await signInState(db, user.id, SHANGHAI, Date.parse('2026-03-03T01:00:00Z')), {
    today: '2026-03-03',
    signedToday: false,
    streak: 0,
  });
  // The overview reports the X-TZ day's state, whatever zone it cuts its periods in.
  const s = await statistics(db, (await findUserById(db, user.id))!, 'today', SHANGHAI, LA, now);
  assert.equal(s.check_in.done_today, true);
  assert.equal(s.check_in.streak, 3);
  assert.equal(s.check_in.day, '2026-03-01');
});

test('check-in over HTTP: once per X-TZ day, the second answers already_signed; the overview shows it', async (t) => {
  const s = await startServer(t);
  const user = await bareMerchant(s.db);
  const token = await tokenFor(s.db, user.id);
  const tz = 'Pacific/Kiritimati; GMT+14:00';
  const post = () => s.post('/api/user/sign_in', {}, { 'X-CT': token, 'X-TZ': tz });

  const first = await post();
  assert.equal(first.body.code, 200, first.text);
  const result = first.body.data as SignInResult;
  assert.equal(result.day, localDay(Date.now(), namedZone('Pacific/Kiritimati')));
  assert.equal(result.streak, 1);
  assert.equal(result.credit_score, user.credit_score + SIGN_IN_CREDIT);

  const second = await post();
  assert.equal(second.body.code, Code.DATA);
  assert.equal(second.body.data.reason, 'already_signed');
  assert.equal(second.body.msg, 'Already checked in today');

  const st = await s.request('/api/ad/order/data_statistics/list?type=today', {
    headers: { 'X-CT': token, 'X-TZ': tz },
  });
  assert.deepEqual((st.body.data as Statistics).check_in, result.check_in);
  assert.equal((st.body.data as Statistics).credit_score, user.credit_score + SIGN_IN_CREDIT);
  const info = await s.call('userInfo', {}, token);
  assert.equal(info.body.data.credit_score, user.credit_score + SIGN_IN_CREDIT);

  assert.equal((await s.post('/api/user/sign_in', {})).body.code, Code.NO_AUTH);
});

test('check-in: 20 taps sent at once over HTTP, exactly one succeeds and the credit score rises by one (one process judges them in turn; the real race, across connections, is in concurrency.test.ts)', async (t) => {
  const s = await startServer(t);
  const user = await bareMerchant(s.db);
  const token = await tokenFor(s.db, user.id);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      s.post('/api/user/sign_in', {}, { 'X-CT': token, 'X-TZ': 'Asia/Shanghai; GMT+08:00' }),
    ),
  );
  const ok = answers.filter((r) => r.body.code === 200);
  const refused = answers.filter((r) => r.body.code === Code.DATA && r.body.data.reason === 'already_signed');
  assert.equal(ok.length, 1);
  assert.equal(refused.length, 19);
  assert.equal((await findUserById(s.db, user.id))!.credit_score, user.credit_score + SIGN_IN_CREDIT);
  const rows = await s.db
    .selectFrom('sign_ins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  assert.equal(rows.n, 1);
});

/** The strip as a short picture: one letter a day, D done, T today (not done), * today done, . to come; and the rewards. */
const strip = (c: CheckInStatus) => c.days.map((d) => (d.today ? (d.done ? '*' : 'T') : d.done ? 'D' : '.')).join('');

test('check-in rewards: day N of a 7-day cycle pays CHECK_IN_REWARDS[N-1] (day 7 the most); after day 7 a new cycle starts; a missed day starts over at day 1', async (t) => {
  const db = await seededDb(t);
  const user = await bareMerchant(db);
  const DAY = 86_400_000;
  // Noon in Shanghai on 2026-03-01, then a day at a time.
  const t0 = Date.parse('2026-03-01T04:00:00Z');
  assert.equal(CHECK_IN_REWARDS.length, 7);
  assert.ok(CHECK_IN_REWARDS[6] > Math.max(...CHECK_IN_REWARDS.slice(0, 6)), 'day 7 is the biggest');

  let credit = user.credit_score;
  const pictures: string[] = [];
  for (let i = 0; i < 9; i++) {
    const now = t0 + i * DAY;
    const before = await checkInStatus(db, user.id, SHANGHAI, now);
    assert.equal(before.done_today, false);
    assert.equal(before.streak, i);
    const place = (i % 7) + 1;
    assert.equal(before.today_reward, CHECK_IN_REWARDS[place - 1], `day ${i}: today's reward before`);
    const r = await signIn(db, user.id, SHANGHAI, now);
    credit += CHECK_IN_REWARDS[place - 1];
    assert.equal(r.reward, CHECK_IN_REWARDS[place - 1]);
    assert.equal(r.streak, i + 1);
    assert.equal(r.credit_score, credit);
    assert.deepEqual(
      r.check_in,
      await checkInStatus(db, user.id, SHANGHAI, now + 1000),
      'the answer is the status now',
    );
    assert.equal(r.check_in.today_reward, r.reward);
    pictures.push(`${strip(before)}>${strip(r.check_in)}`);
  }
  assert.deepEqual(pictures, [
    'T......>*......',
    'DT.....>D*.....',
    'DDT....>DD*....',
    'DDDT...>DDD*...',
    'DDDDT..>DDDD*..',
    'DDDDDT.>DDDDD*.',
    'DDDDDDT>DDDDDD*',
    // A full cycle done: the 8th day is day 1 of a new one (the streak goes on).
    'T......>*......',
    'DT.....>D*.....',
  ]);
  assert.deepEqual(
    (await checkInStatus(db, user.id, SHANGHAI, t0 + 9 * DAY)).days.map((d) => d.reward),
    [...CHECK_IN_REWARDS],
  );
  assert.equal((await findUserById(db, user.id))!.credit_score, credit);

  // Day 10 missed: on day 11 the streak is 0 and today is day 1 again, worth day 1's reward.
  const late = await checkInStatus(db, user.id, SHANGHAI, t0 + 10 * DAY);
  assert.deepEqual(
    { streak: late.streak, strip: strip(late), reward: late.today_reward },
    { streak: 0, strip: 'T......', reward: CHECK_IN_REWARDS[0] },
  );
  const again = await signIn(db, user.id, SHANGHAI, t0 + 10 * DAY);
  assert.deepEqual({ streak: again.streak, reward: again.reward }, { streak: 1, reward: CHECK_IN_REWARDS[0] });
  // Yesterday done, today not yet: the streak still counts yesterday and the strip shows it done.
  const open = await checkInStatus(db, user.id, SHANGHAI, t0 + 11 * DAY);
  assert.deepEqual(
    { streak: open.streak, strip: strip(open), reward: open.today_reward },
    { streak: 1, strip: 'DT.....', reward: CHECK_IN_REWARDS[1] },
  );
});

test("check-in over HTTP across days (the server's clock moved): the overview carries the strip, the answer pays the day's reward, a second tap pays nothing", async (t) => {
  const clock = testClock(Date.parse('2026-05-10T02:00:00Z')); // 10:00 in Shanghai
  const s = await startServer(t, { clock });
  const user = await bareMerchant(s.db);
  const token = await tokenFor(s.db, user.id);
  const headers = { 'X-CT': token, 'X-TZ': 'Asia/Shanghai; GMT+08:00' };
  const status = async () => {
    const r = await s.request('/api/ad/order/data_statistics/list?type=today', { headers });
    assert.equal(r.body.code, 200, r.text);
    return (r.body.data as Statistics).check_in;
  };
  const checkIn = () => s.post('/api/user/sign_in', {}, headers);

  const first = await status();
  assert.deepEqual(
    { day: first.day, done: first.done_today, streak: first.streak, strip: strip(first), reward: first.today_reward },
    { day: '2026-05-10', done: false, streak: 0, strip: 'T......', reward: CHECK_IN_REWARDS[0] },
  );

  let credit = user.credit_score;
  for (let i = 0; i < 7; i++) {
    const r = await checkIn();
    assert.equal(r.body.code, 200, r.text);
    const res = r.body.data as SignInResult;
    credit += CHECK_IN_REWARDS[i];
    assert.deepEqual(
      { reward: res.reward, streak: res.streak, credit: res.credit_score },
      { reward: CHECK_IN_REWARDS[i], streak: i + 1, credit },
    );
    const now = await status();
    assert.deepEqual(now, res.check_in, 'the overview says what the check-in answered');
    assert.equal(now.days.filter((d) => d.done).length, i + 1);
    assert.equal((await checkIn()).body.data.reason, 'already_signed');
    clock.advance(86_400_000);
  }
  assert.equal((await findUserById(s.db, user.id))!.credit_score, credit, 'the second taps paid nothing');
  assert.equal(
    credit - user.credit_score,
    CHECK_IN_REWARDS.reduce((a, b) => a + b, 0),
  );

  // The 8th day: a new cycle, the streak goes on.
  const eighth = await status();
  assert.deepEqual(
    { streak: eighth.streak, strip: strip(eighth), reward: eighth.today_reward },
    { streak: 7, strip: 'T......', reward: CHECK_IN_REWARDS[0] },
  );
  // Two days later (the 8th missed): the streak is over.
  clock.advance(86_400_000);
  const gap = await status();
  assert.deepEqual(
    { day: gap.day, streak: gap.streak, strip: strip(gap) },
    { day: '2026-05-18', streak: 0, strip: 'T......' },
  );
});

test('the test API writes earlier check-ins (for browser tests): rows only, no reward; only well-formed days', async (t) => {
  const clock = testClock(Date.parse('2026-05-10T02:00:00Z'));
  const s = await startServer(t, { clock });
  const user = await bareMerchant(s.db);
  const headers = { 'X-CT': await tokenFor(s.db, user.id), 'X-TZ': 'Asia/Shanghai; GMT+08:00' };
  const r = await s.post('/api/__test__/check-ins', {
    username: user.username,
    days: ['2026-05-07', '2026-05-08', '2026-05-09'],
  });
  assert.equal(r.body.code, 200, r.text);
  assert.equal(r.body.data.added, 3);
  assert.equal((await findUserById(s.db, user.id))!.credit_score, user.credit_score);
  const st = (await s.request('/api/ad/order/data_statistics/list?type=today', { headers })).body.data as Statistics;
  assert.deepEqual(
    { streak: st.check_in.streak, strip: strip(st.check_in), reward: st.check_in.today_reward },
    { streak: 3, strip: 'DDDT...', reward: CHECK_IN_REWARDS[3] },
  );
  assert.equal(
    (await s.post('/api/__test__/check-ins', { username: user.username, days: ['May 7'] })).body.code,
    Code.PARAMS,
  );
});
