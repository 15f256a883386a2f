/**
 * Foreign-exchange acceptance: the merchant's acceptance orders (`/acceptor/order/list`: newest first,
 * paged, with the current acceptance, the newest 'accepting' one) and opening one with an acceptance code
 * (`/acceptor/detail`).
 *
 * A code belongs to one acceptor type and is matched without regard to case; it is usable if reusable or not yet
 * used (no order names it). Using it opens an 'accepting' order with the code's amount and limit, and closes the
 * merchant's earlier accepting order: there is one current acceptance. Anything else (no such code, another type,
 * a single-use code already used) is one answer, acceptance_code_error on `code`, so the answers do not tell which
 * codes exist. The route limits guesses (codes are guessable). One immediate transaction, so a single-use code
 * used by two requests at once opens one order.
 */
import type { AcceptorOrder, AcceptorPage } from '../../src/api/shapes/wallet';
import { stmt, type DB } from '../db/index';
import { fromCents } from '../../src/lib/money';
import { Refusal } from './errors';

export const DEFAULT_PAGE_SIZE = 10;

interface OrderRow {
  id: number; type: AcceptorOrder['type']; amount_cents: number; limit_cents: number; state: AcceptorOrder['state']; created_at: string;
}
const ORDER = 'SELECT id, type, amount_cents, limit_cents, state, created_at FROM acceptor_orders';

const toOrder = (r: OrderRow): AcceptorOrder => ({
  id: r.id, type: r.type, amount: fromCents(r.amount_cents), limit: fromCents(r.limit_cents), state: r.state, create_time: r.created_at,
});

export interface AcceptorListInput { page?: number | undefined; page_size?: number | undefined }

export function listAcceptorOrders(db: DB, userId: number, input: AcceptorListInput): AcceptorPage {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const { total } = stmt<{ total: number }>(db, 'SELECT COUNT(*) AS total FROM acceptor_orders WHERE user_id = ?').get(userId)!;
  const rows = stmt<OrderRow>(db, `${ORDER} WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
    .all(userId, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toOrder), total, page, page_size: pageSize, current: currentAcceptance(db, userId) };
}

export function currentAcceptance(db: DB, userId: number): AcceptorOrder | null {
  const row = stmt<OrderRow>(db, `${ORDER} WHERE user_id = ? AND state = 'accepting' ORDER BY created_at DESC, id DESC LIMIT 1`).get(userId);
  return row ? toOrder(row) : null;
}

export interface AcceptInput { type: AcceptorOrder['type']; code: string }

/** Opens an acceptance with the code, or refuses acceptance_code_error (field code). */
export function acceptWithCode(db: DB, userId: number, input: AcceptInput, now: Date): AcceptorOrder {
  const at = now.toISOString();
  return db.transaction(() => {
    const code = stmt<{ id: number; amount_cents: number; limit_cents: number }>(db, `SELECT c.id, c.amount_cents, c.limit_cents
      FROM acceptance_codes c WHERE c.code = ? AND c.type = ?
        AND (c.reusable = 1 OR NOT EXISTS (SELECT 1 FROM acceptor_orders o WHERE o.code_id = c.id))`).get(input.code, input.type);
    if (!code) throw new Refusal('acceptance_code_error', 'code');
    stmt(db, "UPDATE acceptor_orders SET state = 'closed' WHERE user_id = ? AND state = 'accepting'").run(userId);
    // Never earlier than the order it replaces, so "newest" stays this one.
    const last = stmt<{ at: string | null }>(db, 'SELECT MAX(created_at) AS at FROM acceptor_orders WHERE user_id = ?').get(userId)!.at;
    const id = Number(stmt(db, `INSERT INTO acceptor_orders (user_id, type, amount_cents, limit_cents, state, code_id, created_at)
      VALUES (?, ?, ?, ?, 'accepting', ?, ?)`).run(userId, input.type, code.amount_cents, code.limit_cents, code.id,
      last !== null && last > at ? last : at).lastInsertRowid);
    return toOrder(stmt<OrderRow>(db, `${ORDER} WHERE id = ?`).get(id)!);
  }).immediate();
}
