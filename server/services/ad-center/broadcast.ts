/**
 * The live ticker (`Broadcast`): figures over every merchant's real rows and the newest events, with names
 * masked. Events: a merchant joined (account created), put a plan (an order put for delivery), earned (one
 * plan's revenue over a finished UTC day) and withdrew (a manual withdrawal in the ledger).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { REFRESH_MS, type Broadcast, type BroadcastUpdate } from '../../../src/api/shapes/ad-center';
import { stmt, type DB } from '../../db/index';
import { fromCents } from '../../../src/lib/money';

export const BROADCAST_UPDATES = 20;
const DAY = 86_400_000;

/**
 * A name as the ticker shows it: its first and last character around `***` (`demo` → `d***o`), counted in code
 * points so a CJK or emoji name is not cut inside a character; one or two characters keep only the first.
 */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '***';
  if (chars.length <= 2) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/**
 * Update ids: opaque. A keyed hash of the kind and the source row (48 bits, a safe integer), stable from one payload
 * to the next so the client can tell a new update from one it has shown, but saying nothing about row ids or how
 * many merchants there are (the ids were the row id × 4 + the action). The key is per process: ids change on a
 * restart, which costs the client one announcement at most.
 */
const ID_KEY = randomBytes(32);
const updateId = (action: BroadcastUpdate['action'], rowId: number | string) =>
  createHmac('sha256', ID_KEY).update(`${action}:${rowId}`).digest().readUIntBE(0, 6);

/** Event times to the minute: the ticker needs no more, and an exact join time helps tie an update to an account. */
const toMinute = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000).toISOString();

interface EventRow { row_id: number | string; name: string | null; amount_cents: number | null; time: string }

/**
 * The name a merchant chose: the nickname when it is not the default the account was given (registration and
 * partner entry set it to the login name or the partner's uid). Otherwise none: the update says "a merchant",
 * never a masked login name or partner id.
 */
const ACTIVE_NAME = "CASE WHEN u.nickname <> '' AND u.nickname <> u.username THEN u.nickname ELSE NULL END";

/**
 * The ticker's payload, computed at most once per REFRESH_MS (the client's own refresh) and served from memory
 * in between, whatever the number of callers: /broadcast-data needs no session, so anyone can call it, and its
 * queries read every merchant's rows. One cache per server (per database).
 */
export function createBroadcastCache(ttlMs = REFRESH_MS) {
  let cached: { at: number; payload: Broadcast } | undefined;
  return {
    get(db: DB, nowMs: number, refresh: () => void): Broadcast {
      if (!cached || nowMs - cached.at >= ttlMs || nowMs < cached.at) {
        refresh();
        cached = { at: nowMs, payload: broadcast(db, nowMs) };
      }
      return cached.payload;
    },
    /** The next caller computes it afresh (the test API: a test that has just written rows need not wait 30 s). */
    expire() {
      cached = undefined;
    },
  };
}

export type BroadcastCache = ReturnType<typeof createBroadcastCache>;

export function broadcast(db: DB, nowMs: number): Broadcast {
  const now = new Date(nowMs).toISOString();
  const online = stmt<{ n: number }>(db, `SELECT COUNT(DISTINCT t.user_id) AS n FROM tokens t JOIN users u ON u.id = t.user_id
    WHERE t.expires_at > ? AND u.state = 'active'`).get(nowMs)!.n;
  const plans = stmt<{ demand: number; orders: number; earned: number }>(db, `SELECT
      COALESCE(SUM(CASE WHEN status IN ('matching', 'puting') THEN put_amount_cents - consumed_cents ELSE 0 END), 0) AS demand,
      COUNT(*) AS orders, COALESCE(SUM(revenue_cents), 0) AS earned FROM plans`).get()!;
  const withdrew = stmt<{ cents: number }>(db, `SELECT COALESCE(-SUM(amount_cents), 0) AS cents FROM transaction_flow
    WHERE type = 'manual_withdrawal'`).get()!.cents;

  const n = BROADCAST_UPDATES;
  const joined = stmt<EventRow>(db, `SELECT u.id AS row_id, ${ACTIVE_NAME} AS name, NULL AS amount_cents, u.created_at AS time
    FROM users u WHERE u.state = 'active' AND u.created_at <= ? ORDER BY u.created_at DESC, u.id DESC LIMIT ${n}`).all(now);
  const put = stmt<EventRow>(db, `SELECT p.id AS row_id, ${ACTIVE_NAME} AS name, p.put_amount_cents AS amount_cents, p.created_at AS time
    FROM plans p JOIN users u ON u.id = p.user_id
    WHERE u.state = 'active' AND p.status NOT IN ('waitPut', 'putFailed') AND p.created_at <= ?
    ORDER BY p.created_at DESC, p.id DESC LIMIT ${n}`).all(now);
  const withdrawals = stmt<EventRow>(db, `SELECT f.id AS row_id, ${ACTIVE_NAME} AS name, -f.amount_cents AS amount_cents, f.created_at AS time
    FROM transaction_flow f JOIN users u ON u.id = f.user_id
    WHERE u.state = 'active' AND f.type = 'manual_withdrawal' AND f.created_at <= ?
    ORDER BY f.created_at DESC, f.id DESC LIMIT ${n}`).all(now);

  // A day's earnings are news once the UTC day is over; look back three days (the ticker shows only the newest).
  const todayStart = Math.floor(nowMs / DAY) * DAY;
  const earnedRows = stmt<{ plan_id: number; day: string; name: string | null; cents: number }>(db, `SELECT s.plan_id, substr(s.hour, 1, 10) AS day,
      ${ACTIVE_NAME} AS name, SUM(s.revenue_cents) AS cents
    FROM plan_stats s JOIN users u ON u.id = s.user_id
    WHERE s.hour >= ? AND s.hour < ? AND u.state = 'active'
    GROUP BY s.plan_id, day HAVING cents > 0 ORDER BY day DESC, cents DESC LIMIT ${n}`)
    .all(new Date(todayStart - 3 * DAY).toISOString(), new Date(todayStart).toISOString());

  const updates: BroadcastUpdate[] = [
    ...joined.map((r) => event('joined', r)),
    ...put.map((r) => event('put', r)),
    ...withdrawals.map((r) => event('withdrew', r)),
    ...earnedRows.map((r) => {
      const dayEnd = Date.parse(`${r.day}T00:00:00.000Z`) + DAY;
      return event('earned', { row_id: `${r.plan_id}:${r.day}`, name: r.name, amount_cents: r.cents, time: new Date(dayEnd).toISOString() });
    }),
  ];
  // Newest first; within one minute, the order the queries gave (ids no longer mean anything to sort by).
  updates.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));

  return {
    online_users: online,
    ad_demand: fromCents(Math.max(0, plans.demand)),
    order_count: plans.orders,
    earned: fromCents(plans.earned),
    withdrew: fromCents(Math.max(0, withdrew)),
    updates: updates.slice(0, n),
  };
}

function event(action: BroadcastUpdate['action'], r: EventRow): BroadcastUpdate {
  return {
    id: updateId(action, r.row_id),
    name: r.name === null ? null : maskName(r.name),
    action,
    amount: r.amount_cents === null ? null : fromCents(r.amount_cents),
    time: toMinute(r.time),
  };
}
