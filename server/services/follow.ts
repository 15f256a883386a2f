/**
 * Plan follow: a merchant follows another operator by their follow ID (`proxy_id`). One record per operator; the
 * list shows the operator's name (unmasked: the merchant chose to follow them and typed their ID) and how many of
 * their plans are in delivery now. Unfollowing removes the record, idempotent by request_id.
 */
import type { FollowRecord, UnfollowResult } from '../../src/api/shapes/ad-center';
import type { Page } from '../../src/api/shapes/page';
import { stmt, type DB } from '../db/index';
import { InvalidInput, Refusal } from './errors';
import type { UserRow } from './users';

export const DEFAULT_PAGE_SIZE = 10;

/** Unknown, inactive or the merchant's own ID: shown under the field, so it names the field. */
export const idError = () => new Refusal('id_error', 'proxy_id');

interface FollowRow { id: number; proxy_id: string; nickname: string; created_at: string; current_nickname: string | null; live_plans: number }

// The operator's current nickname when they still exist (and have one), else the one saved when followed.
const RECORDS = `SELECT f.id, f.proxy_id, f.nickname, f.created_at, u.nickname AS current_nickname,
    (SELECT COUNT(*) FROM plans p WHERE p.user_id = u.id AND p.status = 'puting') AS live_plans
  FROM follow_records f LEFT JOIN users u ON u.proxy_id = f.proxy_id`;

function toRecord(r: FollowRow): FollowRecord {
  return {
    id: r.id, proxy_id: r.proxy_id, nickname: r.current_nickname?.trim() || r.nickname.trim(),
    create_time: r.created_at, live_plans: r.live_plans,
  };
}

export interface FollowListInput { page?: number | undefined; page_size?: number | undefined }

export function listFollows(db: DB, userId: number, input: FollowListInput): Page<FollowRecord> {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const { n } = stmt<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM follow_records WHERE user_id = ?').get(userId)!;
  const rows = stmt<FollowRow>(db, `${RECORDS} WHERE f.user_id = ? ORDER BY f.created_at DESC, f.id DESC LIMIT ? OFFSET ?`)
    .all(userId, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toRecord), total: n, page, page_size: pageSize };
}

/** Follows the active merchant with this proxy ID; following the same one again answers the existing record. */
export function follow(db: DB, user: Pick<UserRow, 'id' | 'proxy_id'>, proxyId: string, now: Date): FollowRecord {
  return db.transaction(() => {
    const target = stmt<{ id: number; nickname: string }>(db, "SELECT id, nickname FROM users WHERE proxy_id = ? AND state = 'active'").get(proxyId);
    if (!target || target.id === user.id || proxyId === user.proxy_id) throw idError();
    stmt(db, 'INSERT OR IGNORE INTO follow_records (user_id, proxy_id, nickname, created_at) VALUES (?, ?, ?, ?)')
      .run(user.id, proxyId, target.nickname, now.toISOString());
    return toRecord(stmt<FollowRow>(db, `${RECORDS} WHERE f.user_id = ? AND f.proxy_id = ?`).get(user.id, proxyId)!);
  }).immediate();
}

export interface UnfollowInput { id: number; request_id: string }

/**
 * Stops following: removes this merchant's follow record `id`. A record that is not theirs, or is gone, is
 * not_found (the same answer either way, so it tells nothing about other merchants). The request is kept, so the
 * same request_id again (a retry whose answer was lost) answers what it removed instead of not_found; spent on
 * another record it is a params error.
 */
export function unfollow(db: DB, userId: number, input: UnfollowInput, now: Date): UnfollowResult {
  return db.transaction(() => {
    const done = stmt<{ follow_id: number; proxy_id: string }>(db, 'SELECT follow_id, proxy_id FROM follow_unfollows WHERE user_id = ? AND request_id = ?')
      .get(userId, input.request_id);
    if (done) {
      if (done.follow_id !== input.id) throw new InvalidInput('request_id', 'same');
      return { id: done.follow_id, proxy_id: done.proxy_id };
    }
    const row = stmt<{ id: number; proxy_id: string }>(db, 'SELECT id, proxy_id FROM follow_records WHERE id = ? AND user_id = ?').get(input.id, userId);
    if (!row) throw new Refusal('not_found');
    stmt(db, 'DELETE FROM follow_records WHERE id = ?').run(row.id);
    stmt(db, 'INSERT INTO follow_unfollows (user_id, request_id, follow_id, proxy_id, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(userId, input.request_id, row.id, row.proxy_id, now.toISOString());
    return { id: row.id, proxy_id: row.proxy_id };
  }).immediate();
}
