/** The ad centre: the live ticker, the data overview, the daily check-in, shop levels, plan follow, activities. */
import type { CouponOffer } from './coupon';
import type { Localized, RichText } from './config';

/** How often the ad centre's home asks for the ticker and its figures again, and how long the server keeps the ticker. */
export const REFRESH_MS = 30_000;

/** What a broadcast line reports; the client words it in the merchant's language. */
export const BROADCAST_ACTIONS = ['joined', 'put', 'earned', 'withdrew'] as const;
export interface BroadcastUpdate {
  /** Opaque: the same update keeps its id from one payload to the next; nothing else can be read from it. */
  id: number;
  /**
   * A nickname the merchant chose, masked by the server (first and last character kept, e.g. `d***o`); null when
   * the merchant never chose one: the update then says "a merchant".
   */
  name: string | null;
  action: (typeof BROADCAST_ACTIONS)[number];
  /** Money for put / earned / withdrew; null for joined. */
  amount: string | null;
  /** To the minute. */
  time: string;
}
/** The live ticker (`/broadcast-data`), aggregated by the server from real rows of every merchant. */
export interface Broadcast {
  /** Merchants with a live session. */
  online_users: number;
  /** Money still to be delivered across all live plans. */
  ad_demand: string;
  /** Plans ever put. */
  order_count: number;
  /** Ad revenue of all merchants. */
  earned: string;
  /** Withdrawals of all merchants. */
  withdrew: string;
  /** Newest first, at most 20. */
  updates: BroadcastUpdate[];
}

/**
 * The data overview's periods, in the merchant's zone (`user_time_zone`, else X-TZ, else UTC): today since local
 * midnight; week the last 7 local days, today included; month the last 30; all since the first plan.
 */
export const STAT_PERIODS = ['today', 'week', 'month', 'all'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];
/** How the trend is bucketed: today by hour, week and month by day, all by month. */
export type TrendBucket = 'hour' | 'day' | 'month';
/** One bucket of the trend: `start` is the UTC instant the bucket starts (local midnight, local hour, …). */
export interface TrendPoint {
  start: string;
  impressions: number;
  clicks: number;
}
/**
 * The overview's figures that belong to a period (sums over it), as `Statistics` has them; `Statistics.previous`
 * carries them for the previous period of the same length.
 */
export interface PeriodFigures {
  investment_amount: string;
  delivery_orders: number;
  consumed: string;
  impressions: number;
  clicks: number;
  ad_revenue: string;
  profit: string;
}
/** A level's wording: "user star" levels, then VIP levels (the shop level, also worded user star or VIP; docs/product.md, "Levels"). */
export interface LevelName {
  kind: 'star' | 'vip';
  rank: number;
}

/**
 * The ad centre's overview for one period, computed by the server from the merchant's plans and their hourly
 * delivery rows, never invented. The profile figures (credit score to sign-in) do not depend on the period.
 */
export interface Statistics {
  period: StatPeriod;
  /** The zone the periods were cut in (IANA name, or `UTC+08:00` from an offset). */
  time_zone: string;
  /**
   * Investment of the plans created in the period. Investment (one definition, also LevelOverview's): the sum
   * of the put amounts of the merchant's plans that were put for delivery, i.e. every plan except one still
   * waiting to be put (waitPut) or whose put failed (putFailed).
   */
  investment_amount: string;
  /** Plans created in the period that count as investment (see investment_amount). */
  delivery_orders: number;
  /** Money spent by delivery in the period. */
  consumed: string;
  /**
   * Put but not yet delivered: put amount minus consumed, over the live plans (matching, puting); not
   * period-bound. Derived from the plans, the same figure the wallet shows as to_be_consumed.
   */
  to_be_consumed: string;
  impressions: number;
  clicks: number;
  /** Revenue the ads brought in the period. */
  ad_revenue: string;
  /** ad_revenue − consumed; may be negative. */
  profit: string;
  /** Merchants who follow this merchant's proxy ID (plan follow). */
  operated: number;
  credit_score: number;
  level: number;
  level_name: LevelName;
  deposit: string;
  balance: string;
  proxy_id: string;
  /** The daily check-in on the merchant's current local day (X-TZ): the streak and the 7-day strip. */
  check_in: CheckInStatus;
  bucket: TrendBucket;
  /**
   * Oldest first; today: 24 hours, week: 7 days, month: 30 days, all: every month since the first plan, and at
   * least the last 6 months (a month before the first plan has zeros), so the line has a shape to read.
   */
  trend: TrendPoint[];
  /**
   * The period-bound figures of the previous period of the same length, cut by the same code: the window shifted
   * back by one period and as long as the current one so far (today until now against yesterday until the same
   * time; the last 7 or 30 days against the 7 or 30 before them). null for all: there is no period before it.
   * (to_be_consumed and operated are the present state, not sums over a period: they have no previous figure.)
   */
  previous: PeriodFigures | null;
}

