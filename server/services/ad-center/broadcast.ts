/**
 * The live ticker (`Broadcast`): figures over every merchant's real rows and the newest events, with names
 * masked. Events: a merchant joined (account created), put a plan (an order put for delivery), earned (one
 * plan's revenue over a finished UTC day) and withdrew (a manual withdrawal in the ledger).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { REFRESH_MS, type Broadcast, type BroadcastUpdate } from '../../../src/api/shapes/ad-center';
import type { Db } from '../../storage/engine';
import { configTextOrInsert } from '../../storage/config';
import {
  countOnline,
  dailyEarnings,
  manualWithdrawalSum,
  newestMerchants,
  newestPuts,
  newestWithdrawals,
  planTotals,
  type TickerRow,
} from '../../storage/ad-center';
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
 * many merchants there are (the ids were the row id × 4 + the action). The key is the database's (made by the first
 * process to need it), so every process behind a proxy, and one restarted, gives an update the same id: an app whose
 * reads land on different processes never announces an update twice.
 */
const ID_KEY_NAME = 'ticker_id_key';
const idKeys = new WeakMap<Db, Promise<Buffer>>();
function idKeyOf(db: Db): Promise<Buffer> {
  let key = idKeys.get(db);
  if (!key) {
    key = configTextOrInsert(db, ID_KEY_NAME, randomBytes(32).toString('hex')).then((hex) => Buffer.from(hex, 'hex'));
    // A failed read is tried again by the next payload.
    key.catch(() => idKeys.delete(db));
    idKeys.set(db, key);
  }
  return key;
}
const updateId = (key: Buffer, action: BroadcastUpdate['action'], rowId: number | string) =>
  createHmac('sha256', key).update(`${action}:${rowId}`).digest().readUIntBE(0, 6);

/** Event times to the minute: the ticker needs no more, and an exact join time helps tie an update to an account. */
const toMinute = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000).toISOString();

/**
 * The name a merchant chose: the nickname when it is not the default the account was given (registration and
 * partner entry set it to the login name or the partner's uid). Otherwise none: the update says "a merchant",
 * never a masked login name or partner id.
 */
const activeName = (r: { nickname: string; username: string }): string | null =>
  r.nickname !== '' && r.nickname !== r.username ? r.nickname : null;

interface EventRow {
  row_id: number | string;
  name: string | null;
  amount_cents: number | null;
  time: string;
}

const eventRow = (r: TickerRow): EventRow => ({
  row_id: r.row_id,
  name: activeName(r),
  amount_cents: r.amount_cents,
  time: r.at,
});

/**
 * The ticker's payload, computed at most once per REFRESH_MS (the client's own refresh) and served from memory
 * in between, whatever the number of callers: /broadcast-data needs no session, so anyone can call it, and its
 * queries read every merchant's rows. One cache per server process (per database); on several processes each keeps
 * its own, which costs one computation per process and interval.
 */
export function createBroadcastCache(ttlMs = REFRESH_MS) {
  let cached: { at: number; payload: Broadcast } | undefined;
  // The computation under way: callers arriving meanwhile wait for it rather than starting their own.
  let pending: { at: number; payload: Promise<Broadcast> } | undefined;
  return {
    async get(db: Db, nowMs: number, refresh: () => Promise<void> | void): Promise<Broadcast> {
      if (cached && nowMs - cached.at < ttlMs && nowMs >= cached.at) return cached.payload;
      if (pending && nowMs - pending.at < ttlMs && nowMs >= pending.at) return pending.payload;
      const run = {
        at: nowMs,
        payload: (async () => {
          await refresh();
          return broadcast(db, nowMs);
        })(),
      };
      pending = run;
      try {
        const payload = await run.payload;
        if (pending === run) cached = { at: nowMs, payload };
        return payload;
      } finally {
        if (pending === run) pending = undefined;
      }
    },
    /** The next caller computes it afresh (the test API: a test that has just written rows need not wait 30 s). */
    expire() {
      cached = undefined;
      pending = undefined;
    },
  };
}

export type BroadcastCache = ReturnType<typeof createBroadcastCache>;

export async function broadcast(db: Db, nowMs: number): Promise<Broadcast> {
  const now = new Date(nowMs).toISOString();
  const key = await idKeyOf(db);
  const online = await countOnline(db, nowMs);
  const plans = await planTotals(db);
  const withdrew = -(await manualWithdrawalSum(db));

  const n = BROADCAST_UPDATES;
  const joined = await newestMerchants(db, now, n);
  const put = await newestPuts(db, now, n);
  const withdrawals = await newestWithdrawals(db, now, n);

  // A day's earnings are news once the UTC day is over; look back three days (the ticker shows only the newest).
  const todayStart = Math.floor(nowMs / DAY) * DAY;
  const earnedRows = await dailyEarnings(
    db,
    new Date(todayStart - 3 * DAY).toISOString(),
    new Date(todayStart).toISOString(),
    n,
  );

  const updates: BroadcastUpdate[] = [
    ...joined.map((r) => event(key, 'joined', eventRow(r))),
    ...put.map((r) => event(key, 'put', eventRow(r))),
    ...withdrawals.map((r) => event(key, 'withdrew', eventRow(r))),
    ...earnedRows.map((r) => {
      const dayEnd = Date.parse(`${r.utc_day}T00:00:00.000Z`) + DAY;
      return event(key, 'earned', {
        row_id: `${r.plan_id}:${r.utc_day}`,
        name: activeName(r),
        amount_cents: r.cents,
        time: new Date(dayEnd).toISOString(),
      });
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

function event(key: Buffer, action: BroadcastUpdate['action'], r: EventRow): BroadcastUpdate {
  return {
    id: updateId(key, action, r.row_id),
    name: r.name === null ? null : maskName(r.name),
    action,
    amount: r.amount_cents === null ? null : fromCents(r.amount_cents),
    time: toMinute(r.time),
  };
}
