/**
 * The ad centre's tables and reads: the shop levels, the daily check-ins (sign_ins) and the credit score they add,
 * plan follow (follow_records, follow_unfollows), the newcomer activities, the data overview's sums and the live
 * ticker's figures and newest events. Small queries; the rules stay in services/ad-center/, follow.ts and
 * activities.ts.
 */
import type { Insertable } from 'kysely';
import type { Db } from './engine';
import type { FollowUnfollowsTable } from './schema';

// ---------------------------------------------------------------------------------------------------------------
// Levels and the merchant's figures they are reached by

export interface LevelRow {
  level: number;
  kind: 'star' | 'vip';
  rank: number;
  min_credit_score: number;
  min_investment_cents: number;
  benefits: string;
}

/** The shop levels, lowest first. */
export async function listLevels(db: Db): Promise<LevelRow[]> {
  const rows = await db
    .selectFrom('levels')
    .select(['level', 'kind', 'rank', 'min_credit_score', 'min_investment_cents', 'benefits'])
    .orderBy('level')
    .execute();
  return rows as LevelRow[];
}

/** The merchant's credit score, or undefined when there is no such user. */
export async function findCreditScore(db: Db, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('credit_score').where('id', '=', userId).executeTakeFirst();
  return row?.credit_score;
}

/** Adds `points` to the merchant's credit score. */
export async function addCreditScore(db: Db, userId: number, points: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ credit_score: eb('credit_score', '+', points), updated_at: at }))
    .where('id', '=', userId)
    .execute();
}

