/**
 * Daily rewards (the sign-in, a once-a-day activity coupon, one coupon of a name a day) count the merchant's local
 * day, and the zone comes from the client (X-TZ). An honest merchant keeps one zone; a zone switch is how a second
 * "day" could be made within one real day (UTC at 23:08, then Kiritimati a second later: two days) or a day already
 * over claimed ("yesterday" in a zone twelve hours behind). So each claim records its zone, and a claim in another
 * zone than the last claim of its kind must:
 *   - come at least SWITCH_GAP after that claim (no second day within one real day), and
 *   - not be for a day before the one the last claim's zone is in now (no claiming a day that is over).
 * In the same zone nothing changes: calendar days, DST days included (docs/product.md, "The merchant's day").
 * Called inside the claim's own transaction, so the check and the record are one with the claim.
 */
import type { ErrorReason } from '../../src/api/reasons';
import { stmt, type DB } from '../db/index';
import { parseTz } from '../lib/tz';
import { clientZone, HOUR, localDay, type Zone } from './ad-center/zone';
import { Refusal } from './errors';

export const SWITCH_GAP_MS = 20 * HOUR;

/**
 * The zone a claim of this kind counts its day in now: `zone`, unless the rules above do not allow the switch to it
 * yet, then the zone of the kind's last claim. A withdrawal's daily limit counts in it (services/withdraw-limit.ts).
 */
export function claimDayZone(db: DB, userId: number, kind: string, zone: Zone, nowMs: number): Zone {
  const last = stmt<{ zone: string; at: string }>(db, 'SELECT zone, at FROM claim_zones WHERE user_id = ? AND kind = ?').get(userId, kind);
  if (!last || last.zone === zone.label) return zone;
  const lastZone = clientZone(parseTz(last.zone));
  const early = nowMs - Date.parse(last.at) < SWITCH_GAP_MS || localDay(nowMs, zone) < localDay(nowMs, lastZone);
  return early ? lastZone : zone;
}

/** Records a claim of this kind made in `zone` now (inside the claim's transaction). */
export function recordClaimZone(db: DB, userId: number, kind: string, zone: Zone, nowMs: number): void {
  stmt(db, `INSERT INTO claim_zones (user_id, kind, zone, at) VALUES (?, ?, ?, ?)
    ON CONFLICT (user_id, kind) DO UPDATE SET zone = excluded.zone, at = excluded.at`).run(userId, kind, zone.label, new Date(nowMs).toISOString());
}

export function claimInZone(db: DB, userId: number, kind: string, zone: Zone, nowMs: number, refusal: ErrorReason): void {
  if (claimDayZone(db, userId, kind, zone, nowMs) !== zone) throw new Refusal(refusal);
  recordClaimZone(db, userId, kind, zone, nowMs);
}
