/**
 * Daily rewards (the sign-in, a once-a-day activity coupon, one coupon of a name a day) count the merchant's local
 * day, and the zone comes from the client (X-TZ). An honest merchant keeps one zone; a zone switch is how a second
 * "day" could be made within one real day (UTC at 23:08, then Kiritimati a second later: two days) or a day already
 * over claimed ("yesterday" in a zone twelve hours behind). So each claim records its zone, and a claim in another
 * zone than the last claim of its kind must:
 *   - come at least SWITCH_GAP after that claim (no second day within one real day), and
 *   - not be for a day before the one the last claim's zone is in now (no claiming a day that is over).
 * In the same zone nothing changes: calendar days, DST days included (docs/product.md, "The merchant's day").
 * Called inside the claim's own transaction, so the check and the record are one with the claim. The check reads
 * the last claim and the record overwrites it, so a claim locks that row first (storage/claims.ts): two claims of
 * one kind from two zones at once, on two processes, are judged one after the other, the second against the first.
 */
import type { ErrorReason } from '../../src/api/reasons';
import type { Db } from '../storage/engine';
import { findClaimZone, lockClaimZone, upsertClaimZone, type ClaimZoneRow } from '../storage/claims';
import { inTransaction } from '../storage/transaction';
import { parseTz } from '../lib/tz';
import { clientZone, HOUR, localDay, type Zone } from './ad-center/zone';
import { Refusal } from './errors';

export const SWITCH_GAP_MS = 20 * HOUR;

const iso = (ms: number) => new Date(ms).toISOString();

/** The rule above, over the kind's last claim (none: any zone). */
function dayZoneAfter(last: ClaimZoneRow | undefined, zone: Zone, nowMs: number): Zone {
  if (!last || last.zone === zone.label) return zone;
  const lastZone = clientZone(parseTz(last.zone));
  const early = nowMs - Date.parse(last.at) < SWITCH_GAP_MS || localDay(nowMs, zone) < localDay(nowMs, lastZone);
  return early ? lastZone : zone;
}

/**
 * The zone a claim of this kind counts its day in now: `zone`, unless the rules above do not allow the switch to it
 * yet, then the zone of the kind's last claim. A withdrawal's daily limit counts in it (services/withdraw-limit.ts).
 * A read: a step that then records a claim takes the lock (lockedClaimDayZone) or has one of its own.
 */
export async function claimDayZone(db: Db, userId: number, kind: string, zone: Zone, nowMs: number): Promise<Zone> {
  return dayZoneAfter(await findClaimZone(db, userId, kind), zone, nowMs);
}

/**
 * claimDayZone with the kind's row locked until the transaction ends (made if missing, with this zone and time,
 * which the claim then records): for a claim that records itself afterwards. Inside the claim's transaction.
 */
export async function lockedClaimDayZone(
  db: Db,
  userId: number,
  kind: string,
  zone: Zone,
  nowMs: number,
): Promise<Zone> {
  return dayZoneAfter(await lockClaimZone(db, userId, kind, zone.label, iso(nowMs)), zone, nowMs);
}

/** Records a claim of this kind made in `zone` now (inside the claim's transaction). */
export async function recordClaimZone(db: Db, userId: number, kind: string, zone: Zone, nowMs: number): Promise<void> {
  await upsertClaimZone(db, userId, kind, zone.label, iso(nowMs));
}

/**
 * A claim of this kind in `zone` now: refused with `refusal` when the zone's day may not be claimed yet, else
 * recorded. The kind's row stays locked until the caller's transaction ends, so the caller's own check (the day's
 * row, the coupon already held) and its write are judged after any other claim of the kind has finished.
 */
export async function claimInZone(
  db: Db,
  userId: number,
  kind: string,
  zone: Zone,
  nowMs: number,
  refusal: ErrorReason,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    if ((await lockedClaimDayZone(trx, userId, kind, zone, nowMs)) !== zone) throw new Refusal(refusal);
    await recordClaimZone(trx, userId, kind, zone, nowMs);
  });
}
