/**
 * The wire contract between the SDK and the reference server: every call of spec §7 with its method, path,
 * request schema and response type. The client builds requests from this table and the server registers its
 * routes and validates bodies from it, so the two cannot drift apart.
 * Field names are the spec's words in snake_case. Money is a decimal string ("12.50"), times are ISO 8601.
 */
import {
  accepted, bool, differs, empty, imageUrl, int, list, matches, md5hex, money, obj, oneOf, opt, secret, str,
  type Infer, type Schema,
} from './schema';

// ---------- envelope and codes (spec §8) ----------

export interface Envelope<T = unknown> { code: number; msg: string; data: T }

export const Code = {
  OK: 200,
  PARAMS: 400,
  NO_AUTH: 401,
  NOT_ACTIVATED: 402,
  NOT_ENABLED: 403,
  DELETED: 404,
  DATA: 405,
  SERVER: 500,
  TOKEN_EXPIRED: 503,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** `data` of an error envelope: the language to switch to (401-404) and, for 400, which field broke which rule. */
export interface ErrorData {
  lang?: string; field?: string; rule?: string; reason?: ErrorReason;
  /** With reason rate_limited: seconds until the next try is accepted. */
  retry_after?: number;
  /**
   * With a wrong transaction password (pay_password_wrong, wrong_old_password): how many more wrong answers the
   * guess limit allows before it locks (0: this one locked it).
   */
  tries_left?: number;
  /** With withdraw_limit_exceeded: what the daily withdrawal limit still allows today (money, "900.00"). */
  left?: string;
  /**
   * With 401 from loginV2 (a valid partner link, no open store yet): the short-lived entry ticket registerV2 needs.
   * The client keeps it in memory only, never in a URL or storage.
   */
  ticket?: string;
}

/** Machine-readable reasons for business failures, so the client shows the spec's message in the user's language. */
export const Reason = {
  USER_EXISTS: 'user_exists',
  WRONG_CREDENTIALS: 'wrong_credentials',
  LICENSE_INVALID: 'license_invalid',
  AUTH_CODE_NOT_FOUND: 'auth_code_not_found',
  WRONG_OLD_PASSWORD: 'wrong_old_password',
  PAY_PASSWORD_WRONG: 'pay_password_wrong',
  PAY_PASSWORD_UNSET: 'pay_password_unset',
  STARTUP_FUNDS: 'startup_funds_not_returned',
  AMOUNT_INVALID: 'amount_invalid',
  AMOUNT_RANGE: 'amount_out_of_range',
  INSUFFICIENT_BALANCE: 'insufficient_balance',
  ID_ERROR: 'id_error',
  ACCEPTANCE_CODE: 'acceptance_code_error',
  COUPON_USED: 'coupon_used',
  COUPON_EXPIRED: 'coupon_expired',
  /** A put coupon whose requirement (the lowest put amount it applies to) the amount does not meet. */
  COUPON_REQUIREMENT: 'coupon_requirement_unmet',
  /** A coupon that is not a put coupon, or not this merchant's. */
  COUPON_NOT_APPLICABLE: 'coupon_not_applicable',
  /** A put for a plan that is no longer waiting to be put (put already, from another device or tab). */
  PLAN_NOT_WAITING: 'plan_not_waiting',
  COUPON_DAILY: 'coupon_daily_limit',
  COUPON_RECEIVED: 'coupon_received',
  /** A put coupon (COUPON_USE 'put') cannot be redeemed from the list: it applies when a plan is put. */
  COUPON_PUT_ONLY: 'coupon_put_only',
  ALREADY_SIGNED: 'already_signed',
  IMAGE_TOO_LARGE: 'image_too_large',
  NOT_IMAGE: 'not_image',
  /** A feedback names an upload that does not exist or is another merchant's (the two are not told apart). */
  UPLOAD_UNKNOWN: 'upload_unknown',
  NOT_MODIFIED: 'not_modified',
  NOT_FOUND: 'not_found',
  RATE_LIMITED: 'rate_limited',
  /** A partner entry link without a valid signature (unsigned, forged, for another user, from the future). */
  ENTRY_LINK_INVALID: 'entry_link_invalid',
  /** A partner entry link (or the entry ticket it gave) that is too old or already used. */
  ENTRY_LINK_EXPIRED: 'entry_link_expired',
} as const;
export type ErrorReason = (typeof Reason)[keyof typeof Reason] | (typeof WalletReason)[keyof typeof WalletReason];

// ---------- constants (spec §9) ----------

export const LANGUAGES = ['cht', 'de', 'en', 'fr', 'jp', 'kor', 'pt', 'ru', 'spa', 'th', 'vi', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const PAY_PASSWORD_LENGTH = 6;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** How long an upload may take on a slow phone link: the SDK waits this long, and the server lets a request take it. */
export const UPLOAD_TIMEOUT_MS = 90_000;
export const REFRESH_MS = 30_000;
export const PAGE_SIZE_MAX = 50;

// ---------- shared entities ----------

/** A customer-service contact: type 1 opens inside the app (/customer), anything else in a new window. */
export interface Contact { id: number; type: number; url: string; label: Record<string, string>; icon?: string }

export interface LanguageMapEntry { source: string; targets: Language; description?: string }

/**
 * Rich text: HTML written by operators (FAQ answers, rules, banner details, notification bodies). The server
 * sanitizes it when it is stored or seeded (server/lib/sanitize.ts, sanitize-html); the client still never sets
 * it as HTML: ui/rich-text parses it inertly and renders an allowlist. Per language, falling back to `en`.
 */
export type RichText = Record<string, string>;
/** Plain text per language code, falling back to `en`. */
export type Localized = Record<string, string>;

/**
 * Where a banner's or an FAQ's call to action may lead: screens of this app, by path, never an address. The server
 * drops a call to action whose route is not one of these (services/config.ts), and the client shows only these.
 */
export const CTA_ROUTES = [
  '/ad-center/activities', '/ad-center/coupons', '/ad-center/level', '/ad-center/operated', '/ad-center/feedback',
  '/plan', '/wallet', '/notification',
] as const;
export type CtaRoute = (typeof CTA_ROUTES)[number];
/** A detail page's next step: a primary button with the operator's words that opens one of the app's screens. */
export interface Cta { label: Localized; route: CtaRoute }
export interface Faq { id: number; question: Localized; answer: RichText; cta?: Cta }
/** A banner: artwork without words; its title (and an optional subtitle) are shown over it in the merchant's language. */
export interface Banner { id: number; image: string; title: Localized; subtitle?: Localized; content: RichText; cta?: Cta }
export interface WithdrawMethod { id: number; name: string; kind: 'bank' | 'wallet' }

export interface BasicConfig {
  client_language_map: LanguageMapEntry[];
  customer_service_url: Contact[];
  recharge_customer_service_url: Contact[];
  withdraw_method_config: WithdrawMethod[];
  faq_config: Faq[];
  privacy_policy: string;
  banner_config: Banner[];
  /** The ad centre's operating rules (shown on home and on plan follow). */
  operating_rules: RichText;
  /** The ISO 4217 code every amount is in (USD for the demo): the client formats all money in it. */
  currency: string;
}
/** The keys of BasicConfig that spec §3 keeps out of local storage. */
export const UNSTORED_CONFIG_KEYS = ['faq_config', 'privacy_policy', 'banner_config', 'withdraw_method_config', 'operating_rules'] as const;

export type AccountState = 'active' | 'not_activated' | 'disabled' | 'deleted';

export interface UserInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  phone: string;
  /** 'register' for merchants who signed up here; a partner's entry key for those who came through /entry. */
  entry: string;
  lang: Language;
  avatar: string;
  store_opened: boolean;
  credit_score: number;
  level: number;
  proxy_id: string;
  customer_service_url?: Contact[];
  recharge_customer_service_url?: Contact[];
}

export interface AuthResult { token: string; expires_at: string }

export interface Page<T> { list: T[]; total: number; page: number; page_size: number }
const paging = { page: opt(int({ min: 1, max: 100000 })), page_size: opt(int({ min: 1, max: PAGE_SIZE_MAX })) };

import { PLAN_STATUSES, planPutSchema, type PlanStatus } from './plans';
export { PLAN_STATUSES, planPutSchema, type PlanStatus };

export interface Product { id: number; name: string; image: string; price: string; description: string }
/**
 * An advertising plan (an order). Its life (server/services/plans): waitPut → matching (put: the balance paid) →
 * puting (delivered step by step) → putFinished → waitSettlement → settled (revenue and profit credited), or
 * matching → putFailed (the money returned).
 */
export interface Plan {
  id: number;
  plan_no: string;
  /** What the plan delivers: the amount put ("0.00" while waiting to be put). */
  put_amount: string;
  /** Percent of the put amount delivered so far, 0–100. */
  put_progress: number;
  create_time: string;
  product: Product;
  content: string;
  rule: string;
  user_targeting: string;
  official: boolean;
  status: PlanStatus;
  lowest_put_amount: string;
  highest_put_amount: string;
}
/** A plan's delivery so far. profit = revenue − consumed (negative when delivery earned less than it cost). */
export interface PlanFigures { impressions: number; clicks: number; consumed: string; revenue: string; profit: string }
/** One status the plan entered, and when: the detail's timeline, oldest first (the first is waitPut at creation). */
export interface PlanEvent { status: PlanStatus; time: string }
export interface PlanDetail extends Plan {
  figures: PlanFigures;
  timeline: PlanEvent[];
  /** What the put took from the balance (put amount minus the coupon's reduction); null before the put. */
  paid: string | null;
  /** The put coupon's reduction; null without one. */
  coupon_discount: string | null;
}
/** How many of the merchant's plans are in each status, and in all: the tabs' counts. */
export type PlanCounts = Record<PlanStatus | 'all', number>;
/** A page of one status's plans (without a status: all), newest first, with every tab's count. */
export interface PlanPage extends Page<Plan> { counts: PlanCounts }
/** What a put did: the plan now, the balance after it, and what it took from the balance. */
export interface PutResult { plan: Plan; balance: string; paid: string }

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
export interface TrendPoint { start: string; impressions: number; clicks: number }
/**
 * The overview's figures that belong to a period (sums over it), as `Statistics` has them; `Statistics.previous`
 * carries them for the previous period of the same length.
 */
export interface PeriodFigures {
  investment_amount: string; delivery_orders: number; consumed: string; impressions: number; clicks: number;
  ad_revenue: string; profit: string;
}
/** A level's wording: "user star" levels, then VIP levels (spec §1: shop level, also worded user star or VIP). */
export interface LevelName { kind: 'star' | 'vip'; rank: number }

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
export interface SignInResult { day: string; streak: number; reward: number; credit_score: number; check_in: CheckInStatus }

/** A shop level's benefit; the client words it by code, with `value` as its parameter. */
export const LEVEL_BENEFITS = ['daily_coupons', 'fee_discount', 'priority_matching', 'withdraw_limit', 'official_push', 'dedicated_service'] as const;
export interface LevelBenefit {
  code: (typeof LEVEL_BENEFITS)[number];
  /** daily_coupons: a count ("2"); fee_discount: a percentage ("5"); withdraw_limit: money per day ("5000.00"). */
  value?: string;
}
/** A level of the server's table: reached when either threshold is met. */
export interface LevelDef { level: number; name: LevelName; min_credit_score: number; min_investment: string; benefits: LevelBenefit[] }
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
  id: number; proxy_id: string;
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
export interface UnfollowResult { id: number; proxy_id: string }

export const COUPON_KINDS = ['discount', 'deduction', 'addition', 'fixed', 'value_added', 'deduction_voucher', 'team', 'custom'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** unused, used, expired: expired is decided by `expire_time` against the clock, never by a flag. */
export const COUPON_STATES = ['unused', 'used', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
// What each kind is for (put or wallet), written once: in its own module so the script tag's core does not carry
// it (only the coupon screens and the server read it).
export { COUPON_USE, putReductionCents, type CouponUse } from './coupon-use';
/**
 * A coupon the merchant holds: an activity hands it over unused. `amount`: for kind discount a percentage off
 * ("10.00" = 10 % off), for every other kind money. `requirement`: the lowest put amount it applies to ("0.00":
 * none; always none for wallet kinds). Redeeming a wallet coupon (`/user_coupon/receive`, the spec's name for the
 * call) adds its amount to the wallet's discount amount and makes it used. Refused for a put coupon
 * (coupon_put_only), a used one (coupon_used), an expired one (coupon_expired) and a second coupon of the same
 * name on one local day (coupon_daily_limit).
 */
export interface Coupon {
  id: number; name: Localized; kind: CouponKind; amount: string; requirement: string;
  receive_time: string; expire_time: string; used_time: string | null; state: CouponState;
}
/**
 * A page of one state's coupons, with how many the merchant holds in each state. Order: unused soonest expiry
 * first, used newest use first, expired newest expiry first (without a state: newest received first); ties by id.
 */
export interface CouponPage extends Page<Coupon> { counts: Record<CouponState, number> }
/** A coupon an activity hands out (a template): `valid_days` from receiving. */
export interface CouponOffer { id: number; name: Localized; kind: CouponKind; amount: string; requirement: string; valid_days: number }

/**
 * Newcomer activities. new_user_support: once per merchant ever; display_discount: once per local day.
 * `received`: already received (ever, or today, by `once_per`). Receiving twice is refused with coupon_received
 * (once per user) or coupon_daily_limit (once per day), also under concurrent taps.
 */
export const ACTIVITY_KINDS = ['new_user_support', 'display_discount'] as const;
export interface Activity {
  id: number; kind: (typeof ACTIVITY_KINDS)[number]; title: Localized; description: Localized;
  once_per: 'user' | 'day'; offer: CouponOffer; received: boolean;
}
export interface Activities { list: Activity[]; rules: RichText; game_description: RichText }

export const NOTIFICATION_CATEGORIES = ['announcement', 'maintenance', 'activity'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const NOTIFICATION_READ_STATES = ['unread', 'read'] as const;
export type NotificationReadState = (typeof NOTIFICATION_READ_STATES)[number];
/**
 * A message to the merchant (spec §3): to everyone or to this merchant alone. Title and body are operator text
 * per language (falling back to en); the body is rich text. `read` is the server's record for this merchant, so a
 * message read on one device reads as read on every other.
 */
export interface Notification { id: number; category: NotificationCategory; title: Localized; content: RichText; create_time: string; read: boolean }
/** A page of messages, newest first, with the merchant's unread count as it is now (the bell follows it). */
export interface NotificationPage extends Page<Notification> { unread_total: number }

/**
 * Feedback (spec §3, §5): topic and content required, up to FEEDBACK_IMAGES_MAX images the merchant uploaded
 * first (by upload id: the server accepts only the merchant's own uploads).
 */
export const FEEDBACK_TOPIC_MAX = 100;
export const FEEDBACK_CONTENT_MAX = 1000;
export const FEEDBACK_IMAGES_MAX = 4;
export interface FeedbackItem { id: number; topic: string; content: string; images: string[]; create_time: string }
/**
 * What /files/upload accepts, decided from the file's first bytes (never its name or declared type): JPEG, PNG,
 * WebP and GIF. SVG is refused: it carries script. At most IMAGE_MAX_BYTES.
 */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** An upload: its id (for a feedback) and the root-relative URL it is served at (resolve it against the API base). */
export interface Upload { id: number; url: string; mime: (typeof UPLOAD_TYPES)[number]; size: number }

export interface Property {
  total_assets: string; balance: string; to_be_consumed: string; to_be_settled: string; discount_amount: string;
  pay_password_set: boolean; startup_funds_returned: boolean;
  /**
   * What the level's daily withdrawal limit still allows on the merchant's day (X-TZ, counted as the daily claims
   * count it); null when the level has no limit.
   */
  withdraw_left_today: string | null;
}

export const FLOW_TYPES = ['ad_billing', 'ad_serving', 'system_topup', 'manual_withdrawal', 'system_debit', 'virtual_recharge_deduction', 'vip_subscription', 'profit_sharing'] as const;
/** A ledger row: `amount` is signed (money in is positive), `balance_after` the available balance it left. */
export interface FundingDetail {
  id: number; time: string; amount: string; balance_after: string; type: (typeof FLOW_TYPES)[number];
  /** The remark's English words, or a person's note as written. */
  remark: string | null;
  /** What the remark says, for the app to word (absent from an older server, null for a note or no remark). */
  remark_data?: FlowRemark | null;
}

/** The bound bank card or wallet address (`kind`); a wallet address has no bank address or branch (empty). */
export interface BankCard { kind: BindingKind; bank_name: string; user_name: string; mobile: string; account: string; bank_address: string; branch: string }

import {
  ACCEPTOR_TYPES, walletSchemas, WalletReason,
  type AcceptorPage, type AcceptorState, type BindingKind, type FlowPage, type FlowRemark, type WithdrawResult,
} from './wallet';
export {
  ACCEPTOR_STATES, ACCEPTOR_TYPES, BINDING_KINDS, PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES, walletSchemas, WalletReason,
  type AcceptorPage, type AcceptorState, type BindingKind, type FlowPage, type FlowRemark, type FlowRemarkKind, type MonthTotals,
  type WithdrawResult,
} from './wallet';
export interface AcceptorOrder { id: number; type: (typeof ACCEPTOR_TYPES)[number]; amount: string; limit: string; state: AcceptorState; create_time: string }

// ---------- request schemas ----------

const username = str({ min: 3, max: 32, pattern: /^[A-Za-z0-9_.-]+$/, rule: 'username' });
const password = secret({ min: 6, max: 64 });
const lang = oneOf(LANGUAGES);

export const schemas = {
  login: obj({ username: str({ max: 32 }), password: secret({ max: 64 }) }),
  register: obj(
    {
      username,
      nickname: opt(str({ max: 32 })),
      password,
      confirm_password: secret({ max: 64 }),
      email: str({ max: 120, format: 'email' }),
      phone: str({ max: 24, format: 'phone' }),
      license_key: str({ max: 64 }),
      terms: accepted(),
      lang: opt(lang),
    },
    [matches('password', 'confirm_password')],
  ),
  // ts and sig are optional here so that an unsigned or cut link gets the entry_link_invalid answer, not a 400.
  loginV2: obj({ entry: str({ max: 32 }), uid: str({ max: 64 }), ts: opt(str({ max: 16 })), sig: opt(str({ max: 128 })), lang: opt(lang) }),
  registerV2: obj({ entry: str({ max: 32 }), uid: str({ max: 64 }), nickname: opt(str({ max: 32 })), lang: opt(lang), ticket: str({ max: 128 }) }),
  langV2: obj({ entry: str({ max: 32 }) }),
  editUser: obj({ nickname: opt(str({ max: 32 })), email: opt(str({ max: 120, format: 'email' })), phone: opt(str({ max: 24, format: 'phone' })), lang: opt(lang), avatar: opt(imageUrl({ max: 500 })) }),
  updatePassword: obj(
    { old_password: secret({ max: 64 }), new_password: password, confirm_password: secret({ max: 64 }) },
    [differs('old_password', 'new_password'), matches('new_password', 'confirm_password')],
  ),
  basicConfig: obj({ lang: opt(lang) }),
  openStore: obj({ auth_code: str({ max: 64 }) }),
  planList: obj({ status: opt(oneOf(PLAN_STATUSES)), ...paging }),
  planById: obj({ id: int({ min: 1 }) }),
  planPut: planPutSchema,
  statistics: obj({ type: oneOf(STAT_PERIODS), user_time_zone: opt(str({ max: 64 })) }),
  follow: obj({ proxy_id: str({ max: 32, pattern: /^[A-Za-z0-9]+$/ }) }),
  unfollow: obj({ id: int({ min: 1 }), request_id: str({ min: 8, max: 64 }) }),
  couponList: obj({ state: opt(oneOf(COUPON_STATES)), ...paging }),
  couponReceive: obj({ coupon_id: int({ min: 1 }), request_id: str({ min: 8, max: 64 }) }),
  activityReceive: obj({ activity_id: int({ min: 1 }), request_id: str({ min: 8, max: 64 }) }),
  feedback: obj({
    topic: str({ max: FEEDBACK_TOPIC_MAX }),
    content: str({ max: FEEDBACK_CONTENT_MAX, multiline: true }),
    image_ids: opt(list(int({ min: 1 }), { max: FEEDBACK_IMAGES_MAX })),
    request_id: str({ min: 8, max: 64 }),
  }),
  notifications: obj({ category: opt(oneOf(NOTIFICATION_CATEGORIES)), read_state: opt(oneOf(NOTIFICATION_READ_STATES)), ...paging }),
  notificationRead: obj({ id: opt(int({ min: 1 })), all: opt(bool()) }),
  flowList: obj({ month: opt(str({ pattern: /^\d{4}-\d{2}$/ })), ...paging }),
  acceptorList: obj({ ...paging }),
  withdraw: obj({ amount: money({ positive: true }), password: md5hex(), request_id: str({ min: 8, max: 64 }) }),
  checkPassword: obj({ password: md5hex() }),
  setPassword: obj({ password: md5hex(), confirm_password: md5hex() }, [matches('password', 'confirm_password')]),
  none: empty,
} as const;


// ---------- the call table (spec §7) ----------

export type Method = 'GET' | 'POST';
export interface CallDef<Req, Res> {
  method: Method;
  path: string;
  schema: Schema<Req>;
  /** false: open to visitors without a token. */
  auth: boolean;
  /** multipart form data, sent as is. */
  form?: boolean;
  /** Phantom: the response's `data` type. */
  readonly _res?: Res;
}

/** A call's method and path from its `wire` entry. */
export const splitRoute = (route: string) => route.split(' ') as [Method, string];

// Marked free of side effects (a bundler annotation): the SDK reads only `wire`, so this table is dropped from it.
const def = /*#__NO_SIDE_EFFECTS__*/ <Res>() => /*#__NO_SIDE_EFFECTS__*/ <Req>(route: `${Method} /${string}`, schema: Schema<Req>, o: { auth?: boolean; form?: boolean } = {}): CallDef<Req, Res> => {
  const [method, path] = splitRoute(route);
  return { method, path, schema, auth: o.auth ?? true, form: o.form ?? false };
};

type Ok = { ok: true };

/**
 * The wire half of the call table: method and path per call, as one string ('POST /user/withdraw': the script tag
 * carries this table, and a string is shorter there than a pair). The SDK needs nothing else to make a request, so
 * it imports only this; the schemas below stay out of the script-tag bundle except the few its forms use.
 */
export const wire = {
  upload: 'POST /files/upload',
  planList: 'GET /plan/order/list',
  planDetail: 'POST /plan/order/detail',
  planAppDetail: 'POST /plan/order/app/detail',
  planPut: 'POST /plan/order/put',
  planAwaitCount: 'POST /plan/order/await/put/count',
  registerV2: 'POST /auth/v2/register',
  loginV2: 'POST /auth/v2/login',
  langV2: 'GET /auth/v2/lang',
  authLogin: 'POST /auth/login',
  // Not in spec §7: ends the session of the token it is sent with (that token then answers 503, as an expired one).
  authLogout: 'POST /auth/logout',
  authRegister: 'POST /auth/register',
  userInfo: 'GET /user/info',
  userInfoEdit: 'POST /user/info/edit',
  updatePassword: 'POST /update/password',
  basicConfig: 'GET /basic_config',
  openingStore: 'POST /opening_store',
  broadcast: 'GET /broadcast-data',
  statistics: 'GET /ad/order/data_statistics/list',
  // Not in spec §7 (its sign-in call is "not shown"): the day is the merchant's own, from X-TZ.
  signIn: 'POST /user/sign_in',
  level: 'GET /user/level',
  activities: 'GET /activity/list',
  activityReceive: 'POST /activity/receive',
  assistanceList: 'GET /assistance/list',
  // id_error (field proxy_id) for an unknown ID or the merchant's own; following the same ID again answers the record.
  assistanceFollow: 'POST /assistance/follow',
  // not_found for a follow record that is not this merchant's (or is gone); the same request_id answers the same.
  assistanceUnfollow: 'POST /assistance/unfollow',
  couponList: 'GET /user_coupon/list',
  couponReceive: 'POST /user_coupon/receive',
  // A retried request (same request_id) answers the first feedback; image_ids naming an upload that is not the
  // merchant's own is refused with upload_unknown (field image_ids).
  feedback: 'POST /feedback',
  // Not in spec §7 (its list of past feedback is not shown): the merchant's own feedback, newest first.
  feedbackList: 'GET /feedback/list',
  notifications: 'POST /user/notifications',
  notificationsRead: 'POST /user/notifications/read',
  unreadNotificationsCount: 'POST /user/notifications/unread_count',
  property: 'GET /user/property',
  flowList: 'GET /transaction_flow/list',
  acceptorList: 'GET /acceptor/order/list',
  acceptorDetail: 'POST /acceptor/detail',
  withdraw: 'POST /user/withdraw',
  checkPassword: 'POST /check/password',
  bankCardEdit: 'POST /bank_card/edit',
  bankCardDetail: 'GET /bank_card/detail',
  setPassword: 'POST /set/password',
  // Not in spec §7 (its transaction-password change is not shown): the old password and the new one twice, as MD5.
  updatePayPassword: 'POST /update/pay_password',
} as const satisfies Record<string, `${Method} /${string}`>;

export const calls = {
  upload: def<Upload>()(wire.upload, schemas.none, { form: true }),
  planList: def<PlanPage>()(wire.planList, schemas.planList),
  planDetail: def<PlanDetail>()(wire.planDetail, schemas.planById),
  planAppDetail: def<Product>()(wire.planAppDetail, schemas.planById),
  planPut: def<PutResult>()(wire.planPut, schemas.planPut),
  planAwaitCount: def<{ count: number }>()(wire.planAwaitCount, schemas.none),
  registerV2: def<AuthResult>()(wire.registerV2, schemas.registerV2, { auth: false }),
  loginV2: def<AuthResult>()(wire.loginV2, schemas.loginV2, { auth: false }),
  langV2: def<{ lang: Language }>()(wire.langV2, schemas.langV2, { auth: false }),
  authLogin: def<AuthResult>()(wire.authLogin, schemas.login, { auth: false }),
  authRegister: def<AuthResult>()(wire.authRegister, schemas.register, { auth: false }),
  authLogout: def<Ok>()(wire.authLogout, schemas.none),
  userInfo: def<UserInfo>()(wire.userInfo, schemas.none),
  userInfoEdit: def<UserInfo>()(wire.userInfoEdit, schemas.editUser),
  updatePassword: def<Ok>()(wire.updatePassword, schemas.updatePassword),
  basicConfig: def<BasicConfig>()(wire.basicConfig, schemas.basicConfig, { auth: false }),
  openingStore: def<UserInfo>()(wire.openingStore, schemas.openStore),
  broadcast: def<Broadcast>()(wire.broadcast, schemas.none, { auth: false }),
  statistics: def<Statistics>()(wire.statistics, schemas.statistics),
  // Not in spec §7 (its sign-in call is "not shown"): the day is the merchant's own, from X-TZ.
  signIn: def<SignInResult>()(wire.signIn, schemas.none),
  level: def<LevelOverview>()(wire.level, schemas.none),
  activities: def<Activities>()(wire.activities, schemas.none),
  activityReceive: def<Coupon>()(wire.activityReceive, schemas.activityReceive),
  assistanceList: def<Page<FollowRecord>>()(wire.assistanceList, obj({ ...paging })),
  // id_error (field proxy_id) for an unknown ID or the merchant's own; following the same ID again answers the record.
  assistanceFollow: def<FollowRecord>()(wire.assistanceFollow, schemas.follow),
  // not_found for a follow record that is not this merchant's (or is gone); the same request_id answers the same.
  assistanceUnfollow: def<UnfollowResult>()(wire.assistanceUnfollow, schemas.unfollow),
  couponList: def<CouponPage>()(wire.couponList, schemas.couponList),
  couponReceive: def<Coupon>()(wire.couponReceive, schemas.couponReceive),
  feedback: def<FeedbackItem>()(wire.feedback, schemas.feedback),
  feedbackList: def<Page<FeedbackItem>>()(wire.feedbackList, obj({ ...paging })),
  notifications: def<NotificationPage>()(wire.notifications, schemas.notifications),
  notificationsRead: def<{ unread_total: number }>()(wire.notificationsRead, schemas.notificationRead),
  unreadNotificationsCount: def<{ unread_total: number }>()(wire.unreadNotificationsCount, schemas.none),
  property: def<Property>()(wire.property, schemas.none),
  // month (YYYY-MM, in the merchant's zone from X-TZ) narrows the ledger to one month.
  flowList: def<FlowPage>()(wire.flowList, schemas.flowList),
  acceptorList: def<AcceptorPage>()(wire.acceptorList, schemas.acceptorList),
  // Opens an acceptance with a code of that type: acceptance_code_error (field code) for a wrong, used or
  // other-type code, counted by the guess limit (rate_limited with retry_after once it is reached).
  acceptorDetail: def<AcceptorOrder>()(wire.acceptorDetail, walletSchemas.acceptorDetail),
  // Refusals, in this order: startup_funds_not_returned, pay_password_unset, card_unbound, withdraw_limit_exceeded
  // (field amount, left), pay_password_locked, pay_password_wrong (field password), insufficient_balance (field
  // amount). The same request_id answers the first result.
  withdraw: def<WithdrawResult>()(wire.withdraw, schemas.withdraw),
  // pay_password_unset, pay_password_locked (retry_after), pay_password_wrong (field password).
  checkPassword: def<Ok>()(wire.checkPassword, schemas.checkPassword),
  // Needs the transaction password (its MD5 in `password`), checked under the same guess limit as a withdrawal.
  // Refusals, in this order: pay_password_unset; a kind not in withdraw_method_config (field kind), an account
  // number not of its kind (field account, rule bankAccount or walletAddress), not_modified when every field is as
  // bound; pay_password_locked (retry_after), pay_password_wrong (field password).
  bankCardEdit: def<BankCard>()(wire.bankCardEdit, walletSchemas.bankCardEdit),
  bankCardDetail: def<BankCard | null>()(wire.bankCardDetail, schemas.none),
  // pay_password_already_set when one is set: changing it is updatePayPassword.
  setPassword: def<Ok>()(wire.setPassword, schemas.setPassword),
  // pay_password_unset, pay_password_locked, wrong_old_password (field old_password; counted as a wrong password).
  updatePayPassword: def<Ok>()(wire.updatePayPassword, walletSchemas.updatePayPassword),
} as const;

export type Calls = typeof calls;
export type CallKey = keyof Calls;
export type ReqOf<K extends CallKey> = Calls[K] extends CallDef<infer R, any> ? R : never;
export type ResOf<K extends CallKey> = Calls[K] extends CallDef<any, infer R> ? R : never;
export type { Infer };
