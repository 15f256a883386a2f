/**
 * The ledger as the wallet shows it (`/transaction_flow/list`, issue 22): the merchant's rows newest first (the id
 * breaks ties), paged, optionally one month, with the full-month totals of every month the page's rows fall in.
 * Months are the merchant's (X-TZ): a row at 23:30 UTC on the 31st is next month's in Shanghai.
 */
import type { FlowPage, FundingDetail, MonthTotals } from '../../src/api/contract';
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

/**
 * Writes one ledger row (the caller has moved the balance to `balance_after_cents`): every place that writes the
 * ledger comes here, so each row's remark is a kind the app words, or a person's note.
 */
export function insertFlow(db: DB, row: {
  user_id: number; type: FundingDetail['type']; amount_cents: number; balance_after_cents: number; remark: RemarkInput;
  created_at: string; request_id?: string | null;
}): number {
  return Number(stmt(db, `INSERT INTO transaction_flow (user_id, type, amount_cents, balance_after_cents, remark, remark_data, request_id, created_at)
    VALUES (@user_id, @type, @amount_cents, @balance_after_cents, @remark, @remark_data, @request_id, @created_at)`)
    .run({ request_id: null, ...row, ...remarkColumns(row.remark) }).lastInsertRowid);
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
