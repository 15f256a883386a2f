/** Shared setup of the ad-centre node tests: bare merchants and plans and delivery rows the test writes itself. */
import type { TestContext } from 'node:test';
import type { Db } from '../storage/engine';
import { inTransaction } from '../storage/transaction';
import { createUser, findUserById, issueToken, type UserRow } from '../services/users';
import { seededStore } from './seeded-db';

let serial = 0;

/**
 * A seeded database of the test's own (levels, products, content), for service-level tests with a fixed clock,
 * on the suite's engine; closed (on PostgreSQL, dropped) when the test ends.
 */
export async function seededDb(t: Pick<TestContext, 'after'>): Promise<Db> {
  const store = await seededStore();
  t.after(() => store.close());
  return store.db;
}

/** A merchant with no plans, no delivery and no sign-ins: whatever a test sees, it wrote. */
export async function bareMerchant(db: Db, over: { nickname?: string; createdAt?: string } = {}): Promise<UserRow> {
  const username = `bare${process.pid}x${serial++}`;
  const user = await inTransaction(db, (trx) =>
    createUser(trx, {
      username,
      nickname: over.nickname ?? `Bare ${serial}`,
      password_hash: null,
      entry: 'register',
      lang: 'en',
      store_opened: true,
    }),
  );
  if (over.createdAt)
    await db.updateTable('users').set({ created_at: over.createdAt }).where('id', '=', user.id).execute();
  return (await findUserById(db, user.id))!;
}

export const tokenFor = async (db: Db, userId: number): Promise<string> =>
  (await issueToken(db, userId, 3600, Date.now())).token;

export interface PlanInput {
  putCents: number;
  createdAt: string;
  status?: string;
  consumedCents?: number;
  revenueCents?: number;
  productId?: number;
}

export async function addPlan(db: Db, userId: number, p: PlanInput): Promise<number> {
  const row = await db
    .insertInto('plans')
    .values({
      plan_no: `T${process.pid}x${serial++}`,
      user_id: userId,
      product_id: p.productId ?? 1,
      put_amount_cents: p.putCents,
      status: p.status ?? 'putFinished',
      lowest_put_cents: 0,
      highest_put_cents: 100_000_000,
      consumed_cents: p.consumedCents ?? 0,
      revenue_cents: p.revenueCents ?? 0,
      created_at: p.createdAt,
      updated_at: p.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface StatInput {
  hour: string;
  impressions: number;
  clicks: number;
  consumed: number;
  revenue: number;
}

export async function addStat(db: Db, planId: number, userId: number, s: StatInput): Promise<void> {
  await db
    .insertInto('plan_stats')
    .values({
      plan_id: planId,
      user_id: userId,
      hour: s.hour,
      impressions: s.impressions,
      clicks: s.clicks,
      consumed_cents: s.consumed,
      revenue_cents: s.revenue,
    })
    .execute();
}
