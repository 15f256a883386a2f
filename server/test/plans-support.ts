/**
 * Shared setup of the plan node tests (plans-*.test.ts): a bare merchant on a real server, and the plans, coupons
 * and balance a test needs, written with direct SQL so that whatever a test sees, it wrote.
 */
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { CallKey, ReqOf } from '../../src/api/calls';
import { endpointOf } from '../http/route';
import { stmt, type DB } from '../db/index';
import { bareMerchant, tokenFor } from './ad-center-support';
import { assertNoStack, startServer, type StartOptions, type TestServer } from './helpers';
import { topUp } from './plan-support';

export interface Shop { id: number; token: string }

export async function planServer(t: TestContext, opts: StartOptions = {}): Promise<{ s: TestServer; m: Shop; other: Shop }> {
  const s = await startServer(t, opts);
  const shop = (): Shop => {
    const u = bareMerchant(s.db);
    return { id: u.id, token: tokenFor(s.db, u.id) };
  };
  return { s, m: shop(), other: shop() };
}

let serial = 0;
const HOUR = 3_600_000;

export interface PlanSpec {
  status?: string; createdAt?: string; lowest?: number; highest?: number; putCents?: number; official?: boolean;
  impressions?: number; clicks?: number; consumedCents?: number; revenueCents?: number; productId?: number;
}

/**
 * A plan of `userId` with its timeline's first row (waitPut at creation). A plan past waitPut is put at its
 * creation with no pace (sim_step_ms NULL), which the simulation leaves alone: it stays in the status the test
 * gave it, however long ago it was put.
 */
export function addPlan(db: DB, userId: number, p: PlanSpec = {}): { id: number; plan_no: string } {
  const created = p.createdAt ?? new Date(Date.now() - HOUR).toISOString();
  const status = p.status ?? 'waitPut';
  const planNo = `P${process.pid}x${++serial}`;
  const put = status === 'waitPut' ? null : created;
  const id = Number(stmt(db, `INSERT INTO plans (plan_no, user_id, product_id, put_amount_cents, content, rule, user_targeting, official,
      status, lowest_put_cents, highest_put_cents, impressions, clicks, consumed_cents, revenue_cents, put_at, sim_step_ms,
      created_at, updated_at)
    VALUES (?, ?, ?, ?, 'Content', 'Rule', 'Targeting', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    planNo, userId, p.productId ?? 1, p.putCents ?? 0, p.official ? 1 : 0, status, p.lowest ?? 10_000, p.highest ?? 100_000,
    p.impressions ?? 0, p.clicks ?? 0, p.consumedCents ?? 0, p.revenueCents ?? 0, put, null, created, created,
  ).lastInsertRowid);
  stmt(db, 'INSERT INTO plan_events (plan_id, status, at) VALUES (?, ?, ?)').run(id, 'waitPut', created);
  if (status !== 'waitPut') stmt(db, 'INSERT INTO plan_events (plan_id, status, at) VALUES (?, ?, ?)').run(id, status, created);
  return { id, plan_no: planNo };
}

/** Sets the merchant's balance to `cents`, through a top-up with its ledger row (plan-support's topUp). */
export function fund(db: DB, userId: number, cents: number): void {
  topUp(db, userId, cents - balanceCents(db, userId), Date.now());
}

export const balanceCents = (db: DB, userId: number): number =>
  stmt<{ balance_cents: number }>(db, 'SELECT balance_cents FROM wallets WHERE user_id = ?').get(userId)!.balance_cents;

export const ledger = (db: DB, userId: number) =>
  stmt<{ type: string; amount_cents: number; balance_after_cents: number; remark: string | null; request_id: string | null }>(db,
    'SELECT type, amount_cents, balance_after_cents, remark, request_id FROM transaction_flow WHERE user_id = ? ORDER BY id').all(userId);

export interface CouponSpec {
  kind: string; amountCents: number; requirementCents?: number; state?: 'unused' | 'used' | 'expired'; expireAt?: string;
}

/** A coupon template and the merchant's one coupon of it; the user coupon's id. */
export function addCoupon(db: DB, userId: number, c: CouponSpec): number {
  const tpl = Number(stmt(db, 'INSERT INTO coupons (name, kind, amount_cents, requirement_cents) VALUES (?, ?, ?, ?)')
    .run(JSON.stringify({ en: `Test ${c.kind} ${++serial}` }), c.kind, c.amountCents, c.requirementCents ?? 0).lastInsertRowid);
  const now = new Date();
  const expire = c.expireAt ?? new Date(now.getTime() + 7 * 24 * HOUR).toISOString();
  return Number(stmt(db, `INSERT INTO user_coupons (user_id, coupon_id, state, received_day, received_at, expire_at, used_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
    userId, tpl, c.state ?? 'unused', now.toISOString().slice(0, 10), now.toISOString(), expire,
    c.state === 'used' ? now.toISOString() : null,
  ).lastInsertRowid);
}

let rids = 0;
export const rid = () => `put-${process.pid}-${++rids}-${Math.random().toString(36).slice(2, 8)}`;

/** A contract call through app.inject (no socket: many at once), answering the parsed envelope. */
export async function inject<K extends CallKey>(s: TestServer, key: K, input: Partial<ReqOf<K>> | Record<string, unknown>, token: string) {
  const def = endpointOf(key);
  const headers = { 'X-CT': token, 'X-TZ': 'Asia/Shanghai; GMT+08:00' };
  const r = def.method === 'GET'
    ? await s.app.inject({ method: 'GET', url: `/api${def.path}`, query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])), headers })
    : await s.app.inject({ method: 'POST', url: `/api${def.path}`, payload: input as object, headers });
  assert.equal(r.statusCode, 200, r.body);
  assertNoStack(r.body);
  return JSON.parse(r.body) as { code: number; msg: string; data: any };
}
