/**
 * The daily check-in (the wire's "sign-in"): one row per merchant and local day (the day of the X-TZ zone at the
 * moment of the tap); each adds its day's reward (CHECK_IN_REWARDS, by the day's place in a 7-day cycle of the
 * streak) to the credit score in the same transaction. A check-in is first a daily claim (daily-claims.ts), which
 * locks the merchant's sign-in claim row until the transaction ends: simultaneous taps, on any number of processes
 * and whatever zone each says it is in, are judged one after the other, so a second zone cannot make a second day.
 * Among taps of one day the (user, day) primary key decides which wins; only the tap whose row went in is paid, and
 * its reward is computed inside that transaction from the rows as they are then, so no race can pay a day twice or
 * at another day's rate.
 */
import { CHECK_IN_REWARDS, type CheckInStatus, type SignInResult } from '../../../src/api/shapes/ad-center';
import type { Db } from '../../storage/engine';
import { addCreditScore, insertSignIn, signInDaysUpTo } from '../../storage/ad-center';
import { inTransaction } from '../../storage/transaction';
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

/** How far back a streak is counted (ten years of days). */
const RECENT_DAYS = 3660;

/** Checked in on today's local day; the streak ends today, or yesterday while today is still open. */
export async function signInState(
  db: Db,
  userId: number,
  zone: Zone,
  nowMs: number,
): Promise<{ today: string; signedToday: boolean; streak: number }> {
  const today = localDay(nowMs, zone);
  const days = await signInDaysUpTo(db, userId, today, RECENT_DAYS);
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
export async function checkInStatus(db: Db, userId: number, zone: Zone, nowMs: number): Promise<CheckInStatus> {
  const s = await signInState(db, userId, zone, nowMs);
  const { done, todayDay } = cyclePlace(s.signedToday, s.streak);
  return {
    day: s.today,
    done_today: s.signedToday,
    streak: s.streak,
    today_reward: CHECK_IN_REWARDS[todayDay - 1],
    days: CHECK_IN_REWARDS.map((reward, i) => ({ day: i + 1, reward, done: i < done, today: i + 1 === todayDay })),
  };
}

export async function signIn(db: Db, userId: number, zone: Zone, nowMs: number): Promise<SignInResult> {
  const day = localDay(nowMs, zone);
  const at = new Date(nowMs).toISOString();
  return inTransaction(db, async (trx) => {
    // The claim first: it holds the merchant's sign-in lock until this transaction ends.
    await claimInZone(trx, userId, 'sign-in', zone, nowMs, 'already_signed');
    if (!(await insertSignIn(trx, userId, day, at))) throw new Refusal('already_signed');
    // Inside the write transaction, with today's row in: the streak and so the reward are this check-in's own.
    const status = await checkInStatus(trx, userId, zone, nowMs);
    const reward = status.today_reward;
    await addCreditScore(trx, userId, reward, at);
    const level = await syncLevel(trx, userId);
    return { day, streak: status.streak, reward, credit_score: level.credit_score, check_in: status };
  });
}
