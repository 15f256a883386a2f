/**
 * A ledger row's remark as the server writes it: a kind and its parameters (FlowRemark), which the app words in the
 * merchant's language, stored as JSON beside the English words (`remark`, for a client that does not know the
 * kind). A person's own note (an operator's) is `remark` alone and is shown as written.
 */
import type { FlowRemark } from '../../src/api/shapes/wallet';

type Params = { kind: string } & Partial<Record<'bank' | 'tail' | 'plan', string>>;
const ENGLISH: Record<FlowRemark['kind'], (r: Params) => string> = {
  withdrawal_to: (r) => `Withdrawal to ${r.bank} ****${r.tail}`,
  withdrawal_to_card: () => 'Withdrawal to bank card',
  put: (r) => `Put of plan ${r.plan}`,
  put_refund: (r) => `Refund: put failed, plan ${r.plan}`,
  settlement: (r) => `Settlement of plan ${r.plan}`,
  topup_service: () => 'Top-up via customer service',
  opening_deposit: () => 'Opening deposit via customer service',
  startup_funds: () => 'Start-up funds (not yet returned)',
  balance_adjustment: () => 'Balance adjustment',
  vip_monthly: () => 'VIP monthly subscription',
  partner_profit: () => 'Partner profit sharing',
  virtual_recharge: () => 'Virtual recharge',
  billing_adjustment: () => 'Campaign billing adjustment',
  service_fee: () => 'Service fee',
};

/** What a ledger row's remark is: a kind the app words, a person's note as written, or nothing. */
export type RemarkInput = FlowRemark | string | null;

/** The row's `remark` and `remark_data` columns for a remark. */
export function remarkColumns(r: RemarkInput): { remark: string | null; remark_data: string | null } {
  if (r === null || typeof r === 'string') return { remark: r || null, remark_data: null };
  return { remark: ENGLISH[r.kind](r), remark_data: JSON.stringify(r) };
}

/** The stored kind and parameters, or null (a note, no remark, or a kind this server no longer writes). */
export function remarkData(stored: string | null): FlowRemark | null {
  if (!stored) return null;
  try {
    const r = JSON.parse(stored) as FlowRemark;
    return r && typeof r === 'object' && r.kind in ENGLISH ? r : null;
  } catch {
    return null;
  }
}

/** A withdrawal's remark: the bank (or wallet) and the account's last four characters. */
export const withdrawalRemark = (bank: string, account: string): FlowRemark => ({
  kind: 'withdrawal_to',
  bank,
  tail: account.slice(-4),
});
