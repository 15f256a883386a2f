/**
 * The wallet's wire shapes and rules that only the wallet screens (a file loaded on demand) and the server read, in
 * a module of their own (re-exported by the contract, as plans.ts is): a constant the contract module declares lands
 * in the script tag's core with it.
 */
import type { AcceptorOrder, FundingDetail, Page, Property } from './contract';
import { differs, matches, md5hex, obj, oneOf, opt, str, type Field } from './schema';

/**
 * The transaction password is 6 digits, so it is guessable: this many wrong answers in a row (a check, a
 * withdrawal or a change, counted together per merchant) lock it for PAY_PASSWORD_LOCK_MINUTES, also against the
 * right answer. The count is in the database, so a server restart does not reset it.
 */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 15;

/** Refusals only wallet calls give (their message keys follow the rule of app/error-text.ts). */
export const WalletReason = {
  /** The transaction password is locked after too many wrong answers; `retry_after` says for how many seconds. */
  PAY_PASSWORD_LOCKED: 'pay_password_locked',
  /** `/set/password` when one is set already: changing it goes through `/update/pay_password` with the old one. */
  PAY_PASSWORD_ALREADY_SET: 'pay_password_already_set',
  /** A withdrawal with no bank card or wallet address bound to pay it to. */
  CARD_UNBOUND: 'card_unbound',
  /**
   * A withdrawal over what the level's daily limit (the withdraw_limit benefit) leaves on the merchant's day (X-TZ);
   * `left` says how much that is. Judged before the password, so it costs no guess.
   */
  WITHDRAW_LIMIT: 'withdraw_limit_exceeded',
} as const;

/**
 * What a ledger row's remark says, as a kind and its parameters (`FundingDetail.remark_data`), so the app words it
 * in the merchant's language; `remark` keeps the English words for a client that does not know the kind, and a
 * person's own note (an operator's) comes as `remark` alone, shown as written. `plan` is the plan's number.
 */
export type FlowRemark =
  | { kind: 'withdrawal_to'; bank: string; tail: string }
  | { kind: 'put' | 'put_refund' | 'settlement'; plan: string }
  | {
    kind: 'withdrawal_to_card' | 'topup_service' | 'opening_deposit' | 'startup_funds' | 'balance_adjustment'
      | 'vip_monthly' | 'partner_profit' | 'virtual_recharge' | 'billing_adjustment' | 'service_fee';
  };
export type FlowRemarkKind = FlowRemark['kind'];

/** Foreign-exchange acceptors, and the acceptance codes handed out for each. */
export const ACCEPTOR_TYPES = ['personal', 'enterprise'] as const;

/** Which withdrawal method a binding is for: a bank card (all fields) or a wallet address (no bank address, branch). */
export const BINDING_KINDS = ['bank', 'wallet'] as const;
export type BindingKind = (typeof BINDING_KINDS)[number];

/**
 * A binding's fields and `extra` (the account number's fit to its kind is api/bank-card.ts's, read by the form and
 * the server). A function marked free of side effects, not an object spread into another: a spread could run a
 * getter, so the bundler would keep every wallet schema in the script tag's core.
 */
/*#__NO_SIDE_EFFECTS__*/
function bindingFields<X extends Record<string, Field<unknown>>>(extra: X) {
  return {
    kind: oneOf(BINDING_KINDS),
    bank_name: str({ max: 64 }), user_name: str({ max: 64 }), mobile: str({ max: 24, format: 'phone' }),
    account: str({ max: 64 }), bank_address: opt(str({ max: 200 })), branch: opt(str({ max: 100 })),
    ...extra,
  };
}

/**
 * A month's totals in the ledger: `month` is YYYY-MM in the merchant's time zone (X-TZ), `income` the sum of its
 * positive rows and `expense` the sum of its negative rows as a positive amount, over the whole month.
 */
export interface MonthTotals { month: string; income: string; expense: string }
/** A page of the ledger, newest first, with the totals of every month its rows fall in. */
export interface FlowPage extends Page<FundingDetail> { months: MonthTotals[] }

/**
 * An acceptance order's states: `accepting` is the current acceptance (the newest one is shown with its limit),
 * `completed` and `closed` are records.
 */
export const ACCEPTOR_STATES = ['accepting', 'completed', 'closed'] as const;
export type AcceptorState = (typeof ACCEPTOR_STATES)[number];
/** The transaction records, newest first, and the current acceptance (the newest `accepting` order), if any. */
export interface AcceptorPage extends Page<AcceptorOrder> { current: AcceptorOrder | null }

/** A withdrawal's answer: the wallet's figures after it and the ledger row it wrote (the same for a repeat). */
export interface WithdrawResult { property: Property; flow: FundingDetail }

export const walletSchemas = {
  acceptorDetail: obj({ type: oneOf(ACCEPTOR_TYPES), code: str({ max: 64 }) }),
  // Not in spec §7 (its pay-password change call is not shown): all three are MD5 hashes of 6 digits.
  updatePayPassword: obj(
    { old_password: md5hex(), password: md5hex(), confirm_password: md5hex() },
    [differs('old_password', 'password'), matches('password', 'confirm_password')],
  ),
  bankCard: obj(bindingFields({})),
  // Binding sends the fields with the transaction password's MD5: where withdrawals go is the password's to change.
  bankCardEdit: obj(bindingFields({ password: md5hex() })),
};
