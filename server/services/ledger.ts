/**
 * The ledger as the wallet shows it (`/transaction_flow/list`): the merchant's rows newest first (the id
 * breaks ties), paged, optionally one month, with the full-month totals of every month the page's rows fall in.
 * Months are the merchant's (X-TZ): a row at 23:30 UTC on the 31st is next month's in Shanghai.
 */
import type { FlowPage, FundingDetail, MonthTotals } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import {
  countFlow,
  ensureWallet,
  flowPage,
  flowTotals,
  insertFlow,
  lastFlowAt,
  lockWallet,
  moveBalance,
} from '../storage/wallet';
import { fromCents } from '../../src/lib/money';
import type { ClientTz } from '../lib/tz';
import { addMonths, clientZone, localTime, startOfDay, type Zone } from './ad-center/zone';
import { remarkColumns, remarkData, type RemarkInput } from './remarks';

export const DEFAULT_PAGE_SIZE = 10;

export interface FlowRow {
  id: number;
  type: FundingDetail['type'];
  amount_cents: number;
  balance_after_cents: number;
  remark: string | null;
  remark_data: string | null;
  created_at: string;
}

/** One movement of a merchant's balance, as its ledger row records it. */
export interface LedgerEntry {
  user_id: number;
  type: FundingDetail['type'];
  /** Signed: negative takes from the balance. */
  amount_cents: number;
  remark: RemarkInput;
  /** When it happens; the row is stamped no earlier than the merchant's last row (see postEntry). */
  at: string;
  request_id?: string | null;
  /** Refuse (answer null, move nothing) rather than take the balance below zero, whatever was read before. */
  noOverdraw?: boolean;
}

export interface PostedEntry {
  id: number;
  balance_after_cents: number;
  created_at: string;
}

/**
 * Moves the balance and writes its ledger row, inside the caller's transaction: every movement of a balance comes
 * here, so each row carries the balance right after it and a remark the app words (or a person's note).
 *
 * The row is stamped `at`, but never earlier than the merchant's last row: a delivery step, a put or a top-up a
 * moment apart may be stamped out of order by their clocks, and the ledger read in time order must end with the
 * balance. With `noOverdraw` the balance is taken by a conditional UPDATE, so parallel movements judged one after
 * another never overdraw; null then means the balance did not cover it and nothing moved.
 */
export async function postEntry(db: Db, e: LedgerEntry): Promise<PostedEntry | null> {
  // The balance this statement left, not a later read: another movement may follow it before this one's row.
  const balance = await moveBalance(db, e.user_id, e.amount_cents, e.at, !!e.noOverdraw);
  if (balance === null) {
    if (e.noOverdraw) return null;
    // No wallet: a movement must never vanish without its row, so the caller's transaction is undone.
    throw new Error(`No wallet for user ${e.user_id}`);
  }
  // Read after the UPDATE, which holds the wallet row until the transaction ends: no other movement of this
  // merchant can write a row between this read and this row.
  const last = await lastFlowAt(db, e.user_id);
  const created_at = last !== null && last > e.at ? last : e.at;
  const id = await insertFlow(db, {
    user_id: e.user_id,
    type: e.type,
    amount_cents: e.amount_cents,
    balance_after_cents: balance,
    request_id: e.request_id ?? null,
    created_at,
    ...remarkColumns(e.remark),
  });
  return { id, balance_after_cents: balance, created_at };
}

/**
 * Sets the balance to `cents` with the ledger row that explains the difference: a top-up or a debit, remarked with
 * the operator's `note` as written, or else the kind the direction names. Creates the wallet if the merchant has
 * none; writes nothing when the balance already is `cents`. Inside the caller's transaction (the wallet row is
 * locked while the difference is worked out, so a movement beside it cannot make the difference wrong).
 */
export async function setBalance(
  db: Db,
  userId: number,
  cents: number,
  at: string,
  note: string | null = null,
): Promise<void> {
  await ensureWallet(db, userId, at);
  const before = (await lockWallet(db, userId))!;
  if (before === cents) return;
  const up = cents > before;
  await postEntry(db, {
    user_id: userId,
    type: up ? 'system_topup' : 'system_debit',
    amount_cents: cents - before,
    at,
    remark: note ?? { kind: up ? 'topup_service' : 'balance_adjustment' },
  });
}

export function toFundingDetail(r: FlowRow): FundingDetail {
  return {
    id: r.id,
    time: r.created_at,
    amount: fromCents(r.amount_cents),
    balance_after: fromCents(r.balance_after_cents),
    type: r.type,
    remark: r.remark ? r.remark : null,
    remark_data: remarkData(r.remark_data),
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

export interface FlowListInput {
  month?: string | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

export async function listFlow(db: Db, userId: number, input: FlowListInput, tz: ClientTz): Promise<FlowPage> {
  const zone = clientZone(tz);
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  // No month: every row (no bounds, rather than bounds of text that sort by the database's collation).
  const range = input.month ? monthRange(input.month, zone) : null;
  const total = await countFlow(db, userId, range);
  const rows = (await flowPage(db, userId, range, pageSize, (page - 1) * pageSize)) as FlowRow[];
  const months = [...new Set(rows.map((r) => monthOf(r.created_at, zone)))];
  return {
    list: rows.map(toFundingDetail),
    total,
    page,
    page_size: pageSize,
    months: await Promise.all(
      months.map(async (month): Promise<MonthTotals> => {
        const m = monthRange(month, zone);
        const t = await flowTotals(db, userId, m.from, m.to);
        return { month, income: fromCents(t.income), expense: fromCents(t.expense) };
      }),
    ),
  };
}
