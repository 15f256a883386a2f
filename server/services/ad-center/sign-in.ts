/**
 * The daily check-in (the wire's "sign-in"): one row per merchant and local day (the day of the X-TZ zone at the
 * moment of the tap); each adds its day's reward (CHECK_IN_REWARDS, by the day's place in a 7-day cycle of the
 * streak) to the credit score in the same transaction. The (user, day) primary key decides which of several
 * simultaneous taps wins, so exactly one succeeds even across processes; the reward is computed inside that
 * transaction from the rows as they are then, so no race can pay a day twice or at another day's rate.
 */
import { CHECK_IN_REWARDS, type CheckInStatus, type SignInResult } from '../../../src/api/shapes/ad-center';
import { stmt, type DB } from '../../db/index';
import { claimInZone } from '../daily-claims';
import { Refusal } from '../errors';
import { syncLevel } from './levels';
import { addDays, dayKey, localDay, parseDay, type Zone } from './zone';

const CYCLE = CHECK_IN_REWARDS.length;

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

/** Checked in on today's local day; the streak ends today, or yesterday while today is still open. */
export function signInState(db: DB, userId: number, zone: Zone, nowMs: number): { today: string; signedToday: boolean; streak: number } {
  const today = localDay(nowMs, zone);
  const days = stmt<{ day: string }>(db, RECENT_DAYS).all(userId, today).map((r) => r.day);
  const signedToday = days[0] === today;
  const streak = signedToday ? streakEnding(days, today) : streakEnding(days, dayKey(addDays(parseDay(today), -1)));
  return { today, signedToday, streak };
}

/**
 * Where a streak stands in its 7-day cycle: the days of the cycle already done and today's place (1 to 7). Done
 * today, today is the streak's last day; not yet, today would be the day after the streak (a streak of exactly 7,
 * 14… ending yesterday completed its cycle, so today starts a new one).
 */
export function cyclePlace(signedToday: boolean, streak: number): { done: number; todayDay: number } {
  if (signedToday) {
    const todayDay = ((streak - 1) % CYCLE) + 1;
    return { done: todayDay, todayDay };
  }
  const done = streak % CYCLE;
  return { done, todayDay: done + 1 };
}

/** What the home's check-in strip shows: the streak, the cycle's days and today's reward, all decided here. */
export function checkInStatus(db: DB, userId: number, zone: Zone, nowMs: number): CheckInStatus {
  const s = signInState(db, userId, zone, nowMs);
  const { done, todayDay } = cyclePlace(s.signedToday, s.streak);
  return {
    day: s.today,
    done_today: s.signedToday,
    streak: s.streak,
    today_reward: CHECK_IN_REWARDS[todayDay - 1]!,
    days: CHECK_IN_REWARDS.map((reward, i) => ({ day: i + 1, reward, done: i < done, today: i + 1 === todayDay })),
  };
}

export function signIn(db: DB, userId: number, zone: Zone, nowMs: number): SignInResult {
  const day = localDay(nowMs, zone);
  return db.transaction(() => {
    claimInZone(db, userId, 'sign-in', zone, nowMs, 'already_signed');
    const added = stmt(db, 'INSERT OR IGNORE INTO sign_ins (user_id, day, created_at) VALUES (?, ?, ?)').run(userId, day, new Date(nowMs).toISOString());
    if (added.changes === 0) throw new Refusal('already_signed');
    // Inside the write transaction, with today's row in: the streak and so the reward are this check-in's own.
    const status = checkInStatus(db, userId, zone, nowMs);
    const reward = status.today_reward;
    stmt(db, 'UPDATE users SET credit_score = credit_score + ?, updated_at = ? WHERE id = ?').run(reward, new Date(nowMs).toISOString(), userId);
    const level = syncLevel(db, userId);
    return { day, streak: status.streak, reward, credit_score: level.credit_score, check_in: status };
  }).immediate();
}
