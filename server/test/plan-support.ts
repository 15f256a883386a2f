/**
 * Shared setup of the plan simulation's node tests: a put made by the put call's own service (services/plans/put.ts:
 * one transaction that takes what was paid from the balance with its `ad_serving` row, uses the coupon and starts
 * matching), without going through HTTP, the books the invariants are checked on, and a database several
 * connections share (as several server processes would).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db, Store } from '../storage/engine';
import { openStore } from '../storage/open';
import { seed } from '../seed/seed';
import { DEFAULT_FAIL_PERCENT } from '../services/plans/pace';
import { planSchedule, type Schedule } from '../services/plans/schedule';
import { putPlan } from '../services/plans/put';
import { toBeConsumedCents } from '../services/wallet';
import { fromCents } from '../../src/lib/money';
import { seededStore } from './seeded-db';
import { testingOnPostgres } from './postgres-test';

let serial = 0;

export interface TestPut {
  putCents: number;
  atMs: number;
  stepMs: number;
  /** The put coupon it uses (its reduction is the coupon's, as the put reckons it). */
  userCouponId?: number;
  /** A plan id to insert it under (to pick a schedule). */
  id?: number;
}

/** A waiting plan (its range just the amount), then put through the put's own service at `atMs`: returns its id. */
export async function putTestPlan(db: Db, userId: number, p: TestPut): Promise<number> {
  const created = new Date(p.atMs - 60_000).toISOString();
  const { id } = await db
    .insertInto('plans')
    .values({
      ...(p.id === undefined ? {} : { id: p.id }),
      plan_no: `SIM${process.pid}x${++serial}`,
      user_id: userId,
      product_id: 1,
      status: 'waitPut',
      lowest_put_cents: 1,
      highest_put_cents: p.putCents,
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('plan_events').values({ plan_id: id, status: 'waitPut', at: created }).execute();
  await putPlan(
    db,
    userId,
    { id, amount: fromCents(p.putCents), official: false, coupon_id: p.userCouponId, request_id: `test-put-${id}` },
    new Date(p.atMs),
    p.stepMs,
  );
  return id;
}

/** Sets a merchant's balance with the ledger row that explains it (from an empty ledger: the row is the balance). */
export async function topUp(db: Db, userId: number, cents: number, atMs: number): Promise<void> {
  const at = new Date(atMs).toISOString();
  const { balance_cents } = await db
    .updateTable('wallets')
    .set((eb) => ({ balance_cents: eb('balance_cents', '+', cents) }))
    .where('user_id', '=', userId)
    .returning('balance_cents')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('transaction_flow')
    .values({
      user_id: userId,
      type: 'system_topup',
      amount_cents: cents,
      balance_after_cents: balance_cents,
      remark: 'Test',
      created_at: at,
    })
    .execute();
}

export interface Books {
  balance: number;
  toBeConsumed: number;
  toBeSettled: number;
  total: number;
  ledgerSum: number;
  lastBalanceAfter: number | null;
  ledgerRows: number;
}

/** The merchant's books: the wallet, the derived figure and the ledger (read in time order, as the wallet screen would). */
export async function books(db: Db, userId: number): Promise<Books> {
  const w = await db
    .selectFrom('wallets')
    .select(['balance_cents', 'to_be_settled_cents'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const toBeConsumed = await toBeConsumedCents(db, userId);
  const l = await db
    .selectFrom('transaction_flow')
    .select((eb) => [eb.fn.sum<number | null>('amount_cents').as('s'), eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('transaction_flow')
    .select('balance_after_cents')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    balance: w.balance_cents,
    toBeConsumed,
    toBeSettled: w.to_be_settled_cents,
    total: w.balance_cents + toBeConsumed + w.to_be_settled_cents,
    ledgerSum: Number(l.s ?? 0),
    lastBalanceAfter: last?.balance_after_cents ?? null,
    ledgerRows: Number(l.n),
  };
}

/** A free plan id (from `from` on) whose schedule, at the default failure share, passes `pick`. */
export async function planIdWhere(db: Db, pick: (s: Schedule) => boolean, from = 20_000): Promise<number> {
  for (let id = from; ; id++) {
    if (!pick(planSchedule(id, DEFAULT_FAIL_PERCENT))) continue;
    if (!(await db.selectFrom('plans').select('id').where('id', '=', id).executeTakeFirst())) return id;
  }
}

/**
 * A seeded database that several connections share, as the server processes on one database do: on SQLite a file
 * (each connection opened anew, as a process restarting would), on PostgreSQL a database of the test's own, each
 * connection a handle of its own over the test's pool (nothing of a process but its handle's memory lives outside
 * the database there: the simulation's WeakMaps are keyed by it).
 */
export interface SharedDb {
  /** SQLite's file, which worker threads open for themselves; null on PostgreSQL. */
  path: string | null;
  /** A connection of its own; closing it leaves the database (and the other connections) as they are. */
  connect: () => Promise<Store>;
  /** Closes what is still open and removes the database. */
  dispose: () => Promise<void>;
}

export async function sharedDb(): Promise<SharedDb> {
  if (testingOnPostgres()) {
    const store = await seededStore();
    return {
      path: null,
      connect: async () => ({ db: store.db.withoutPlugins(), engine: 'postgres', close: async () => {} }),
      dispose: () => store.close(),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'plans-shared-'));
  const path = join(dir, 'shared.db');
  const setup = await openStore({ path });
  await seed(setup.db);
  await setup.close();
  return {
    path,
    connect: () => openStore({ path }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
