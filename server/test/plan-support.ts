/**
 * Shared setup of the plan simulation's node tests: a put made by the put call's own service (services/plans/put.ts:
 * one transaction that takes what was paid from the balance with its `ad_serving` row, uses the coupon and starts
 * matching), without going through HTTP, and the books the invariants are checked on.
 */
import { stmt, type DB } from '../db/index';
import { DEFAULT_FAIL_PERCENT } from '../services/plans/pace';
import { planSchedule, type Schedule } from '../services/plans/schedule';
import { putPlan } from '../services/plans/put';
import { toBeConsumedCents } from '../services/wallet';
import { fromCents } from '../../src/lib/money';

let serial = 0;

export interface TestPut {
  putCents: number; atMs: number; stepMs: number;
  /** The put coupon it uses (its reduction is the coupon's, as the put reckons it). */
  userCouponId?: number;
  /** A plan id to insert it under (to pick a schedule). */
  id?: number;
}

/** A waiting plan (its range just the amount), then put through the put's own service at `atMs`: returns its id. */
export function putTestPlan(db: DB, userId: number, p: TestPut): number {
  const created = new Date(p.atMs - 60_000).toISOString();
  const id = Number(stmt(db, `INSERT INTO plans (id, plan_no, user_id, product_id, status, lowest_put_cents, highest_put_cents, created_at, updated_at)
    VALUES (?, ?, ?, 1, 'waitPut', 1, ?, ?, ?)`).run(p.id ?? null, `SIM${process.pid}x${++serial}`, userId, p.putCents, created, created).lastInsertRowid);
  stmt(db, "INSERT INTO plan_events (plan_id, status, at) VALUES (?, 'waitPut', ?)").run(id, created);
  putPlan(db, userId, { id, amount: fromCents(p.putCents), official: false, coupon_id: p.userCouponId, request_id: `test-put-${id}` }, new Date(p.atMs), p.stepMs);
  return id;
}

/** Sets a merchant's balance with the ledger row that explains it (from an empty ledger: the row is the balance). */
export function topUp(db: DB, userId: number, cents: number, atMs: number): void {
  const at = new Date(atMs).toISOString();
  stmt(db, 'UPDATE wallets SET balance_cents = balance_cents + ? WHERE user_id = ?').run(cents, userId);
  stmt(db, `INSERT INTO transaction_flow (user_id, type, amount_cents, balance_after_cents, remark, created_at)
    VALUES (?, 'system_topup', ?, (SELECT balance_cents FROM wallets WHERE user_id = ?), 'Test', ?)`).run(userId, cents, userId, at);
}

export interface Books {
  balance: number; toBeConsumed: number; toBeSettled: number; total: number;
  ledgerSum: number; lastBalanceAfter: number | null; ledgerRows: number;
}

/** The merchant's books: the wallet, the derived figure and the ledger (read in time order, as the wallet screen would). */
export function books(db: DB, userId: number): Books {
  const w = stmt<{ balance_cents: number; to_be_settled_cents: number }>(db, 'SELECT balance_cents, to_be_settled_cents FROM wallets WHERE user_id = ?').get(userId)!;
  const toBeConsumed = toBeConsumedCents(db, userId);
  const l = stmt<{ s: number | null; n: number }>(db, 'SELECT SUM(amount_cents) AS s, COUNT(*) AS n FROM transaction_flow WHERE user_id = ?').get(userId)!;
  const last = stmt<{ b: number }>(db, 'SELECT balance_after_cents AS b FROM transaction_flow WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1').get(userId);
  return {
    balance: w.balance_cents, toBeConsumed, toBeSettled: w.to_be_settled_cents, total: w.balance_cents + toBeConsumed + w.to_be_settled_cents,
    ledgerSum: l.s ?? 0, lastBalanceAfter: last?.b ?? null, ledgerRows: l.n,
  };
}

/** A free plan id (from `from` on) whose schedule, at the default failure share, passes `pick`. */
export function planIdWhere(db: DB, pick: (s: Schedule) => boolean, from = 20_000): number {
  for (let id = from; ; id++) if (pick(planSchedule(id, DEFAULT_FAIL_PERCENT)) && !stmt(db, 'SELECT 1 FROM plans WHERE id = ?').get(id)) return id;
}
