/** Shared setup of the ad-centre node tests: bare merchants and plans and delivery rows the test writes itself. */
import { stmt, type DB } from '../db/index';
import { createUser, findUserById, issueToken, type UserRow } from '../services/users';

let serial = 0;

/** A seeded in-memory database (levels, products, content), for service-level tests with a fixed clock. */
export { seededDb } from './seeded-db';

/** A merchant with no plans, no delivery and no sign-ins: whatever a test sees, it wrote. */
export function bareMerchant(db: DB, over: { nickname?: string; createdAt?: string } = {}): UserRow {
  const username = `bare${process.pid}x${serial++}`;
  const user = db.transaction(() => createUser(db, {
    username, nickname: over.nickname ?? `Bare ${serial}`, password_hash: null, entry: 'register', lang: 'en', store_opened: true,
  }))();
  if (over.createdAt) stmt(db, 'UPDATE users SET created_at = ? WHERE id = ?').run(over.createdAt, user.id);
  return findUserById(db, user.id)!;
}

export const tokenFor = (db: DB, userId: number) => issueToken(db, userId, 3600).token;

export interface PlanInput {
  putCents: number; createdAt: string; status?: string; consumedCents?: number; revenueCents?: number; productId?: number;
}

export function addPlan(db: DB, userId: number, p: PlanInput): number {
  const info = stmt(db, `INSERT INTO plans (plan_no, user_id, product_id, put_amount_cents, status, lowest_put_cents, highest_put_cents,
      consumed_cents, revenue_cents, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, 0, 100000000, ?, ?, ?, ?)`).run(
    `T${process.pid}x${serial++}`, userId, p.productId ?? 1, p.putCents, p.status ?? 'putFinished', p.consumedCents ?? 0,
    p.revenueCents ?? 0, p.createdAt, p.createdAt,
  );
  return Number(info.lastInsertRowid);
}

export interface StatInput { hour: string; impressions: number; clicks: number; consumed: number; revenue: number }

export function addStat(db: DB, planId: number, userId: number, s: StatInput): void {
  stmt(db, `INSERT INTO plan_stats (plan_id, user_id, hour, impressions, clicks, consumed_cents, revenue_cents)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(planId, userId, s.hour, s.impressions, s.clicks, s.consumed, s.revenue);
}
