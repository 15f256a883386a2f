/**
 * A plan's life as a schedule, and what each delivery step delivers: pure functions of the plan's id (and put
 * amount and time), so every runner, restart and process agrees. simulation.ts applies them with the money.
 * The rhythm, CPM, CTR and return on spend are the ad centre's hourly delivery's, which this grew out of.
 */
import type { PlanStatus } from '../../../src/api/shapes/plan';
import { HOUR } from '../ad-center/zone';

/** The rhythm of a day, by the audience's local hour (relative weights). */
const RHYTHM = [3, 2, 1, 1, 1, 2, 4, 6, 8, 9, 10, 10, 11, 10, 10, 10, 11, 12, 14, 15, 14, 12, 8, 5] as const;

/** A small integer hash (murmur3's finaliser over two words): the simulator's only source of "randomness". */
export function hash2(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface PlanTraits {
  /** Cost per 1000 impressions, cents. */
  cpmCents: number;
  /** Hours the audience's day is ahead of UTC. */
  audienceShift: number;
  /** Return on spend, percent. */
  roasPercent: number;
}

export function planTraits(planId: number): PlanTraits {
  return {
    cpmCents: 150 + (hash2(planId, 2) % 350),
    audienceShift: hash2(planId, 3) % 24,
    roasPercent: 110 + (hash2(planId, 4) % 140),
  };
}

export interface Schedule {
  /** Steps spent matching (the last of them makes the move). */
  matchSteps: number;
  /** Whether matching ends in putFailed. */
  fails: boolean;
  /** Delivery steps. */
  putSteps: number;
  /** Steps from waitSettlement to settled. */
  settleSteps: number;
}

export const MAX_LIFE_STEPS = 4 + 240 + 1 + 6;

/** A plan's schedule: a function of its id (and of the failure share, which tests set to 0 or 100). */
export function planSchedule(planId: number, failPercent: number): Schedule {
  return {
    matchSteps: 1 + (hash2(planId, 11) % 4),
    fails: hash2(planId, 12) % 100 < failPercent,
    putSteps: 24 + (hash2(planId, 13) % 217),
    settleSteps: 2 + (hash2(planId, 14) % 5),
  };
}

/** Steps from the put to the end (settled, or putFailed). */
export const lifeSteps = (s: Schedule): number =>
  s.fails ? s.matchSteps : s.matchSteps + s.putSteps + 1 + s.settleSteps;

/** The status a plan is in after `k` steps. */
export function statusAfter(s: Schedule, k: number): PlanStatus {
  const m = s.matchSteps;
  if (k < m) return 'matching';
  if (s.fails) return 'putFailed';
  if (k < m + s.putSteps) return 'puting';
  if (k === m + s.putSteps) return 'putFinished';
  if (k < m + s.putSteps + 1 + s.settleSteps) return 'waitSettlement';
  return 'settled';
}

/** The status a plan must be in for step `k` to apply (whatever the failure share: failing ends the life). */
export function statusBefore(s: Schedule, k: number): PlanStatus {
  const m = s.matchSteps;
  if (k <= m) return 'matching';
  if (k <= m + s.putSteps) return 'puting';
  if (k === m + s.putSteps + 1) return 'putFinished';
  return 'waitSettlement';
}

export interface StepFigures {
  impressions: number;
  clicks: number;
  consumed_cents: number;
  revenue_cents: number;
}

/**
 * The figures of every delivery step of a plan put at `putMs` (a function of the plan, its amount and when it was
 * put). Step j's weight follows the day's rhythm in the audience's hours at its simulated hour, with ±30 % noise;
 * the consumed cents are the put amount cut at the cumulative weights (rounded down, so the steps sum to the put
 * amount exactly and the last takes the rest); impressions follow from the plan's CPM, clicks from a CTR of 0.8 to
 * 3.2 %, revenue from a return on spend around the plan's own.
 */
export function deliveryFigures(planId: number, putCents: number, putMs: number, s: Schedule): StepFigures[] {
  const traits = planTraits(planId);
  const firstHour = Math.floor(putMs / HOUR) + s.matchSteps;
  const shape = Array.from({ length: s.putSteps }, (_, i) => {
    const hourIndex = firstHour + i + 1;
    const r = hash2(planId, hourIndex);
    const local = (((hourIndex + traits.audienceShift) % 24) + 24) % 24;
    return {
      weight: RHYTHM[local] * (70 + (r % 61)),
      ctrBasisPoints: 80 + ((r >>> 8) % 240),
      roas: traits.roasPercent + ((r >>> 16) % 41) - 20,
    };
  });
  const total = BigInt(shape.reduce((a, x) => a + x.weight, 0));
  let cumulative = 0;
  let before = 0;
  return shape.map((x, i) => {
    cumulative += x.weight;
    // BigInt: a 12-digit amount times the weights passes Number's exact range.
    const upTo = i === shape.length - 1 ? putCents : Number((BigInt(putCents) * BigInt(cumulative)) / total);
    const consumed = upTo - before;
    before = upTo;
    const impressions = Math.floor((consumed * 1000) / traits.cpmCents);
    return {
      impressions,
      consumed_cents: consumed,
      clicks: Math.floor((impressions * x.ctrBasisPoints) / 10_000),
      revenue_cents: Math.floor((consumed * x.roas) / 100),
    };
  });
}

/** What the simulation reads of a plan, always inside the transaction that writes its step. */
