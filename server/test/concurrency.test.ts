/**
 * The once-only rules under real races: several connections to one database file (worker threads, as several
 * server processes would be) call the service at the same instant. The HTTP tests that send 20 requests at once
 * cannot race (one process judges them one after another); these can, and they show the rule still holds: an
 * immediate transaction serializes the check and the write, and the unique indexes stand behind it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { SIGN_IN_CREDIT } from '../../src/api/shapes/ad-center';
import { open, type DB } from '../db/index';
import { seedMerchantData } from '../seed/seed';
import { prepareDatabase } from '../prepare-database';
import { WALLET_KINDS_SQL } from '../services/coupons';
import { findUserById } from '../services/users';
import { bindSampleCard, payPasswordHashSync, SAMPLE_CARDS } from '../seed/seed-wallet';
import { bareMerchant, tokenFor } from './ad-center-support';
import { topUp } from './plan-support';
import { RacePool, verdicts } from './race';

const RACERS = 6;
const TZ = 'Asia/Shanghai; GMT+08:00';

let dir: string;
let path: string;
let db: DB;
let pool: RacePool;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ma-race-'));
  path = join(dir, 'race.db');
  db = prepareDatabase(path);
  pool = await RacePool.start(RACERS);
});
after(async () => {
  await pool?.close();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n;
const activityId = (kind: string) => (db.prepare('SELECT id, coupon_id FROM activities WHERE kind = ?').get(kind) as { id: number; coupon_id: number });
const discountCents = (userId: number) => (db.prepare('SELECT discount_cents FROM wallets WHERE user_id = ?').get(userId) as { discount_cents: number }).discount_cents;

/** A merchant with the demo's kind of coupons (some share a name), seeded at `now`. */
function merchantWithCoupons(now: number): number {
  const user = bareMerchant(db);
  db.transaction(() => seedMerchantData(db, user.id, new Date(now).toISOString()))();
  return user.id;
}

test(`new_user_support from ${RACERS} connections at once, each with its own request_id: one coupon, the rest coupon_received`, async () => {
  const user = bareMerchant(db);
  const a = activityId('new_user_support');
  const got = verdicts(await pool.race(path, { kind: 'activityReceive', userId: user.id, activityId: a.id, tz: TZ, nowMs: Date.now() }));
  assert.equal(got.filter((v) => v === 'ok').length, 1, got.join());
  assert.ok(got.every((v) => v === 'ok' || v === 'coupon_received'), got.join());
  assert.equal(count('SELECT COUNT(*) AS n FROM user_coupons WHERE user_id = ? AND coupon_id = ?', user.id, a.coupon_id), 1);
});

test(`display_discount from ${RACERS} connections at once: one per local day, the rest coupon_daily_limit`, async () => {
  const user = bareMerchant(db);
  const a = activityId('display_discount');
  const got = verdicts(await pool.race(path, { kind: 'activityReceive', userId: user.id, activityId: a.id, tz: TZ, nowMs: Date.now() }));
  assert.equal(got.filter((v) => v === 'ok').length, 1, got.join());
  assert.ok(got.every((v) => v === 'ok' || v === 'coupon_daily_limit'), got.join());
  assert.equal(count('SELECT COUNT(*) AS n FROM user_coupons WHERE user_id = ? AND coupon_id = ?', user.id, a.coupon_id), 1);
});

test(`two same-name coupons received from ${RACERS} connections at once: one is used and credited once`, async () => {
  const now = Date.now();
  const userId = merchantWithCoupons(now);
  const pair = db.prepare(`SELECT uc.id, c.amount_cents FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
    WHERE uc.user_id = ? AND uc.state = 'unused' AND uc.expire_at > ? AND c.kind IN (${WALLET_KINDS_SQL})
      AND c.name IN (SELECT c2.name FROM user_coupons u2 JOIN coupons c2 ON c2.id = u2.coupon_id
        WHERE u2.user_id = uc.user_id AND u2.state = 'unused' AND u2.expire_at > ? AND c2.kind IN (${WALLET_KINDS_SQL}) GROUP BY c2.name HAVING COUNT(*) >= 2)
    ORDER BY c.name, uc.id LIMIT 2`).all(userId, new Date(now).toISOString(), new Date(now).toISOString()) as { id: number; amount_cents: number }[];
  assert.equal(pair.length, 2, 'the seed holds two unused wallet coupons of one name');
  const before = discountCents(userId);
  const got = verdicts(await pool.race(path, { kind: 'couponReceive', userId, couponIds: pair.map((c) => c.id), tz: TZ, nowMs: now }));
  assert.equal(got.filter((v) => v === 'ok').length, 1, got.join());
  assert.ok(got.every((v) => v === 'ok' || v === 'coupon_daily_limit' || v === 'coupon_used'), got.join());
  assert.equal(count(`SELECT COUNT(*) AS n FROM user_coupons WHERE id IN (?, ?) AND state = 'used'`, pair[0]!.id, pair[1]!.id), 1);
  assert.equal(discountCents(userId), before + pair[0]!.amount_cents);
});

