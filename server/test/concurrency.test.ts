/**
 * The once-only rules under real races: several connections to one database (worker threads, as several server
 * processes would be: on SQLite a file, on PostgreSQL a database of the test's own) call the service at the same
 * instant. The HTTP tests that send 20 requests at once race less (one process, one SQLite connection, judges them
 * one after another); these race for real, and they show the rule still holds: an exclusive transaction or a row
 * lock serializes the check and the write, and the unique indexes stand behind it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { SIGN_IN_CREDIT } from '../../src/api/shapes/ad-center';
import { openPostgres, openSqliteFile, sqliteStore, type Db, type Store } from '../storage/engine';
import { isUniqueViolation } from '../storage/errors';
import { inTransaction } from '../storage/transaction';
import { ledgerMismatches } from '../storage/wallet';
import { seedMerchantData } from '../seed/seed';
import { prepareDatabase } from '../prepare-database';
import { WALLET_KINDS } from '../services/coupons';
import { findUserById } from '../services/users';
import { bindSampleCard, SAMPLE_CARDS } from '../seed/seed-wallet';
import { testPayPasswordHash } from './fixture-cost';
import { bareMerchant, tokenFor } from './ad-center-support';
import { topUp } from './plan-support';
import { postgresTestStore, testingOnPostgres } from './postgres-test';
import { RacePool, verdicts, type RaceTarget } from './race';

const RACERS = 6;
const TZ = 'Asia/Shanghai; GMT+08:00';

let dir: string | undefined;
let target: RaceTarget;
let store: Store;
let db: Db;
let pool: RacePool;

before(async () => {
  if (testingOnPostgres()) {
    const own = await postgresTestStore();
    store = own;
    target = { url: own.url };
  } else {
    dir = mkdtempSync(join(tmpdir(), 'ma-race-'));
    const path = join(dir, 'race.db');
    store = await prepareDatabase({ path });
    target = { path };
  }
  db = store.db;
  pool = await RacePool.start(RACERS);
});
after(async () => {
  await pool?.close();
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A second connection to the racers' database, as another server process would hold. */
const otherConnection = (): Promise<Store> =>
  'url' in target
    ? openPostgres({ url: target.url, poolSize: 1 })
    : Promise.resolve(sqliteStore(openSqliteFile(target.path)));

const activityId = async (kind: string) =>
  db.selectFrom('activities').select(['id', 'coupon_id']).where('kind', '=', kind).executeTakeFirstOrThrow();
const discountCents = async (userId: number) =>
  (await db.selectFrom('wallets').select('discount_cents').where('user_id', '=', userId).executeTakeFirstOrThrow())
    .discount_cents;
