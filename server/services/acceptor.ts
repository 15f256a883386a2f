/**
 * Foreign-exchange acceptance: the merchant's acceptance orders (`/acceptor/order/list`: newest first,
 * paged, with the current acceptance, the newest 'accepting' one) and opening one with an acceptance code
 * (`/acceptor/detail`).
 *
 * A code belongs to one acceptor type and is matched without regard to case; it is usable if reusable or not yet
 * used (no order names it). Using it opens an 'accepting' order with the code's amount and limit, and closes the
 * merchant's earlier accepting order: there is one current acceptance. Anything else (no such code, another type,
 * a single-use code already used) is one answer, acceptance_code_error on `code`, so the answers do not tell which
 * codes exist. The route limits guesses (codes are guessable).
 *
 * One transaction, which first locks the merchant's wallet row (so one merchant's acceptances are judged one after
 * another: one current acceptance), then a single-use code's row, and only then asks whether an order names the
 * code: two requests using one single-use code at once, on any number of processes, open one order; the second
 * sees the first's order once it commits.
 */
import type { AcceptorOrder, AcceptorPage } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import { inTransaction } from '../storage/transaction';
import {
  acceptanceCodeUsed,
  acceptorOrderPage,
  closeAcceptingOrders,
  countAcceptorOrders,
  findAcceptanceCode,
  insertAcceptorOrder,
  lastAcceptorOrderAt,
  lockAcceptanceCode,
  lockWallet,
  newestAcceptingOrder,
} from '../storage/wallet';
import { fromCents } from '../../src/lib/money';
import { Refusal } from './errors';

export const DEFAULT_PAGE_SIZE = 10;

interface OrderRow {
  id: number;
  type: AcceptorOrder['type'];
  amount_cents: number;
  limit_cents: number;
  state: AcceptorOrder['state'];
  created_at: string;
}

const toOrder = (r: OrderRow): AcceptorOrder => ({
  id: r.id,
  type: r.type,
  amount: fromCents(r.amount_cents),
  limit: fromCents(r.limit_cents),
  state: r.state,
  create_time: r.created_at,
});

export interface AcceptorListInput {
  page?: number | undefined;
  page_size?: number | undefined;
}

export async function listAcceptorOrders(db: Db, userId: number, input: AcceptorListInput): Promise<AcceptorPage> {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const total = await countAcceptorOrders(db, userId);
  const rows = (await acceptorOrderPage(db, userId, pageSize, (page - 1) * pageSize)) as OrderRow[];
  return { list: rows.map(toOrder), total, page, page_size: pageSize, current: await currentAcceptance(db, userId) };
}

export async function currentAcceptance(db: Db, userId: number): Promise<AcceptorOrder | null> {
  const row = (await newestAcceptingOrder(db, userId)) as OrderRow | undefined;
  return row ? toOrder(row) : null;
}

export interface AcceptInput {
  type: AcceptorOrder['type'];
  code: string;
}

/** Opens an acceptance with the code, or refuses acceptance_code_error (field code). */
export async function acceptWithCode(db: Db, userId: number, input: AcceptInput, now: Date): Promise<AcceptorOrder> {
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    await lockWallet(trx, userId);
    const code = await findAcceptanceCode(trx, input.code, input.type);
    if (!code) throw new Refusal('acceptance_code_error', 'code');
    if (code.reusable !== 1) {
      // The code's lock, then a statement of its own: it sees an order a use beside this one committed.
      await lockAcceptanceCode(trx, code.id);
      if (await acceptanceCodeUsed(trx, code.id)) throw new Refusal('acceptance_code_error', 'code');
    }
    await closeAcceptingOrders(trx, userId);
    // Never earlier than the order it replaces, so "newest" stays this one.
    const last = await lastAcceptorOrderAt(trx, userId);
    const order = await insertAcceptorOrder(trx, {
      user_id: userId,
      type: input.type,
      amount_cents: code.amount_cents,
      limit_cents: code.limit_cents,
      state: 'accepting',
      code_id: code.id,
      created_at: last !== null && last > at ? last : at,
    });
    return toOrder(order as OrderRow);
  });
}
