// What a withdrawal can be refused for, and who words each refusal: the sheet, its amount field or the app.
import type { ApiError } from '../../../api/client';
import type { ErrorReason } from '../../../api/reasons';
import { obj } from '../../../api/schema/object';
import { str } from '../../../api/schema/text';

/**
 * The amount as typed, in the merchant's own format (German `10.600,27`) or with a plain `.`; its checks are the
 * withdrawal's (docs/product.md, "Withdrawal"), worded below (the server parses and checks the wire's decimal again).
 */
export const amountForm = obj({ amount: str({ max: 20 }) });

/** Refusals that mean the screen's figures were out of date: it asks again, and the sheet shows the refusal. */
export const BLOCKING: readonly ErrorReason[] = ['startup_funds_not_returned', 'pay_password_unset', 'card_unbound'];
/** What this sheet words itself, on the amount, in the password dialog or as its own notice. */
const WORDED_HERE: readonly ErrorReason[] = [
  ...BLOCKING,
  'pay_password_wrong',
  'pay_password_locked',
  'payout_account_held',
  'withdraw_limit_exceeded',
  'insufficient_balance',
  'amount_invalid',
];
/** The amount's refusals, as the field words them (any other the server reads in the amount: not a correct amount). */
export const AMOUNT_ERRORS: Partial<Record<ErrorReason, string>> = {
  withdraw_limit_exceeded: 'errors.withdrawLimitExceeded',
  insufficient_balance: 'errors.insufficientBalance',
};
/** The withdrawal's calls leave these refusals to the sheet. */
export const isWordedHere = (e: ApiError) => WORDED_HERE.includes(e.data.reason!);
