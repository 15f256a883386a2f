/**
 * The data overview (`Statistics`): sums of the merchant's hourly delivery rows and plans over a period cut in
 * the merchant's zone, with the impressions/clicks trend across it. An hourly row belongs to the period (and
 * the bucket) its hour starts in; in a zone at a half- or quarter-hour offset the rows are still whole UTC hours,
 * so the boundary falls inside one of them and that row counts on the side its start is on.
 */
import type { PeriodFigures, StatPeriod, Statistics, TrendBucket, TrendPoint } from '../../../src/api/shapes/ad-center';
import type { Db } from '../../storage/engine';
import {
  countFollowersOf,
  deliverySums,
  depositAndBalance,
  firstPlanCreatedAt,
  hourlyTrend,
} from '../../storage/ad-center';
import { fromCents } from '../../../src/lib/money';
import type { UserRow } from '../users';
import { toBeConsumedCents } from '../wallet';
import { investment } from './investment';
import { syncLevel } from './levels';
import { checkInStatus } from './sign-in';
import { addDays, addMonths, HOUR, localTime, startOfDay, type LocalDate, type Zone } from './zone';

export interface Buckets {
  bucket: TrendBucket;
  starts: number[];
  end: number;
  from: number | null;
}

/** "All" shows at least this many months, so a new merchant's line has a shape rather than two points. */
export const MIN_ALL_MONTHS = 6;
/** Local days in each period that has a previous one. */
const PERIOD_DAYS: Record<Exclude<StatPeriod, 'all'>, number> = { today: 1, week: 7, month: 30 };

/** First instant of the local month of `ms`. */
function monthStart(ms: number, zone: Zone): LocalDate {
  const t = localTime(ms, zone);
  return { y: t.y, m: t.m, d: 1 };
}

/**
 * The period's trend buckets (UTC starts, oldest first) and its end. `from` is where the period's sums start
 * (null for all: everything). `firstMs` is the merchant's first plan or delivery, for `all`.
 */
export function periodBuckets(period: StatPeriod, nowMs: number, zone: Zone, firstMs: number | null): Buckets {
  const t = localTime(nowMs, zone);
  const today: LocalDate = { y: t.y, m: t.m, d: t.d };
  const tomorrow = startOfDay(addDays(today, 1), zone);
  if (period === 'today') {
    const starts: number[] = [];
    for (let h = startOfDay(today, zone); h < tomorrow; h += HOUR) starts.push(h);
    return { bucket: 'hour', starts, end: tomorrow, from: starts[0] };
  }
  if (period === 'week' || period === 'month') {
    const days = period === 'week' ? 7 : 30;
    const starts = Array.from({ length: days }, (_, i) => startOfDay(addDays(today, i - days + 1), zone));
    return { bucket: 'day', starts, end: tomorrow, from: starts[0] };
  }
  const thisMonth = monthStart(nowMs, zone);
  const earliest = addMonths(thisMonth, 1 - MIN_ALL_MONTHS);
  let month = firstMs === null ? earliest : monthStart(Math.min(firstMs, nowMs), zone);
  if (month.y > earliest.y || (month.y === earliest.y && month.m > earliest.m)) month = earliest;
  const starts: number[] = [];
  while (month.y < thisMonth.y || (month.y === thisMonth.y && month.m <= thisMonth.m)) {
    starts.push(startOfDay(month, zone));
    month = addMonths(month, 1);
  }
  return { bucket: 'month', starts, end: startOfDay(addMonths(thisMonth, 1), zone), from: null };
}

/**
 * The previous period of the same length: the window shifted back by the period's local days and as long as the
 * current one so far, so this morning is compared with yesterday morning, not with the whole of yesterday.
 * Null for all. Ends at the current period's start at the latest (a DST change can make a day an hour longer).
 */
export function previousWindow(
  period: StatPeriod,
  b: Buckets,
  nowMs: number,
  zone: Zone,
): { from: number; to: number } | null {
  if (period === 'all' || b.from === null) return null;
  const t = localTime(b.from, zone);
  const from = startOfDay(addDays({ y: t.y, m: t.m, d: t.d }, -PERIOD_DAYS[period]), zone);
  const elapsed = Math.max(0, Math.min(nowMs, b.end) - b.from);
  return { from, to: Math.min(b.from, from + elapsed) };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The period-bound figures over [lo, hi) (ISO instants; lo '' for all time): one code path for both periods. */
async function periodFigures(db: Db, userId: number, lo: string, hi: string): Promise<PeriodFigures> {
  const sums = await deliverySums(db, userId, lo, hi);
  // Orders: the plans that are investment (investment.ts), created in the period.
  const orders = await investment(db, userId, { fromIso: lo, toIso: hi });
  return {
    investment_amount: fromCents(orders.cents),
    delivery_orders: orders.plans,
    consumed: fromCents(sums.consumed),
    impressions: sums.impressions,
    clicks: sums.clicks,
    ad_revenue: fromCents(sums.revenue),
    profit: fromCents(sums.revenue - sums.consumed),
  };
}

/** The overview of one period. Pure reads apart from keeping users.level in line; the caller runs delivery first. */
export async function statistics(
  db: Db,
  user: UserRow,
  period: StatPeriod,
  zone: Zone,
  signInZone: Zone,
  nowMs: number,
): Promise<Statistics> {
  const first = await firstPlanCreatedAt(db, user.id);
  const b = periodBuckets(period, nowMs, zone, first ? Date.parse(first) : null);
  const current = await periodFigures(db, user.id, b.from === null ? '' : iso(b.from), iso(b.end));
  const prev = previousWindow(period, b, nowMs, zone);
  const operated = await countFollowersOf(db, user.proxy_id, user.id);
  const wallet = await depositAndBalance(db, user.id);
  const level = await syncLevel(db, user.id);
  const checkIn = await checkInStatus(db, user.id, signInZone, nowMs);
  const toBeConsumed = await toBeConsumedCents(db, user.id);
  const trendPoints = await trend(db, user.id, b);
  const previous = prev ? await periodFigures(db, user.id, iso(prev.from), iso(prev.to)) : null;

  return {
    period,
    time_zone: zone.label,
    ...current,
    to_be_consumed: fromCents(toBeConsumed),
    operated,
    credit_score: level.credit_score,
    level: level.level,
    level_name: level.name,
    deposit: fromCents(wallet?.deposit_cents ?? 0),
    balance: fromCents(wallet?.balance_cents ?? 0),
    proxy_id: user.proxy_id,
    check_in: checkIn,
    bucket: b.bucket,
    trend: trendPoints,
    previous,
  };
}

/** Impressions and clicks per bucket: hourly rows grouped, then placed by their start with a binary search. */
async function trend(db: Db, userId: number, b: Buckets): Promise<TrendPoint[]> {
  const points = b.starts.map((s) => ({ start: iso(s), impressions: 0, clicks: 0 }));
  const rows = await hourlyTrend(db, userId, iso(b.starts[0]), iso(b.end));
  for (const r of rows) {
    const ms = Date.parse(r.hour);
    let lo = 0;
    let hi = b.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (b.starts[mid] <= ms) lo = mid;
      else hi = mid - 1;
    }
    const p = points[lo];
    p.impressions += r.impressions;
    p.clicks += r.clicks;
  }
  return points;
}
