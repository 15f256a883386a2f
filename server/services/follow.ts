/**
 * Plan follow: a merchant follows another operator by their follow ID (`proxy_id`). One record per operator; the
 * list shows the operator's name (unmasked: the merchant chose to follow them and typed their ID) and how many of
 * their plans are in delivery now. Unfollowing removes the record, idempotent by request_id.
 */
import type { FollowRecord, UnfollowResult } from '../../src/api/shapes/ad-center';
import type { Page } from '../../src/api/shapes/page';
import type { Db } from '../storage/engine';
import { isUniqueViolation } from '../storage/errors';
import { inTransaction } from '../storage/transaction';
import {
  countFollows,
  deleteFollowRecord,
  findActiveByProxyId,
  findFollowRecordByProxy,
  findOwnFollowRecord,
  findUnfollow,
  insertFollowRecord,
  insertUnfollow,
  listFollowRecords,
  type FollowRow,
} from '../storage/ad-center';
import { InvalidInput, Refusal } from './errors';
import type { UserRow } from './users';

export const DEFAULT_PAGE_SIZE = 10;

/** Unknown, inactive or the merchant's own ID: shown under the field, so it names the field. */
export const idError = () => new Refusal('id_error', 'proxy_id');

// The operator's current nickname when they still exist (and have one), else the one saved when followed.
function toRecord(r: FollowRow): FollowRecord {
  return {
    id: r.id,
    proxy_id: r.proxy_id,
    nickname: r.current_nickname?.trim() || r.nickname.trim(),
    create_time: r.created_at,
    live_plans: r.live_plans,
  };
}

export interface FollowListInput {
  page?: number | undefined;
  page_size?: number | undefined;
}

export async function listFollows(db: Db, userId: number, input: FollowListInput): Promise<Page<FollowRecord>> {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const n = await countFollows(db, userId);
  const rows = await listFollowRecords(db, userId, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toRecord), total: n, page, page_size: pageSize };
}

/**
 * Follows the active merchant with this proxy ID; following the same one again answers the existing record. Two
 * follows of one ID at once meet on the unique key (user_id, proxy_id): the second inserts nothing and answers the
 * record the first made.
 */
export async function follow(
  db: Db,
  user: Pick<UserRow, 'id' | 'proxy_id'>,
  proxyId: string,
  now: Date,
): Promise<FollowRecord> {
  return inTransaction(db, async (trx) => {
    const target = await findActiveByProxyId(trx, proxyId);
    if (!target || target.id === user.id || proxyId === user.proxy_id) throw idError();
    await insertFollowRecord(trx, user.id, proxyId, target.nickname, now.toISOString());
    return toRecord((await findFollowRecordByProxy(trx, user.id, proxyId))!);
  });
}

export interface UnfollowInput {
  id: number;
  request_id: string;
}

/** What a kept unfollow request answers: what it removed, when it is this request (the same record). */
function replayed(done: { follow_id: number; proxy_id: string }, input: UnfollowInput): UnfollowResult {
  if (done.follow_id !== input.id) throw new InvalidInput('request_id', 'same');
  return { id: done.follow_id, proxy_id: done.proxy_id };
}

/**
 * Stops following: removes this merchant's follow record `id`. A record that is not theirs, or is gone, is
 * not_found (the same answer either way, so it tells nothing about other merchants). The request is kept, so the
 * same request_id again (a retry whose answer was lost) answers what it removed instead of not_found; spent on
 * another record it is a params error.
 *
 * Retries at once, on several processes: the first to delete the record wins; one that finds it deleted meanwhile
 * answers from the request the winner kept (its own request_id) or not_found (another); one whose kept request
 * meets the winner's on the primary key (user_id, request_id) answers the winner's result, as a later retry would.
 */
export async function unfollow(db: Db, userId: number, input: UnfollowInput, now: Date): Promise<UnfollowResult> {
  try {
    return await inTransaction(db, async (trx) => {
      const done = await findUnfollow(trx, userId, input.request_id);
      if (done) return replayed(done, input);
      // Gone, or deleted by a request that finished meanwhile (each statement sees what has committed since): this
      // one's own, if it kept this request_id.
      const keptMeanwhile = async () => {
        const kept = await findUnfollow(trx, userId, input.request_id);
        if (kept) return replayed(kept, input);
        throw new Refusal('not_found');
      };
      const row = await findOwnFollowRecord(trx, input.id, userId);
      if (!row) return keptMeanwhile();
      if (!(await deleteFollowRecord(trx, row.id))) return keptMeanwhile();
      await insertUnfollow(trx, {
        user_id: userId,
        request_id: input.request_id,
        follow_id: row.id,
        proxy_id: row.proxy_id,
        created_at: now.toISOString(),
      });
      return { id: row.id, proxy_id: row.proxy_id };
    });
  } catch (err) {
    // The same request_id kept by a request that committed meanwhile (this transaction has rolled back).
    if (!isUniqueViolation(err) || db.isTransaction) throw err;
    const kept = await findUnfollow(db, userId, input.request_id);
    if (!kept) throw err;
    return replayed(kept, input);
  }
}
