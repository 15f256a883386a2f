/**
 * The tables as both engines hold them, for the query builder's types. Money is integer minor units (*_cents),
 * read back as exact numbers on both engines (engine.ts); flags are 0/1 integers; times are ISO 8601 text (UTC),
 * except the *expires_at / *_until / changed_at epoch milliseconds. Generated<…>: the database fills it when an
 * insert leaves it out (a default or an identity).
 */
import type { Generated } from 'kysely';

export interface AcceptanceCodesTable {
  id: Generated<number>;
  code: string;
  type: string;
  amount_cents: number;
  limit_cents: number;
  reusable: Generated<number>;
}

export interface AcceptorOrdersTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  amount_cents: number;
  limit_cents: number;
  state: Generated<string>;
  code_id: number | null;
  created_at: string;
}

export interface ActivitiesTable {
  id: Generated<number>;
  kind: string;
  coupon_id: number;
  title: Generated<string>;
  description: Generated<string>;
  sort: Generated<number>;
  active: Generated<number>;
}

export interface AuthCodesTable {
  id: Generated<number>;
  code: string;
  reusable: Generated<number>;
  disabled: Generated<number>;
  used_by: number | null;
  used_at: string | null;
  created_at: string;
}

export interface BankCardsTable {
  user_id: number;
  bank_name: string;
  user_name: string;
  mobile: string;
  account: string;
  bank_address: Generated<string>;
  branch: Generated<string>;
  updated_at: string;
  kind: Generated<string>;
  changed_at: Generated<number>;
}

export interface ClaimZonesTable {
  user_id: number;
  kind: string;
  zone: string;
  at: string;
}

export interface ConfigTable {
  key: string | null;
  value: string;
}

export interface ContactsTable {
  id: Generated<number>;
  kind: string;
  type: number;
  url: string;
  label: Generated<string>;
  icon: string | null;
  sort: Generated<number>;
  user_id: number | null;
}

export interface CouponsTable {
  id: Generated<number>;
  name: string;
  kind: string;
  amount_cents: number;
  requirement_cents: Generated<number>;
  valid_days: Generated<number>;
  new_user: Generated<number>;
  active: Generated<number>;
}

export interface EntryLinkUsesTable {
  sig_hash: string;
  expires_at: number;
}

export interface EntryTicketsTable {
  ticket_hash: string;
  entry: string;
  partner_uid: string;
  expires_at: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  topic: string;
  content: string;
  images: string | null;
  created_at: string;
  request_id: string | null;
}

export interface FeedbackImagesTable {
  feedback_id: number;
  position: number;
  upload_id: number;
}

export interface FollowRecordsTable {
  id: Generated<number>;
  user_id: number;
  proxy_id: string;
  nickname: Generated<string>;
  created_at: string;
}

export interface FollowUnfollowsTable {
  user_id: number;
  request_id: string;
  follow_id: number;
  proxy_id: string;
  created_at: string;
}

export interface LevelsTable {
  level: number;
  kind: string;
  rank: number;
  min_credit_score: number;
  min_investment_cents: number;
  benefits: Generated<string>;
}

export interface LicenseKeysTable {
  id: Generated<number>;
  code: string;
  reusable: Generated<number>;
  disabled: Generated<number>;
  used_by: number | null;
  used_at: string | null;
  created_at: string;
}

export interface NotificationReadsTable {
  user_id: number;
  notification_id: number;
  read_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number | null;
  category: string;
  title: string;
  content: Generated<string>;
  created_at: string;
  seed_key: string | null;
}

export interface PartnersTable {
  entry: string | null;
  name: Generated<string>;
  lang: Generated<string>;
  created_at: string;
  link_secret: string | null;
}

export interface PlanEventsTable {
  id: Generated<number>;
  plan_id: number;
  status: string;
  at: string;
}

export interface PlanStatsTable {
  plan_id: number;
  user_id: number;
  hour: string;
  impressions: Generated<number>;
  clicks: Generated<number>;
  consumed_cents: Generated<number>;
  revenue_cents: Generated<number>;
}