/**
 * The daily check-in (the wire still calls it sign-in: /user/sign_in): one per local day (X-TZ), rewarded in credit
 * score by the day's place in a 7-day cycle. Day 1 is the first day of a streak; after day 7 the next day is day 1
 * again; a missed day ends the streak and the next check-in is day 1.
 */
export const CHECK_IN_REWARDS = [1, 1, 2, 2, 3, 3, 5] as const;
/** A first check-in's reward (day 1 of a cycle). */
export const SIGN_IN_CREDIT = CHECK_IN_REWARDS[0];
/** One day of the current 7-day cycle. */
export interface CheckInDay {
  /** 1 to 7. */
  day: number;
  /** Credit score this day gives. */
  reward: number;
  /** Checked in on that day. */
  done: boolean;
  /** It is the merchant's today (done or not). */
  today: boolean;
}
export interface CheckInStatus {
  /** The merchant's local day (YYYY-MM-DD, X-TZ) this status is for. */
  day: string;
  /** Checked in today. */
  done_today: boolean;
  /** Consecutive local days checked in, ending today or, while today is still open, yesterday. */
  streak: number;
  /** Today's reward: earned when done_today, to earn otherwise. */
  today_reward: number;
  /** The current cycle, day 1 to 7: the days done, today, the days to come. */
  days: CheckInDay[];
}
/** A check-in's answer: the day, its reward, the credit score after it and the status now (done today). */
export interface SignInResult {
  day: string;
  streak: number;
  reward: number;
  credit_score: number;
  check_in: CheckInStatus;
}

/** A shop level's benefit; the client words it by code, with `value` as its parameter. */
export const LEVEL_BENEFITS = [
  'daily_coupons',
  'fee_discount',
  'priority_matching',
  'withdraw_limit',
  'official_push',
  'dedicated_service',
] as const;
export interface LevelBenefit {
  code: (typeof LEVEL_BENEFITS)[number];
  /** daily_coupons: a count ("2"); fee_discount: a percentage ("5"); withdraw_limit: money per day ("5000.00"). */
  value?: string;
}
/** A level of the server's table: reached when either threshold is met. */
export interface LevelDef {
  level: number;
  name: LevelName;
  min_credit_score: number;
  min_investment: string;
  benefits: LevelBenefit[];
}
export interface LevelOverview {
  level: number;
  credit_score: number;
  /** Investment over all time (defined on Statistics.investment_amount: plans put for delivery, not waitPut or putFailed). */
  total_investment: string;
  /** Every level, lowest first. */
  levels: LevelDef[];
}

/** Plan follow: an operator this merchant follows by their follow ID (`proxy_id` on the wire). */
export interface FollowRecord {
  id: number;
  proxy_id: string;
  /**
   * The followed shop's display name (its nickname), unmasked: the merchant chose to follow it. The name saved at
   * follow time when the shop is gone; '' when it never had one.
   */
  nickname: string;
  create_time: string;
  /** That operator's plans now in delivery. */
  live_plans: number;
}
/** What an unfollow removed (the same again for a repeated request_id). */
export interface UnfollowResult {
  id: number;
  proxy_id: string;
}

/**
 * Newcomer activities. new_user_support: once per merchant ever; display_discount: once per local day.
 * `received`: already received (ever, or today, by `once_per`). Receiving twice is refused with coupon_received
 * (once per user) or coupon_daily_limit (once per day), also under concurrent taps.
 */
export const ACTIVITY_KINDS = ['new_user_support', 'display_discount'] as const;
export interface Activity {
  id: number;
  kind: (typeof ACTIVITY_KINDS)[number];
  title: Localized;
  description: Localized;
  once_per: 'user' | 'day';
  offer: CouponOffer;
  received: boolean;
}
export interface Activities {
  list: Activity[];
  rules: RichText;
  game_description: RichText;
}
