/**
 * Shared setup of the plan node tests (plans-*.test.ts): a bare merchant on a real server, and the plans, coupons
 * and balance a test needs, written through the query builder so that whatever a test sees, it wrote.
 */
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { CallKey, ReqOf } from '../../src/api/calls';
import { endpointOf } from '../http/route';
import type { Db } from '../storage/engine';
import { bareMerchant, tokenFor } from './ad-center-support';
import { assertNoStack, startServer, type StartOptions, type TestServer } from './helpers';
import { topUp } from './plan-support';

export interface Shop {
  id: number;
  token: string;
}

export async function planServer(
  t: TestContext,
  opts: StartOptions = {},
): Promise<{ s: TestServer; m: Shop; other: Shop }> {
  const s = await startServer(t, opts);
  const shop = async (): Promise<Shop> => {
    const u = await bareMerchant(s.db);
    return { id: u.id, token: await tokenFor(s.db, u.id) };
  };
  return { s, m: await shop(), other: await shop() };
}

let serial = 0;
const HOUR = 3_600_000;

export interface PlanSpec {
  status?: string;
  createdAt?: string;
  lowest?: number;
  highest?: number;
  putCents?: number;
  official?: boolean;
  impressions?: number;
  clicks?: number;
  consumedCents?: number;
  revenueCents?: number;
  productId?: number;
}

/**
 * A plan of `userId` with its timeline's first row (waitPut at creation). A plan past waitPut is put at its
 * creation with no pace (sim_step_ms NULL), which the simulation leaves alone: it stays in the status the test
 * gave it, however long ago it was put.
 */
export async function addPlan(db: Db, userId: number, p: PlanSpec = {}): Promise<{ id: number; plan_no: string }> {
  const created = p.createdAt ?? new Date(Date.now() - HOUR).toISOString();
  const status = p.status ?? 'waitPut';
  const planNo = `P${process.pid}x${++serial}`;
  const put = status === 'waitPut' ? null : created;
  const { id } = await db
    .insertInto('plans')
    .values({
      plan_no: planNo,
      user_id: userId,
      product_id: p.productId ?? 1,
      put_amount_cents: p.putCents ?? 0,
      content: 'Content',
      rule: 'Rule',
      user_targeting: 'Targeting',
      official: p.official ? 1 : 0,
      status,
      lowest_put_cents: p.lowest ?? 10_000,
      highest_put_cents: p.highest ?? 100_000,
      impressions: p.impressions ?? 0,
      clicks: p.clicks ?? 0,
      consumed_cents: p.consumedCents ?? 0,
      revenue_cents: p.revenueCents ?? 0,
      put_at: put,
      sim_step_ms: null,
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('plan_events').values({ plan_id: id, status: 'waitPut', at: created }).execute();
  if (status !== 'waitPut') await db.insertInto('plan_events').values({ plan_id: id, status, at: created }).execute();
  return { id, plan_no: planNo };
}

/** Sets the merchant's balance to `cents`, through a top-up with its ledger row (plan-support's topUp). */
export async function fund(db: Db, userId: number, cents: number): Promise<void> {
  await topUp(db, userId, cents - (await balanceCents(db, userId)), Date.now());
}

export const balanceCents = async (db: Db, userId: number): Promise<number> =>
  (await db.selectFrom('wallets').select('balance_cents').where('user_id', '=', userId).executeTakeFirstOrThrow())
    .balance_cents;

export const ledger = (
  db: Db,
  userId: number,
): Promise<
  {
    type: string;
    amount_cents: number;
    balance_after_cents: number;
    remark: string | null;
    request_id: string | null;
  }[]
> =>
  db
    .selectFrom('transaction_flow')
    .select(['type', 'amount_cents', 'balance_after_cents', 'remark', 'request_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export interface CouponSpec {
  kind: string;
  amountCents: number;
  requirementCents?: number;
  state?: 'unused' | 'used' | 'expired';
  expireAt?: string;
}

/** A coupon template and the merchant's one coupon of it; the user coupon's id. */
export async function addCoupon(db: Db, userId: number, c: CouponSpec): Promise<number> {
  const tpl = await db
    .insertInto('coupons')
    .values({
      name: JSON.stringify({ en: `Test ${c.kind} ${++serial}` }),
      kind: c.kind,
      amount_cents: c.amountCents,
      requirement_cents: c.requirementCents ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = new Date();
  const expire = c.expireAt ?? new Date(now.getTime() + 7 * 24 * HOUR).toISOString();
  const row = await db
    .insertInto('user_coupons')
    .values({
      user_id: userId,
      coupon_id: tpl.id,
      state: c.state ?? 'unused',
      received_day: now.toISOString().slice(0, 10),
      received_at: now.toISOString(),
      expire_at: expire,
      used_at: c.state === 'used' ? now.toISOString() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let rids = 0;
export const rid = () => `put-${process.pid}-${++rids}-${Math.random().toString(36).slice(2, 8)}`;

/** A contract call through app.inject (no socket: many at once), answering the parsed envelope. */
export async function inject<K extends CallKey>(
  s: TestServer,
  key: K,
  input: Partial<ReqOf<K>> | Record<string, unknown>,
  token: string,
) {
  const def = endpointOf(key);
  const headers = { 'X-CT': token, 'X-TZ': 'Asia/Shanghai; GMT+08:00' };
  const r =
    def.method === 'GET'
      ? await s.app.inject({
          method: 'GET',
          url: `/api${def.path}`,
          query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
          headers,
        })
      : await s.app.inject({ method: 'POST', url: `/api${def.path}`, payload: input as object, headers });
  assert.equal(r.statusCode, 200, r.body);
  assertNoStack(r.body);
  return JSON.parse(r.body) as { code: number; msg: string; data: any };
}
