import { type ErrorReason } from '../api/reasons';

/** The reasons whose message key is not `errors.<the reason in camelCase>` (see reasonKey). */
const REASON_KEY_EXCEPTIONS: Partial<Record<ErrorReason, string>> = {
  startup_funds_not_returned: 'errors.startupFunds',
  amount_out_of_range: 'errors.amountRange',
  acceptance_code_error: 'errors.acceptanceCode',
  coupon_daily_limit: 'errors.couponDaily',
  coupon_put_only: 'coupons.putOnlyRefused',
  not_found: 'errors.error',
};

/**
 * The i18n key of the message for a business reason the server names: `errors.` and the reason in
 * camelCase (coupon_used → errors.couponUsed), but for the few above. A rule, not a table of every reason, as
 * the table rode in the script tag; a test checks every reason's key is in every language.
 */
export const reasonKey = (reason: ErrorReason): string =>
  REASON_KEY_EXCEPTIONS[reason] ?? `errors.${reason.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}`;

/** 402/403/404 dialog texts (docs/product.md, "Codes"). */
export const ACCOUNT_STATE_KEY: Record<number, string> = {
  402: 'errors.notActivated',
  403: 'errors.notEnabled',
  404: 'errors.deleted',
};