test(`one coupon with one request_id from ${RACERS} connections at once: every answer is that coupon, credited once`, async () => {
  const now = Date.now();
  const userId = merchantWithCoupons(now);
  const c = db.prepare(`SELECT uc.id, c.amount_cents FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
    WHERE uc.user_id = ? AND uc.state = 'unused' AND uc.expire_at > ? AND c.kind IN (${WALLET_KINDS_SQL}) AND c.amount_cents > 0 LIMIT 1`)
    .get(userId, new Date(now).toISOString()) as { id: number; amount_cents: number };
  const before = discountCents(userId);
  const outcomes = await pool.race(path, { kind: 'couponReceive', userId, couponIds: [c.id], tz: TZ, nowMs: now, requestId: `same-key-${userId}` });
  assert.deepEqual(verdicts(outcomes), Array(RACERS).fill('ok'));
  for (const o of outcomes) assert.deepEqual(o, outcomes[0]);
  assert.equal(discountCents(userId), before + c.amount_cents);
});

test(`sign-in from ${RACERS} connections at once: exactly one, the credit score rises once`, async () => {
  const user = bareMerchant(db);
  const got = verdicts(await pool.race(path, { kind: 'signIn', userId: user.id, tz: TZ, nowMs: Date.now() }));
  assert.equal(got.filter((v) => v === 'ok').length, 1, got.join());
  assert.ok(got.every((v) => v === 'ok' || v === 'already_signed'), got.join());
  assert.equal(findUserById(db, user.id)!.credit_score, user.credit_score + SIGN_IN_CREDIT);
  assert.equal(count('SELECT COUNT(*) AS n FROM sign_ins WHERE user_id = ?', user.id), 1);
});

test(`withdrawals from ${RACERS} connections at once against the level's daily limit: exactly the ones within it`, async () => {
  const user = bareMerchant(db); // level 1: 1,000.00 a day
  db.prepare('UPDATE users SET startup_funds_returned = 1, pay_password_hash = ? WHERE id = ?').run(payPasswordHashSync('246810'), user.id);
  bindSampleCard(db, user.id, SAMPLE_CARDS.bank, new Date().toISOString());
  topUp(db, user.id, 1_000_000, Date.now() - 60_000);
  const token = tokenFor(db, user.id);
  const got = verdicts(await pool.race(path, { kind: 'withdraw', userId: user.id, amount: '300.00', tz: TZ, nowMs: Date.now(), token }));
  assert.equal(got.filter((v) => v === 'ok').length, 3, got.join());
  assert.ok(got.every((v) => v === 'ok' || v === 'withdraw_limit_exceeded'), got.join());
  assert.equal(count("SELECT COUNT(*) AS n FROM transaction_flow WHERE user_id = ? AND type = 'manual_withdrawal'", user.id), 3);
});

test(`follow from ${RACERS} connections at once: one record, every answer is it`, async () => {
  const me = bareMerchant(db);
  const op = bareMerchant(db);
  const outcomes = await pool.race(path, { kind: 'follow', userId: me.id, ownProxyId: me.proxy_id, proxyId: op.proxy_id, nowMs: Date.now() });
  assert.deepEqual(verdicts(outcomes), Array(RACERS).fill('ok'));
  const ids = new Set(outcomes.map((o) => (o.ok ? (o.value as { id: number }).id : null)));
  assert.equal(ids.size, 1);
  assert.equal(count('SELECT COUNT(*) AS n FROM follow_records WHERE user_id = ?', me.id), 1);
});

test('the unique indexes stand behind the rules on their own: a second connection cannot write the same day twice', () => {
  const user = bareMerchant(db);
  const other = open(path);
  try {
    const day = '2031-01-01';
    const signIn = 'INSERT INTO sign_ins (user_id, day, created_at) VALUES (?, ?, ?)';
    db.prepare(signIn).run(user.id, day, new Date().toISOString());
    assert.throws(() => other.prepare(signIn).run(user.id, day, new Date().toISOString()), { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    const a = activityId('display_discount');
    const grant = `INSERT INTO user_coupons (user_id, coupon_id, received_day, received_at, expire_at) VALUES (?, ?, ?, '', '')`;
    db.prepare(grant).run(user.id, a.coupon_id, day);
    assert.throws(() => other.prepare(grant).run(user.id, a.coupon_id, day), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
  } finally {
    other.close();
  }
});
