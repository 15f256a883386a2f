/**
 * The daily sign-in: one row per merchant and local day (the day of the X-TZ zone at the moment of the tap);
 * each adds SIGN_IN_CREDIT to the credit score in the same transaction. The (user, day) primary key decides
 * which of several simultaneous taps wins, so exactly one succeeds even across processes.
 */
import { Reason, SIGN_IN_CREDIT, type SignInResult } from '../../../src/api/contract';
import { stmt, type DB } from '../../db/index';
import { claimInZone } from '../daily-claims';
import { Refusal } from '../errors';
import { syncLevel } from './levels';
import { addDays, dayKey, localDay, parseDay, type Zone } from './zone';

/** Days in a row ending on `lastDay`, counted back over `days` (newest first, distinct). */
function streakEnding(days: readonly string[], lastDay: string): number {
  let n = 0;
  let expected = lastDay;
  for (const d of days) {
    if (d > expected) continue;
    if (d !== expected) break;
    n++;
    expected = dayKey(addDays(parseDay(expected), -1));
  }
  return n;
}

const RECENT_DAYS = 'SELECT day FROM sign_ins WHERE user_id = ? AND day <= ? ORDER BY day DESC LIMIT 3660';

/** Signed in on today's local day; the streak ends today, or yesterday while today is still open. */
export function signInState(db: DB, userId: number, zone: Zone, nowMs: number): { today: string; signedToday: boolean; streak: number } {
  const today = localDay(nowMs, zone);
  const days = stmt<{ day: string }>(db, RECENT_DAYS).all(userId, today).map((r) => r.day);
  const signedToday = days[0] === today;
  const streak = signedToday ? streakEnding(days, today) : streakEnding(days, dayKey(addDays(parseDay(today), -1)));
  return { today, signedToday, streak };
}

export function signIn(db: DB, userId: number, zone: Zone, nowMs: number): SignInResult {
  const day = localDay(nowMs, zone);
  return db.transaction(() => {
    claimInZone(db, userId, 'sign-in', zone, nowMs, Reason.ALREADY_SIGNED);
    const added = stmt(db, 'INSERT OR IGNORE INTO sign_ins (user_id, day, created_at) VALUES (?, ?, ?)').run(userId, day, new Date(nowMs).toISOString());
    if (added.changes === 0) throw new Refusal(Reason.ALREADY_SIGNED);
    stmt(db, 'UPDATE users SET credit_score = credit_score + ?, updated_at = ? WHERE id = ?').run(SIGN_IN_CREDIT, new Date(nowMs).toISOString(), userId);
    const level = syncLevel(db, userId);
    const streak = signInState(db, userId, zone, nowMs).streak;
    return { day, streak, credit_score: level.credit_score };
  }).immediate();
}
