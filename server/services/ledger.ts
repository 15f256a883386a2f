/**
 * The ledger as the wallet shows it (`/transaction_flow/list`): the merchant's rows newest first (the id
 * breaks ties), paged, optionally one month, with the full-month totals of every month the page's rows fall in.
 * Months are the merchant's (X-TZ): a row at 23:30 UTC on the 31st is next month's in Shanghai.
 */
import type { FlowPage, FundingDetail, MonthTotals } from '../../src/api/shapes/wallet';
import { stmt, type DB } from '../db/index';
import { fromCents } from '../../src/lib/money';
import type { ClientTz } from '../lib/tz';
import { addMonths, clientZone, localTime, startOfDay, type Zone } from './ad-center/zone';
import { remarkColumns, remarkData, type RemarkInput } from './remarks';

export const DEFAULT_PAGE_SIZE = 10;

export interface FlowRow {
  id: number; type: FundingDetail['type']; amount_cents: number; balance_after_cents: number; remark: string | null;
  remark_data: string | null; created_at: string;
}
export const FLOW_COLUMNS = 'id, type, amount_cents, balance_after_cents, remark, remark_data, created_at';

/** One movement of a merchant's balance, as its ledger row records it. */
export interface LedgerEntry {
  user_id: number; type: FundingDetail['type'];
  /** Signed: negative takes from the balance. */
  amount_cents: number;
  remark: RemarkInput;
  /** When it happens; the row is stamped no earlier than the merchant's last row (see postEntry). */
  at: string;
  request_id?: string | null;
  /** Refuse (answer null, move nothing) rather than take the balance below zero, whatever was read before. */
  noOverdraw?: boolean;
}

export interface PostedEntry { id: number; balance_after_cents: number; created_at: string }

/**
 * Moves the balance and writes its ledger row, inside the caller's transaction: every movement of a balance comes
 * here, so each row carries the balance right after it and a remark the app words (or a person's note).
 *
 * The row is stamped `at`, but never earlier than the merchant's last row: a delivery step, a put or a top-up a
 * moment apart may be stamped out of order by their clocks, and the ledger read in time order must end with the
 * balance. With `noOverdraw` the balance is taken by a conditional UPDATE, so parallel movements judged one after
 * another never overdraw; null then means the balance did not cover it and nothing moved.
 */
export function postEntry(db: DB, e: LedgerEntry): PostedEntry | null {
  const moved = stmt(db, `UPDATE wallets SET balance_cents = balance_cents + @cents, updated_at = @at
    WHERE user_id = @user AND (@guard = 0 OR balance_cents + @cents >= 0)`)
    .run({ cents: e.amount_cents, at: e.at, user: e.user_id, guard: e.noOverdraw ? 1 : 0 });
  if (moved.changes !== 1) {
    if (e.noOverdraw) return null;
    // No wallet: a movement must never vanish without its row, so the caller's transaction is undone.
    throw new Error(`No wallet for user ${e.user_id}`);
  }
  const balance = stmt<{ b: number }>(db, 'SELECT balance_cents AS b FROM wallets WHERE user_id = ?').get(e.user_id)!.b;
  const last = stmt<{ at: string | null }>(db, 'SELECT MAX(created_at) AS at FROM transaction_flow WHERE user_id = ?').get(e.user_id)!.at;
  const created_at = last !== null && last > e.at ? last : e.at;
  const id = Number(stmt(db, `INSERT INTO transaction_flow (user_id, type, amount_cents, balance_after_cents, remark, remark_data, request_id, created_at)
    VALUES (@user_id, @type, @amount_cents, @balance_after_cents, @remark, @remark_data, @request_id, @created_at)`).run({
    user_id: e.user_id, type: e.type, amount_cents: e.amount_cents, balance_after_cents: balance, request_id: e.request_id ?? null, created_at,
    ...remarkColumns(e.remark),
  }).lastInsertRowid);
  return { id, balance_after_cents: balance, created_at };
}

/**
 * Sets the balance to `cents` with the ledger row that explains the difference: a top-up or a debit, remarked with
 * the operator's `note` as written, or else the kind the direction names. Creates the wallet if the merchant has
 * none; writes nothing when the balance already is `cents`. Inside the caller's transaction.
 */
export function setBalance(db: DB, userId: number, cents: number, at: string, note: string | null = null): void {
  stmt(db, 'INSERT OR IGNORE INTO wallets (user_id, updated_at) VALUES (?, ?)').run(userId, at);
  const before = stmt<{ b: number }>(db, 'SELECT balance_cents AS b FROM wallets WHERE user_id = ?').get(userId)!.b;
  if (before === cents) return;
  const up = cents > before;
  postEntry(db, {
    user_id: userId, type: up ? 'system_topup' : 'system_debit', amount_cents: cents - before, at,
    remark: note ?? { kind: up ? 'topup_service' : 'balance_adjustment' },
  });
}

export function toFundingDetail(r: FlowRow): FundingDetail {
  return {
    id: r.id, time: r.created_at, amount: fromCents(r.amount_cents), balance_after: fromCents(r.balance_after_cents),
    type: r.type, remark: r.remark ? r.remark : null, remark_data: remarkData(r.remark_data),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (iso: string, zone: Zone) => {
  const t = localTime(Date.parse(iso), zone);
  return `${t.y}-${pad(t.m)}`;
};

/** The UTC instants [from, to) of a local month, as the ISO text the ledger's times are stored in. */
function monthRange(month: string, zone: Zone): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = { y, m, d: 1 };
  return {
    from: new Date(startOfDay(first, zone)).toISOString(),
    to: new Date(startOfDay(addMonths(first, 1), zone)).toISOString(),
  };
}

export interface FlowListInput { month?: string | undefined; page?: number | undefined; page_size?: number | undefined }

export function listFlow(db: DB, userId: number, input: FlowListInput, tz: ClientTz): FlowPage {
  const zone = clientZone(tz);
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const range = input.month ? monthRange(input.month, zone) : { from: '', to: '\uffff' };
  const params = { user: userId, from: range.from, to: range.to, limit: pageSize, offset: (page - 1) * pageSize };
  const where = 'user_id = @user AND created_at >= @from AND created_at < @to';
  const { total } = stmt<{ total: number }>(db, `SELECT COUNT(*) AS total FROM transaction_flow WHERE ${where}`).get(params)!;
  const rows = stmt<FlowRow>(db, `SELECT ${FLOW_COLUMNS} FROM transaction_flow WHERE ${where}
    ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`).all(params);

  const months = [...new Set(rows.map((r) => monthOf(r.created_at, zone)))];
  const totals = stmt<{ income: number; expense: number }>(db, `SELECT
      COALESCE(SUM(CASE WHEN amount_cents > 0 THEN amount_cents END), 0) AS income,
      COALESCE(-SUM(CASE WHEN amount_cents < 0 THEN amount_cents END), 0) AS expense
    FROM transaction_flow WHERE user_id = @user AND created_at >= @from AND created_at < @to`);
  return {
    list: rows.map(toFundingDetail), total, page, page_size: pageSize,
    months: months.map((month): MonthTotals => {
      const t = totals.get({ user: userId, ...monthRange(month, zone) })!;
      return { month, income: fromCents(t.income), expense: fromCents(t.expense) };
    }),
  };
}
