/**
 * The wallet's tables: wallets (the balances), transaction_flow (the ledger), bank_cards (where withdrawals go),
 * acceptance_codes and acceptor_orders (foreign-exchange acceptance). Small queries the wallet services call; the
 * rules (what is refused, in which order) stay in the services.
 *
 * The per-merchant lock: a merchant's wallet row, locked FOR UPDATE on PostgreSQL (lockWallet). Withdrawals, the
 * bound card's changes and acceptances take it first in their transaction, so on any number of processes one
 * merchant's steps of these kinds are judged one after another (SQLite's transactions are exclusive already).
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from './engine';
import { isPostgres } from './engine';
import { lowerOf } from './expressions';
import type { AcceptorOrdersTable, TransactionFlowTable } from './schema';
import { noteChange } from './changes';

// ---------------------------------------------------------------------------------------------------------------
// Wallets

export interface WalletFigures {
  balance_cents: number;
  to_be_settled_cents: number;
  discount_cents: number;
}

/** The merchant's wallet figures, or undefined when it has no wallet. */
export async function findWalletFigures(db: Db, userId: number): Promise<WalletFigures | undefined> {
  return db
    .selectFrom('wallets')
    .select(['balance_cents', 'to_be_settled_cents', 'discount_cents'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Creates the merchant's empty wallet unless it has one. */
export async function ensureWallet(db: Db, userId: number, at: string): Promise<void> {
  await db
    .insertInto('wallets')
    .values({ user_id: userId, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/**
 * Locks the merchant's wallet row until the transaction ends (PostgreSQL; on SQLite the transaction holds the whole
 * database already) and answers its balance, or undefined when it has no wallet. Inside a transaction.
 */
export async function lockWallet(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('wallets')
    .select('balance_cents')
    .where('user_id', '=', userId)
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row?.balance_cents;
}

/**
 * Adds `cents` (signed) to the balance and answers the balance this statement left, or null when nothing moved:
 * no wallet, or (`noOverdraw`) the balance would go below zero. One conditional statement, so the guard and the
 * balance answered are the ones of this movement, whatever ran beside it; on PostgreSQL it locks the wallet row
 * until the transaction ends.
 */
export async function moveBalance(
  db: Db,
  userId: number,
  cents: number,
  at: string,
  noOverdraw: boolean,
): Promise<number | null> {
  const row = await db
    .updateTable('wallets')
    .set((eb) => ({ balance_cents: eb('balance_cents', '+', cents), updated_at: at }))
    .where('user_id', '=', userId)
    .$if(noOverdraw, (qb) => qb.where((eb) => eb(eb('balance_cents', '+', cents), '>=', 0)))
    .returning('balance_cents')
    .executeTakeFirst();
  if (row) await noteChange(db, { user: userId, kind: 'wallet' });
  return row ? row.balance_cents : null;
}

/**
 * Merchants whose ledger does not sum to their balance: the books do not balance. A wallet without ledger rows
 * sums to 0. (Tests of the ledger use it; empty when every movement came with its row.)
 */
export async function ledgerMismatches(
  db: Db,
): Promise<{ user_id: number; balance_cents: number; ledger_cents: number }[]> {
  const rows = await db
    .selectFrom('wallets')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('transaction_flow')
          .select((e) => ['user_id', e.fn.sum<number>('amount_cents').as('total')])
          .groupBy('user_id')
          .as('f'),
      (join) => join.onRef('f.user_id', '=', 'wallets.user_id'),
    )
    .select((eb) => [
      'wallets.user_id',
      'wallets.balance_cents',
      eb.fn.coalesce('f.total', sql<number>`0`).as('ledger_cents'),
    ])
    .where((eb) => eb('wallets.balance_cents', '<>', eb.fn.coalesce('f.total', sql<number>`0`)))
    .orderBy('wallets.user_id')
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    balance_cents: r.balance_cents,
    ledger_cents: Number(r.ledger_cents),
  }));
}

/**
 * Integer cents put into the merchant's plans in `statuses` and not yet consumed (each plan's never below zero).
 */
export async function unconsumedPutCents(db: Db, userId: number, statuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('plans')
    .select((eb) =>
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            eb
              .case()
              .when('put_amount_cents', '>', eb.ref('consumed_cents'))
              .then(eb('put_amount_cents', '-', eb.ref('consumed_cents')))
              .else(0)
              .end(),
          ),
          sql<number>`0`,
        )
        .as('cents'),
    )
    .where('user_id', '=', userId)
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

// ---------------------------------------------------------------------------------------------------------------
// The ledger (transaction_flow)

export type FlowInsert = Insertable<TransactionFlowTable>;

const FLOW_FIELDS = [
  'id',
  'type',
  'amount_cents',
  'balance_after_cents',
  'remark',
  'remark_data',
  'created_at',
] as const;

export interface StoredFlowRow {
  id: number;
  type: string;
  amount_cents: number;
  balance_after_cents: number;
  remark: string | null;
  remark_data: string | null;
  created_at: string;
}

/** The time of the merchant's newest ledger row, or null when it has none. */
export async function lastFlowAt(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('transaction_flow')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.at ?? null;
}

/** Writes a ledger row; answers its id. A request_id the merchant used already is a unique violation. */
export async function insertFlow(db: Db, row: FlowInsert): Promise<number> {
  const { id } = await db.insertInto('transaction_flow').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findFlowById(db: Db, id: number): Promise<StoredFlowRow | undefined> {
  return db.selectFrom('transaction_flow').select(FLOW_FIELDS).where('id', '=', id).executeTakeFirst();
}

/** The merchant's ledger row written for `requestId`, if any. */
export async function findFlowByRequest(db: Db, userId: number, requestId: string): Promise<StoredFlowRow | undefined> {
  return db
    .selectFrom('transaction_flow')
    .select(FLOW_FIELDS)
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** A span of time [from, to) as the ISO text rows are stamped with; null: all of time. */
export type TimeRange = { from: string; to: string } | null;

/** The merchant's rows in `range`, counted. */
export async function countFlow(db: Db, userId: number, range: TimeRange): Promise<number> {
  const row = await db
    .selectFrom('transaction_flow')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('user_id', '=', userId)
    .$if(range !== null, (qb) => qb.where('created_at', '>=', range!.from).where('created_at', '<', range!.to))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A page of the merchant's rows in `range`, newest first (the id breaks ties). */
export async function flowPage(
  db: Db,
  userId: number,
  range: TimeRange,
  limit: number,
  offset: number,
): Promise<StoredFlowRow[]> {
  return db
    .selectFrom('transaction_flow')
    .select(FLOW_FIELDS)
    .where('user_id', '=', userId)
    .$if(range !== null, (qb) => qb.where('created_at', '>=', range!.from).where('created_at', '<', range!.to))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Money in (positive rows) and out (negative rows, as a positive number) of the merchant's rows in [from, to). */
export async function flowTotals(
  db: Db,
  userId: number,
  from: string,
  to: string,
): Promise<{ income: number; expense: number }> {
  const row = await db
    .selectFrom('transaction_flow')
    .select((eb) => [
      eb.fn.sum<number | null>(eb.case().when('amount_cents', '>', 0).then(eb.ref('amount_cents')).end()).as('income'),
      eb.fn.sum<number | null>(eb.case().when('amount_cents', '<', 0).then(eb.ref('amount_cents')).end()).as('expense'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return { income: Number(row.income ?? 0), expense: 0 - Number(row.expense ?? 0) };
}

/** Cents withdrawn (manual_withdrawal rows, as a positive number) by the merchant in [from, to) of time. */
export async function withdrawnBetween(db: Db, userId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('transaction_flow')
    .select((eb) => eb.fn.sum<number | null>('amount_cents').as('cents'))
    .where('user_id', '=', userId)
    .where('type', '=', 'manual_withdrawal')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return 0 - Number(row.cents ?? 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Bank cards

export interface StoredCard {
  kind: string;
  bank_name: string;
  user_name: string;
  mobile: string;
  account: string;
  bank_address: string;
  branch: string;
}

export async function findBankCard(db: Db, userId: number): Promise<StoredCard | undefined> {
  return db
    .selectFrom('bank_cards')
    .select(['kind', 'bank_name', 'user_name', 'mobile', 'account', 'bank_address', 'branch'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** When the bound account was bound or last changed (epoch ms), or undefined when nothing is bound. */
export async function bankCardChangedAt(db: Db, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('bank_cards').select('changed_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.changed_at;
}

/** Binds `card` to the merchant, replacing what was bound; `changedAt` in epoch ms, `at` ISO text. */
export async function upsertBankCard(
  db: Db,
  userId: number,
  card: StoredCard,
  at: string,
  changedAt: number,
): Promise<void> {
  await db
    .insertInto('bank_cards')
    .values({ user_id: userId, ...card, updated_at: at, changed_at: changedAt })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        kind: eb.ref('excluded.kind'),
        bank_name: eb.ref('excluded.bank_name'),
        user_name: eb.ref('excluded.user_name'),
        mobile: eb.ref('excluded.mobile'),
        account: eb.ref('excluded.account'),
        bank_address: eb.ref('excluded.bank_address'),
        branch: eb.ref('excluded.branch'),
        updated_at: eb.ref('excluded.updated_at'),
        changed_at: eb.ref('excluded.changed_at'),
      })),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Acceptance codes and orders

export interface StoredAcceptorOrder {
  id: number;
  type: string;
  amount_cents: number;
  limit_cents: number;
  state: string;
  created_at: string;
}
const ORDER_FIELDS = ['id', 'type', 'amount_cents', 'limit_cents', 'state', 'created_at'] as const;

export interface AcceptanceCode {
  id: number;
  amount_cents: number;
  limit_cents: number;
  reusable: number;
}

/** The code of `type` matching `code` without regard to case, or undefined. */
export async function findAcceptanceCode(db: Db, code: string, type: string): Promise<AcceptanceCode | undefined> {
  return db
    .selectFrom('acceptance_codes')
    .select(['id', 'amount_cents', 'limit_cents', 'reusable'])
    .where(lowerOf('code'), '=', code.toLowerCase())
    .where('type', '=', type)
    .executeTakeFirst();
}

/**
 * Locks a code's row until the transaction ends (PostgreSQL), so two uses of one single-use code are judged one
 * after another: the second, once the first commits, sees its order (acceptanceCodeUsed, a statement of its own).
 */
export async function lockAcceptanceCode(db: Db, codeId: number): Promise<void> {
  if (!isPostgres(db)) return;
  await db.selectFrom('acceptance_codes').select('id').where('id', '=', codeId).forUpdate().execute();
}

/** True when an order names the code. */
export async function acceptanceCodeUsed(db: Db, codeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('acceptor_orders')
    .select('id')
    .where('code_id', '=', codeId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countAcceptorOrders(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('acceptor_orders')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A page of the merchant's orders, newest first (the id breaks ties). */
export async function acceptorOrderPage(
  db: Db,
  userId: number,
  limit: number,
  offset: number,
): Promise<StoredAcceptorOrder[]> {
  return db
    .selectFrom('acceptor_orders')
    .select(ORDER_FIELDS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The merchant's newest 'accepting' order. */
export async function newestAcceptingOrder(db: Db, userId: number): Promise<StoredAcceptorOrder | undefined> {
  return db
    .selectFrom('acceptor_orders')
    .select(ORDER_FIELDS)
    .where('user_id', '=', userId)
    .where('state', '=', 'accepting')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Closes the merchant's 'accepting' orders. */
export async function closeAcceptingOrders(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('acceptor_orders')
    .set({ state: 'closed' })
    .where('user_id', '=', userId)
    .where('state', '=', 'accepting')
    .execute();
}

/** The time of the merchant's newest order, or null. */
export async function lastAcceptorOrderAt(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('acceptor_orders')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.at ?? null;
}

/** Writes an order; answers it as stored. */
export async function insertAcceptorOrder(
  db: Db,
  order: Insertable<AcceptorOrdersTable>,
): Promise<StoredAcceptorOrder> {
  return db.insertInto('acceptor_orders').values(order).returning(ORDER_FIELDS).executeTakeFirstOrThrow();
}
