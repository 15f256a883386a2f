import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Code, Reason, SIGN_IN_CREDIT, type SignInResult, type Statistics } from '../../src/api/contract';
import { Refusal } from '../services/errors';
import { findUserById } from '../services/users';
import { signIn, signInState } from '../services/ad-center/sign-in';
import { statistics } from '../services/ad-center/statistics';
import { localDay, namedZone } from '../services/ad-center/zone';
import { bareMerchant, seededDb, tokenFor } from './ad-center-support';
import { startServer } from './helpers';

const SHANGHAI = namedZone('Asia/Shanghai');
const LA = namedZone('America/Los_Angeles');

const alreadySigned = (err: unknown) => err instanceof Refusal && err.reason === Reason.ALREADY_SIGNED;

test('sign-in: the day is the merchant\'s own: 2026-03-01T23:30Z is already 03-02 in Shanghai and still 03-01 in Los Angeles', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  const now = Date.parse('2026-03-01T23:30:00Z');

  const sh = signIn(db, user.id, SHANGHAI, now);
  assert.deepEqual(sh, { day: '2026-03-02', streak: 1, credit_score: user.credit_score + SIGN_IN_CREDIT });
  // The same instant in Los Angeles is another day (the day before), but a zone switch makes no second sign-in
  // within 20 h, nor one for a day that is over where the merchant last signed in (issue 18; daily-claims.test.ts).
  assert.throws(() => signIn(db, user.id, LA, now), alreadySigned);
  assert.equal(findUserById(db, user.id)!.credit_score, user.credit_score + SIGN_IN_CREDIT);
  // Shanghai again, an hour later (still 03-02 there): already signed.
  assert.throws(() => signIn(db, user.id, SHANGHAI, now + 3_600_000), alreadySigned);

  // Shanghai's next day starts at 16:00Z: a new sign-in, and the streak is 2 (03-02, 03-03).
  const next = signIn(db, user.id, SHANGHAI, Date.parse('2026-03-02T16:00:00Z'));
  assert.deepEqual(next, { day: '2026-03-03', streak: 2, credit_score: user.credit_score + 2 * SIGN_IN_CREDIT });
  // One millisecond before Shanghai's midnight it is still 03-02: already signed.
  assert.throws(() => signIn(db, user.id, SHANGHAI, Date.parse('2026-03-02T15:59:59.999Z')), alreadySigned);
});

test('sign-in state: signed today by the sign-in zone; the streak ends today or, while today is open, yesterday', () => {
  const db = seededDb();
  const user = bareMerchant(db);
  const day = (d: string) => db.prepare('INSERT INTO sign_ins (user_id, day, created_at) VALUES (?, ?, ?)').run(user.id, d, `${d}T12:00:00.000Z`);
  ['2026-02-25', '2026-02-27', '2026-02-28', '2026-03-01'].forEach(day);
  const now = Date.parse('2026-03-01T23:30:00Z');
  assert.deepEqual(signInState(db, user.id, LA, now), { today: '2026-03-01', signedToday: true, streak: 3 });
  assert.deepEqual(signInState(db, user.id, SHANGHAI, now), { today: '2026-03-02', signedToday: false, streak: 3 });
  assert.deepEqual(signInState(db, user.id, SHANGHAI, Date.parse('2026-03-03T01:00:00Z')), { today: '2026-03-03', signedToday: false, streak: 0 });
  // The overview reports the X-TZ day's state, whatever zone it cuts its periods in.
  const s = statistics(db, findUserById(db, user.id)!, 'today', SHANGHAI, LA, now);
  assert.equal(s.signed_in_today, true);
  assert.equal(s.sign_in_streak, 3);
});

test('sign-in over HTTP: once per X-TZ day, the second answers already_signed; the overview shows it', async (t) => {
  const s = await startServer(t);
  const user = bareMerchant(s.db);
  const token = tokenFor(s.db, user.id);
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
  assert.equal(second.body.data.reason, Reason.ALREADY_SIGNED);
  assert.equal(second.body.msg, 'Already signed in today');

  const st = await s.request('/api/ad/order/data_statistics/list?type=today', { headers: { 'X-CT': token, 'X-TZ': tz } });
  assert.equal((st.body.data as Statistics).signed_in_today, true);
  assert.equal((st.body.data as Statistics).credit_score, user.credit_score + SIGN_IN_CREDIT);
  const info = await s.call('userInfo', {}, token);
  assert.equal(info.body.data.credit_score, user.credit_score + SIGN_IN_CREDIT);

  assert.equal((await s.post('/api/user/sign_in', {})).body.code, Code.NO_AUTH);
});

test('sign-in: 20 taps sent at once over HTTP, exactly one succeeds and the credit score rises by one (one process judges them in turn; the real race, across connections, is in concurrency.test.ts)', async (t) => {
  const s = await startServer(t);
  const user = bareMerchant(s.db);
  const token = tokenFor(s.db, user.id);
  const answers = await Promise.all(Array.from({ length: 20 }, () => s.post('/api/user/sign_in', {}, { 'X-CT': token, 'X-TZ': 'Asia/Shanghai; GMT+08:00' })));
  const ok = answers.filter((r) => r.body.code === 200);
  const refused = answers.filter((r) => r.body.code === Code.DATA && r.body.data.reason === Reason.ALREADY_SIGNED);
  assert.equal(ok.length, 1);
  assert.equal(refused.length, 19);
  assert.equal(findUserById(s.db, user.id)!.credit_score, user.credit_score + SIGN_IN_CREDIT);
  assert.equal((s.db.prepare('SELECT COUNT(*) AS n FROM sign_ins WHERE user_id = ?').get(user.id) as { n: number }).n, 1);
});