export interface PlansTable {
  id: Generated<number>;
  plan_no: string;
  user_id: number;
  product_id: number;
  put_amount_cents: Generated<number>;
  put_progress: Generated<number>;
  content: Generated<string>;
  rule: Generated<string>;
  user_targeting: Generated<string>;
  official: Generated<number>;
  status: Generated<string>;
  lowest_put_cents: number;
  highest_put_cents: number;
  request_id: string | null;
  impressions: Generated<number>;
  clicks: Generated<number>;
  revenue_cents: Generated<number>;
  created_at: string;
  updated_at: string;
  delivered_until: string | null;
  consumed_cents: Generated<number>;
  put_at: string | null;
  paid_cents: number | null;
  coupon_discount_cents: number | null;
  user_coupon_id: number | null;
  sim_step: Generated<number>;
  sim_step_ms: number | null;
  settled_cents: number | null;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  image: Generated<string>;
  price_cents: number;
  description: Generated<string>;
}

export interface SignInsTable {
  user_id: number;
  day: string;
  created_at: string;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: number;
}

export interface TransactionFlowTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  amount_cents: number;
  balance_after_cents: number;
  remark: string | null;
  request_id: string | null;
  created_at: string;
  remark_data: string | null;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  path: string;
  mime: string;
  size: number;
  created_at: string;
}

export interface UserCouponsTable {
  id: Generated<number>;
  user_id: number;
  coupon_id: number;
  state: Generated<string>;
  received_day: string;
  received_at: string;
  expire_at: string;
  used_at: string | null;
  used_day: string | null;
  use_request_id: string | null;
  grant_request_id: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  nickname: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  password_hash: string | null;
  entry: Generated<string>;
  partner_uid: string | null;
  lang: Generated<string>;
  avatar: Generated<string>;
  state: Generated<string>;
  store_opened: Generated<number>;
  credit_score: Generated<number>;
  level: Generated<number>;
  proxy_id: string;
  pay_password_hash: string | null;
  startup_funds_returned: Generated<number>;
  created_at: string;
  updated_at: string;
  pay_password_failures: Generated<number>;
  pay_password_locked_until: number | null;
  /** Epoch ms: until when a transaction-password guess counted last may still be being checked (by any process). */
  pay_password_checked_until: Generated<number | null>;
}

export interface WalletsTable {
  user_id: number;
  balance_cents: Generated<number>;
  to_be_settled_cents: Generated<number>;
  discount_cents: Generated<number>;
  deposit_cents: Generated<number>;
  updated_at: string;
}

export interface GuessKeysTable {
  key: string;
}

export interface GuessAttemptsTable {
  id: Generated<number>;
  key: string;
  /** Epoch ms: when it was reserved, or when it failed. */
  at: number;
  state: 'pending' | 'failed';
}

/** A timer every server process runs, one row each: when it last ran, by whichever process claimed it. */
export interface JobTicksTable {
  /** 'simulation' (the delivery simulation), 'ticker' (the ticker's notices). */
  name: string;
  /** Epoch ms, by the claiming process's clock. */
  ran_at: number;
}

export interface Database {
  guess_keys: GuessKeysTable;
  guess_attempts: GuessAttemptsTable;
  job_ticks: JobTicksTable;
  acceptance_codes: AcceptanceCodesTable;
  acceptor_orders: AcceptorOrdersTable;
  activities: ActivitiesTable;
  auth_codes: AuthCodesTable;
  bank_cards: BankCardsTable;
  claim_zones: ClaimZonesTable;
  config: ConfigTable;
  contacts: ContactsTable;
  coupons: CouponsTable;
  entry_link_uses: EntryLinkUsesTable;
  entry_tickets: EntryTicketsTable;
  feedback: FeedbackTable;
  feedback_images: FeedbackImagesTable;
  follow_records: FollowRecordsTable;
  follow_unfollows: FollowUnfollowsTable;
  levels: LevelsTable;
  license_keys: LicenseKeysTable;
  notification_reads: NotificationReadsTable;
  notifications: NotificationsTable;
  partners: PartnersTable;
  plan_events: PlanEventsTable;
  plan_stats: PlanStatsTable;
  plans: PlansTable;
  products: ProductsTable;
  sign_ins: SignInsTable;
  tokens: TokensTable;
  transaction_flow: TransactionFlowTable;
  uploads: UploadsTable;
  user_coupons: UserCouponsTable;
  users: UsersTable;
  wallets: WalletsTable;
}
