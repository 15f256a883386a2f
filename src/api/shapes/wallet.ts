/** The wallet: its figures, the ledger, the bound account, foreign-exchange acceptance and the transaction password. */
import type { Page } from './page';

/**
 * The transaction password is 6 digits, so it is guessable: this many wrong answers in a row (a check, a
 * withdrawal or a change, counted together per merchant) lock it for PAY_PASSWORD_LOCK_MINUTES, also against the
 * right answer. The count is in the database, so a server restart does not reset it.
 */
/** The transaction password's digits. */
export const PAY_PASSWORD_LENGTH = 6;
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 15;
/**
 * A payout account (bank card or wallet address) bound or changed this recently holds withdrawals: a thief who
 * redirects them has to get past the merchant, who is told of every change in the inbox, for this long.
 */
export const PAYOUT_HOLD_HOURS = 24;
/**
 * A merchant without a login password (one who signs in only through a partner's signed link) proves it is them,
 * to set the first transaction password, with a session opened this recently: such a session comes only from a
 * signed, single-use partner link or the ticketed partner registration, so a session stolen earlier is too old.
 */
export const FRESH_SIGN_IN_MINUTES = 15;

export interface Property {
  total_assets: string;
  balance: string;
  to_be_consumed: string;
  to_be_settled: string;
  discount_amount: string;
  pay_password_set: boolean;
  startup_funds_returned: boolean;
  /**
   * What the level's daily withdrawal limit still allows on the merchant's day (X-TZ, counted as the daily claims
   * count it); null when the level has no limit.
   */
  withdraw_left_today: string | null;
}

export const FLOW_TYPES = [
  'ad_billing',
  'ad_serving',
  'system_topup',
  'manual_withdrawal',
  'system_debit',
  'virtual_recharge_deduction',
  'vip_subscription',
  'profit_sharing',
] as const;
/** A ledger row: `amount` is signed (money in is positive), `balance_after` the available balance it left. */
export interface FundingDetail {
  id: number;
  time: string;
  amount: string;
  balance_after: string;
  type: (typeof FLOW_TYPES)[number];
  /** The remark's English words, or a person's note as written. */
  remark: string | null;
  /** What the remark says, for the app to word (absent from an older server, null for a note or no remark). */
  remark_data?: FlowRemark | null;
}

/** The bound bank card or wallet address (`kind`); a wallet address has no bank address or branch (empty). */
export interface BankCard {
  kind: BindingKind;
  bank_name: string;
  user_name: string;
  mobile: string;
  account: string;
  bank_address: string;
  branch: string;
}

export interface AcceptorOrder {
  id: number;
  type: (typeof ACCEPTOR_TYPES)[number];
  amount: string;
  limit: string;
  state: AcceptorState;
  create_time: string;
}
/**
 * What a ledger row's remark says, as a kind and its parameters (`FundingDetail.remark_data`), so the app words it
 * in the merchant's language; `remark` keeps the English words for a client that does not know the kind, and a
 * person's own note (an operator's) comes as `remark` alone, shown as written. `plan` is the plan's number.
 */
export type FlowRemark =
  | { kind: 'withdrawal_to'; bank: string; tail: string }
  | { kind: 'put' | 'put_refund' | 'settlement'; plan: string }
  | {
      kind:
        | 'withdrawal_to_card'
        | 'topup_service'
        | 'opening_deposit'
        | 'startup_funds'
        | 'balance_adjustment'
        | 'vip_monthly'
        | 'partner_profit'
        | 'virtual_recharge'
        | 'billing_adjustment'
        | 'service_fee';
    };
export type FlowRemarkKind = FlowRemark['kind'];

/** Foreign-exchange acceptors, and the acceptance codes handed out for each. */
export const ACCEPTOR_TYPES = ['personal', 'enterprise'] as const;

/** Which withdrawal method a binding is for: a bank card (all fields) or a wallet address (no bank address, branch). */
export const BINDING_KINDS = ['bank', 'wallet'] as const;
export type BindingKind = (typeof BINDING_KINDS)[number];

/**
 * A month's totals in the ledger: `month` is YYYY-MM in the merchant's time zone (X-TZ), `income` the sum of its
 * positive rows and `expense` the sum of its negative rows as a positive amount, over the whole month.
 */
export interface MonthTotals {
  month: string;
  income: string;
  expense: string;
}
/** A page of the ledger, newest first, with the totals of every month its rows fall in. */
export interface FlowPage extends Page<FundingDetail> {
  months: MonthTotals[];
}

/**
 * An acceptance order's states: `accepting` is the current acceptance (the newest one is shown with its limit),
 * `completed` and `closed` are records.
 */
export const ACCEPTOR_STATES = ['accepting', 'completed', 'closed'] as const;
export type AcceptorState = (typeof ACCEPTOR_STATES)[number];
/** The transaction records, newest first, and the current acceptance (the newest `accepting` order), if any. */
export interface AcceptorPage extends Page<AcceptorOrder> {
  current: AcceptorOrder | null;
}

/** A withdrawal's answer: the wallet's figures after it and the ledger row it wrote (the same for a repeat). */
export interface WithdrawResult {
  property: Property;
  flow: FundingDetail;
}