const couponsHeld = async (userId: number, couponId: number) =>
  (
    await db
      .selectFrom('user_coupons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('coupon_id', '=', couponId)
      .executeTakeFirstOrThrow()
  ).n;

/** A merchant with the demo's kind of coupons (some share a name), seeded at `now`. */
async function merchantWithCoupons(now: number): Promise<number> {
  const user = await bareMerchant(db);
  await inTransaction(db, (trx) => seedMerchantData(trx, user.id, new Date(now).toISOString()));
  return user.id;
}

/** The merchant's unused, unexpired wallet coupons (with their template's name and amount), by name then id. */
async function walletCoupons(userId: number, now: number) {
  return db
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .select(['uc.id', 'c.name', 'c.amount_cents'])
    .where('uc.user_id', '=', userId)
    .where('uc.state', '=', 'unused')
    .where('uc.expire_at', '>', new Date(now).toISOString())
    .where('c.kind', 'in', WALLET_KINDS)
    .orderBy('c.name')
    .orderBy('uc.id')
    .execute();
}

test(`new_user_support from ${RACERS} connections at once, each with its own request_id: one coupon, the rest coupon_received`, async () => {
  const user = await bareMerchant(db);
  const a = await activityId('new_user_support');
  const got = verdicts(
    await pool.race(target, { kind: 'activityReceive', userId: user.id, activityId: a.id, tz: TZ, nowMs: Date.now() }),
  );
  assert.equal(got.filter((v) => v === 'ok').length, 1, got.join());
  assert.ok(
    got.every((v) => v === 'ok' || v === 'coupon_received'),
    got.join(),
  );
  assert.equal(await couponsHeld(user.id, a.coupon_id), 1);
});

test(`display_discount from ${RACERS} connections at once: one per local day, the rest coupon_daily_limit`, async () => {
  const user = await bareMerchant(db);
  const a = await activityId('display_discount');
  const got = verdicts(
    await pool.race(target, { kind: 'activityReceive', userId: user.id, activityId: a.id, tz: TZ, nowMs: Date.now() }),
  );
  assert.equal(got.filter((v) => v === 'ok').length, 1, got.join());
  assert.ok(
    got.every((v) => v === 'ok' || v === 'coupon_daily_limit'),
    got.join(),
  );
  assert.equal(await couponsHeld(user.id, a.coupon_id), 1);
});

test(`two same-name coupons received from ${RACERS} connections at once: one is used and credited once`, async () => {
  const now = Date.now();
  const userId = await merchantWithCoupons(now);
  const held = await walletCoupons(userId, now);
  // The first two (by name, then id) of the names held at least twice.
  const shared = new Set(held.filter((c) => held.filter((d) => d.name === c.name).length >= 2).map((c) => c.name));
  const pair = held.filter((c) => shared.has(c.name)).slice(0, 2);
  assert.equal(pair.length, 2, 'the seed holds two unused wallet coupons of one name');
  const before = await discountCents(userId);
  const got = verdicts(
    await pool.race(target, { kind: 'couponReceive', userId, couponIds: pair.map((c) => c.id), tz: TZ, nowMs: now }),
  );
  assert.equal(got.filter((v) => v === 'ok').length, 1, got.join());
  assert.ok(
    got.every((v) => v === 'ok' || v === 'coupon_daily_limit' || v === 'coupon_used'),
    got.join(),
  );
  const used = await db
    .selectFrom('user_coupons')
    .select('id')
    .where('id', 'in', [pair[0].id, pair[1].id])
    .where('state', '=', 'used')
    .execute();
  assert.equal(used.length, 1);
  assert.equal(await discountCents(userId), before + pair[0].amount_cents);
});

test(`one coupon with one request_id from ${RACERS} connections at once: every answer is that coupon, credited once`, async () => {
  const now = Date.now();
  const userId = await merchantWithCoupons(now);
  const c = (await walletCoupons(userId, now)).find((x) => x.amount_cents > 0)!;
  const before = await discountCents(userId);
  const outcomes = await pool.race(target, {
    kind: 'couponReceive',
    userId,
    couponIds: [c.id],
    tz: TZ,
    nowMs: now,
    requestId: `same-key-${userId}`,
  });
  assert.deepEqual(verdicts(outcomes), Array(RACERS).fill('ok'));
  for (const o of outcomes) assert.deepEqual(o, outcomes[0]);
  assert.equal(await discountCents(userId), before + c.amount_cents);
});

test(`sign-in from ${RACERS} connections at once: exactly one, the credit score rises once`, async () => {
  const user = await bareMerchant(db);
  const got = verdicts(await pool.race(target, { kind: 'signIn', userId: user.id, tz: TZ, nowMs: Date.now() }));
  assert.equal(got.filter((v) => v === 'ok').length, 1, got.join());
  assert.ok(
    got.every((v) => v === 'ok' || v === 'already_signed'),
    got.join(),
  );
  assert.equal((await findUserById(db, user.id))!.credit_score, user.credit_score + SIGN_IN_CREDIT);
  assert.equal((await db.selectFrom('sign_ins').select('day').where('user_id', '=', user.id).execute()).length, 1);
});

test(`withdrawals from ${RACERS} connections at once against the level's daily limit: exactly the ones within it`, async () => {
  const user = await bareMerchant(db); // level 1: 1,000.00 a day
  await db
    .updateTable('users')
    .set({ startup_funds_returned: 1, pay_password_hash: testPayPasswordHash('246810') })
    .where('id', '=', user.id)
    .execute();
  await bindSampleCard(db, user.id, SAMPLE_CARDS.bank, new Date().toISOString());
  await topUp(db, user.id, 1_000_000, Date.now() - 60_000);
  const token = await tokenFor(db, user.id);
  const got = verdicts(
    await pool.race(target, { kind: 'withdraw', userId: user.id, amount: '300.00', tz: TZ, nowMs: Date.now(), token }),
  );
  assert.equal(got.filter((v) => v === 'ok').length, 3, got.join());
  assert.ok(
    got.every((v) => v === 'ok' || v === 'withdraw_limit_exceeded'),
    got.join(),
  );
  const rows = await db
    .selectFrom('transaction_flow')
    .select('id')
    .where('user_id', '=', user.id)
    .where('type', '=', 'manual_withdrawal')
    .execute();
  assert.equal(rows.length, 3);
  assert.deepEqual(await ledgerMismatches(db), []);
});

test(`one withdrawal with one request_id from ${RACERS} connections at once: it moves the money once, every answer is its row`, async () => {
  const user = await bareMerchant(db);
  await db
    .updateTable('users')
    .set({ startup_funds_returned: 1, pay_password_hash: testPayPasswordHash('246810') })
    .where('id', '=', user.id)
    .execute();
  await bindSampleCard(db, user.id, SAMPLE_CARDS.bank, new Date().toISOString());
  await topUp(db, user.id, 100_000, Date.now() - 60_000);
  const token = await tokenFor(db, user.id);
  const outcomes = await pool.race(target, {
    kind: 'withdraw',
    userId: user.id,
    amount: '100.00',
    tz: TZ,
    nowMs: Date.now(),
    token,
    requestId: `same-withdrawal-${user.id}`,
  });
  assert.deepEqual(verdicts(outcomes), Array(RACERS).fill('ok'));
  const flows = outcomes.map((o) => (o.ok ? (o.value as { flow: { id: number; balance_after: string } }).flow : null));
  assert.equal(new Set(flows.map((f) => f!.id)).size, 1);
  assert.ok(flows.every((f) => f!.balance_after === '900.00'));
  const rows = await db
    .selectFrom('transaction_flow')
    .select('id')
    .where('user_id', '=', user.id)
    .where('type', '=', 'manual_withdrawal')
    .execute();
  assert.equal(rows.length, 1);
  assert.deepEqual(await ledgerMismatches(db), []);
});

test(`one single-use acceptance code from ${RACERS} connections at once, by three merchants: one order, the rest acceptance_code_error`, async () => {
  const merchants = [await bareMerchant(db), await bareMerchant(db), await bareMerchant(db)];
  const got = verdicts(
    await pool.race(target, {
      kind: 'accept',
      userIds: merchants.map((m) => m.id),
      type: 'enterprise',
      code: 'fx-e-2003',
      nowMs: Date.now(),
    }),
  );
  assert.equal(got.filter((v) => v === 'ok').length, 1, got.join());
  assert.ok(
    got.every((v) => v === 'ok' || v === 'acceptance_code_error'),
    got.join(),
  );
  const code = await db
    .selectFrom('acceptance_codes')
    .select('id')
    .where('code', '=', 'FX-E-2003')
    .executeTakeFirstOrThrow();
  assert.equal(
    (await db.selectFrom('acceptor_orders').select('id').where('code_id', '=', code.id).execute()).length,
    1,
  );
});

test(`a reusable acceptance code from ${RACERS} connections at once, by one merchant: every one opens, one stays current`, async () => {
  const m = await bareMerchant(db);
  const got = verdicts(
    await pool.race(target, {
      kind: 'accept',
      userIds: [m.id],
      type: 'personal',
      code: 'FX-PERSONAL-2026',
      nowMs: Date.now(),
    }),
  );
  assert.deepEqual(got, Array(RACERS).fill('ok'));
  const accepting = await db
    .selectFrom('acceptor_orders')
    .select('id')
    .where('user_id', '=', m.id)
    .where('state', '=', 'accepting')
    .execute();
  assert.equal(accepting.length, 1);
});

test(`follow from ${RACERS} connections at once: one record, every answer is it`, async () => {
  const me = await bareMerchant(db);
  const op = await bareMerchant(db);
  const outcomes = await pool.race(target, {
    kind: 'follow',
    userId: me.id,
    ownProxyId: me.proxy_id,
    proxyId: op.proxy_id,
    nowMs: Date.now(),
  });
  assert.deepEqual(verdicts(outcomes), Array(RACERS).fill('ok'));
  const ids = new Set(outcomes.map((o) => (o.ok ? (o.value as { id: number }).id : null)));
  assert.equal(ids.size, 1);
  assert.equal((await db.selectFrom('follow_records').select('id').where('user_id', '=', me.id).execute()).length, 1);
});

test('the unique indexes stand behind the rules on their own: a second connection cannot write the same day twice', async () => {
  const user = await bareMerchant(db);
  const other = await otherConnection();
  try {
    const day = '2031-01-01';
    const signIn = { user_id: user.id, day, created_at: new Date().toISOString() };
    await db.insertInto('sign_ins').values(signIn).execute();
    await assert.rejects(other.db.insertInto('sign_ins').values(signIn).execute(), (err) => isUniqueViolation(err));
    const a = await activityId('display_discount');
    const grant = { user_id: user.id, coupon_id: a.coupon_id, received_day: day, received_at: '', expire_at: '' };
    await db.insertInto('user_coupons').values(grant).execute();
    await assert.rejects(other.db.insertInto('user_coupons').values(grant).execute(), (err) => isUniqueViolation(err));
  } finally {
    await other.close();
  }
});