/** Keeps users.level equal to the computed level (writes only when it differs). */
export async function setUserLevel(db: Db, userId: number, level: number): Promise<void> {
  await db.updateTable('users').set({ level }).where('id', '=', userId).where('level', '<>', level).execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Check-ins

/** The merchant's check-in days up to `lastDay`, newest first, at most `limit`. */
export async function signInDaysUpTo(db: Db, userId: number, lastDay: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sign_ins')
    .select('day')
    .where('user_id', '=', userId)
    .where('day', '<=', lastDay)
    .orderBy('day', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.day);
}

/** Records the check-in of `day`; false when that day has one already. */
export async function insertSignIn(db: Db, userId: number, day: string, at: string): Promise<boolean> {
  const row = await db
    .insertInto('sign_ins')
    .values({ user_id: userId, day, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('day')
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Plan follow

export interface FollowRow {
  id: number;
  proxy_id: string;
  nickname: string;
  created_at: string;
  /** The operator's nickname now, when they still exist. */
  current_nickname: string | null;
  /** Their plans in delivery now. */
  live_plans: number;
}

/** Follow records with the operator as they are now (a LEFT JOIN: a record outlives its operator). */
function followRecords(db: Db) {
  return db
    .selectFrom('follow_records as f')
    .leftJoin('users as u', 'u.proxy_id', 'f.proxy_id')
    .select((eb) => [
      'f.id',
      'f.proxy_id',
      'f.nickname',
      'f.created_at',
      'u.nickname as current_nickname',
      eb
        .selectFrom('plans as p')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.user_id', '=', 'u.id')
        .where('p.status', '=', 'puting')
        .as('live_plans'),
    ]);
}

const asFollowRow = (r: { live_plans: number | null } & Omit<FollowRow, 'live_plans'>): FollowRow => ({
  ...r,
  live_plans: r.live_plans ?? 0,
});

export async function countFollows(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('follow_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** One page of the merchant's follow records, newest first. */
export async function listFollowRecords(db: Db, userId: number, limit: number, offset: number): Promise<FollowRow[]> {
  const rows = await followRecords(db)
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(asFollowRow);
}

export async function findFollowRecordByProxy(db: Db, userId: number, proxyId: string): Promise<FollowRow | undefined> {
  const row = await followRecords(db)
    .where('f.user_id', '=', userId)
    .where('f.proxy_id', '=', proxyId)
    .executeTakeFirst();
  return row && asFollowRow(row);
}

/** The active merchant with this follow ID. */
export async function findActiveByProxyId(
  db: Db,
  proxyId: string,
): Promise<{ id: number; nickname: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'nickname'])
    .where('proxy_id', '=', proxyId)
    .where('state', '=', 'active')
    .executeTakeFirst();
}

/** Records a follow unless the merchant follows that ID already (the unique key (user_id, proxy_id) decides). */
export async function insertFollowRecord(
  db: Db,
  userId: number,
  proxyId: string,
  nickname: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('follow_records')
    .values({ user_id: userId, proxy_id: proxyId, nickname, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'proxy_id']).doNothing())
    .execute();
}

/** The merchant's own follow record `id`. */
export async function findOwnFollowRecord(
  db: Db,
  id: number,
  userId: number,
): Promise<{ id: number; proxy_id: string } | undefined> {
  return db
    .selectFrom('follow_records')
    .select(['id', 'proxy_id'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Removes the follow record; false when it was gone already (removed by another request meanwhile). */
export async function deleteFollowRecord(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('follow_records').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** What the unfollow request `requestId` of this merchant removed, if it ran. */
export async function findUnfollow(
  db: Db,
  userId: number,
  requestId: string,
): Promise<{ follow_id: number; proxy_id: string } | undefined> {
  return db
    .selectFrom('follow_unfollows')
    .select(['follow_id', 'proxy_id'])
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Keeps an unfollow request (its primary key (user_id, request_id) refuses the same request twice). */
export async function insertUnfollow(db: Db, row: Insertable<FollowUnfollowsTable>): Promise<void> {
  await db.insertInto('follow_unfollows').values(row).execute();
}

/** How many other merchants follow this follow ID (the overview's "operated"). */
export async function countFollowersOf(db: Db, proxyId: string, exceptUserId: number): Promise<number> {
  const row = await db
    .selectFrom('follow_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('proxy_id', '=', proxyId)
    .where('user_id', '<>', exceptUserId)
    .executeTakeFirstOrThrow();
  return row.n;
}

// ---------------------------------------------------------------------------------------------------------------
// Newcomer activities

export interface ActivityRow {
  id: number;
  kind: 'new_user_support' | 'display_discount';
  title: string;
  description: string;
  coupon_id: number;
  name: string;
  coupon_kind: string;
  amount_cents: number;
  requirement_cents: number;
  valid_days: number;
  new_user: number;
}

/** The active activities whose coupon template is active too. */
function activeActivities(db: Db) {
  return db
    .selectFrom('activities as a')
    .innerJoin('coupons as c', 'c.id', 'a.coupon_id')
    .select([
      'a.id',
      'a.kind',
      'a.title',
      'a.description',
      'a.coupon_id',
      'c.name',
      'c.kind as coupon_kind',
      'c.amount_cents',
      'c.requirement_cents',
      'c.valid_days',
      'c.new_user',
    ])
    .where('a.active', '=', 1)
    .where('c.active', '=', 1);
}

/** The active activities in their order. */
export async function listActiveActivities(db: Db): Promise<ActivityRow[]> {
  return (await activeActivities(db).orderBy('a.sort').orderBy('a.id').execute()) as ActivityRow[];
}

export async function findActiveActivity(db: Db, id: number): Promise<ActivityRow | undefined> {
  return (await activeActivities(db).where('a.id', '=', id).executeTakeFirst()) as ActivityRow | undefined;
}

/** The coupon template of activity `id`, active or not. */
export async function activityCouponId(db: Db, id: number): Promise<number | undefined> {
  return (await db.selectFrom('activities').select('coupon_id').where('id', '=', id).executeTakeFirst())?.coupon_id;
}

// ---------------------------------------------------------------------------------------------------------------
// The data overview

/** When the merchant's first plan was created, if any. */
export async function firstPlanCreatedAt(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.min('created_at').as('t'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.t ?? null;
}

export interface DeliverySums {
  impressions: number;
  clicks: number;
  consumed: number;
  revenue: number;
}

/** The merchant's hourly delivery rows summed over hours in [lo, hi) (ISO instants; lo '' for all time). */
export async function deliverySums(db: Db, userId: number, lo: string, hi: string): Promise<DeliverySums> {
  return db
    .selectFrom('plan_stats')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('impressions'), eb.lit(0)).as('impressions'),
      eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'),
      eb.fn.coalesce(eb.fn.sum<number>('consumed_cents'), eb.lit(0)).as('consumed'),
      eb.fn.coalesce(eb.fn.sum<number>('revenue_cents'), eb.lit(0)).as('revenue'),
    ])
    .where('user_id', '=', userId)
    .where('hour', '>=', lo)
    .where('hour', '<', hi)
    .executeTakeFirstOrThrow();
}

/** Impressions and clicks per hour (the hours that have rows) in [lo, hi). */
export async function hourlyTrend(
  db: Db,
  userId: number,
  lo: string,
  hi: string,
): Promise<{ hour: string; impressions: number; clicks: number }[]> {
  return db
    .selectFrom('plan_stats')
    .select((eb) => [
      'hour',
      eb.fn.sum<number>('impressions').as('impressions'),
      eb.fn.sum<number>('clicks').as('clicks'),
    ])
    .where('user_id', '=', userId)
    .where('hour', '>=', lo)
    .where('hour', '<', hi)
    .groupBy('hour')
    .execute();
}

/** The wallet's deposit and balance, or undefined without a wallet. */
export async function depositAndBalance(
  db: Db,
  userId: number,
): Promise<{ deposit_cents: number; balance_cents: number } | undefined> {
  return db
    .selectFrom('wallets')
    .select(['deposit_cents', 'balance_cents'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------------------
// The ticker: figures over every merchant, and the newest events with the name each merchant goes by

/** Active merchants with a session that has not expired at `nowMs`. */
export async function countOnline(db: Db, nowMs: number): Promise<number> {
  const row = await db
    .selectFrom('tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select((eb) => eb.fn.count<number>('t.user_id').distinct().as('n'))
    .where('t.expires_at', '>', nowMs)
    .where('u.state', '=', 'active')
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Over all plans: what the live ones still have to spend (`demand`), how many there are, what they earned. */
export async function planTotals(db: Db): Promise<{ demand: number; orders: number; earned: number }> {
  return db
    .selectFrom('plans')
    .select((eb) => [
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            eb
              .case()
              .when('status', 'in', ['matching', 'puting'])
              .then(eb('put_amount_cents', '-', eb.ref('consumed_cents')))
              .else(0)
              .end(),
          ),
          eb.lit(0),
        )
        .as('demand'),
      eb.fn.countAll<number>().as('orders'),
      eb.fn.coalesce(eb.fn.sum<number>('revenue_cents'), eb.lit(0)).as('earned'),
    ])
    .executeTakeFirstOrThrow();
}

/** The sum of every manual withdrawal's ledger amount (negative: money out). */
export async function manualWithdrawalSum(db: Db): Promise<number> {
  const row = await db
    .selectFrom('transaction_flow')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
    .where('type', '=', 'manual_withdrawal')
    .executeTakeFirstOrThrow();
  return row.cents;
}

/** An event of the ticker with the merchant's nickname and login name (the service decides which name shows). */
export interface TickerRow {
  row_id: number;
  nickname: string;
  username: string;
  amount_cents: number | null;
  at: string;
}

/** The newest active merchants created at or before `now`. */
export async function newestMerchants(db: Db, now: string, limit: number): Promise<TickerRow[]> {
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.nickname', 'u.username', 'u.created_at'])
    .where('u.state', '=', 'active')
    .where('u.created_at', '<=', now)
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    row_id: r.id,
    nickname: r.nickname,
    username: r.username,
    amount_cents: null,
    at: r.created_at,
  }));
}

/** The newest plans put for delivery (neither waiting nor failed) by active merchants, created at or before `now`. */
export async function newestPuts(db: Db, now: string, limit: number): Promise<TickerRow[]> {
  const rows = await db
    .selectFrom('plans as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'u.nickname', 'u.username', 'p.put_amount_cents', 'p.created_at'])
    .where('u.state', '=', 'active')
    .where('p.status', 'not in', ['waitPut', 'putFailed'])
    .where('p.created_at', '<=', now)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    row_id: r.id,
    nickname: r.nickname,
    username: r.username,
    amount_cents: r.put_amount_cents,
    at: r.created_at,
  }));
}

/** The newest manual withdrawals of active merchants at or before `now`; amount_cents is the money out (positive). */
export async function newestWithdrawals(db: Db, now: string, limit: number): Promise<TickerRow[]> {
  const rows = await db
    .selectFrom('transaction_flow as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'u.nickname', 'u.username', 'f.amount_cents', 'f.created_at'])
    .where('u.state', '=', 'active')
    .where('f.type', '=', 'manual_withdrawal')
    .where('f.created_at', '<=', now)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    row_id: r.id,
    nickname: r.nickname,
    username: r.username,
    amount_cents: -r.amount_cents,
    at: r.created_at,
  }));
}

export interface DailyEarningRow {
  plan_id: number;
  utc_day: string;
  nickname: string;
  username: string;
  cents: number;
}

/**
 * Each plan's revenue per UTC day (`YYYY-MM-DD`, the hour's first ten characters) over hours in [from, to), for the
 * active merchants, the days with revenue only: newest day first, then the largest.
 */
export async function dailyEarnings(db: Db, from: string, to: string, limit: number): Promise<DailyEarningRow[]> {
  return db
    .selectFrom('plan_stats as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => [
      's.plan_id',
      // Literals, not parameters, so the grouped expression is the selected one, word for word, on PostgreSQL.
      eb.fn<string>('substr', ['s.hour', eb.lit(1), eb.lit(10)]).as('utc_day'),
      'u.nickname',
      'u.username',
      eb.fn.sum<number>('s.revenue_cents').as('cents'),
    ])
    .where('s.hour', '>=', from)
    .where('s.hour', '<', to)
    .where('u.state', '=', 'active')
    .groupBy((eb) => [
      's.plan_id',
      eb.fn('substr', ['s.hour', eb.lit(1), eb.lit(10)]),
      'u.id',
      'u.nickname',
      'u.username',
    ])
    .having((eb) => eb.fn.sum('s.revenue_cents'), '>', 0)
    .orderBy('utc_day', 'desc')
    .orderBy('cents', 'desc')
    .limit(limit)
    .execute();
}
