/**
 * Machine-readable reasons for refusals (`ErrorData.reason`): the client words each in the merchant's language
 * (the message keys follow app/error-text.ts), so no text of the server's is shown. Code names a reason by its
 * string, which the type below checks; this list is what the server may send, and each has its message.
 */
export const REASONS = [
  'user_exists',
  'wrong_credentials',
  'license_invalid',
  'auth_code_not_found',
  'wrong_old_password',
  'pay_password_wrong',
  'pay_password_unset',
  'startup_funds_not_returned',
  'amount_invalid',
  'amount_out_of_range',
  'insufficient_balance',
  'id_error',
  'acceptance_code_error',
  'coupon_used',
  'coupon_expired',
  /** A put coupon whose requirement (the lowest put amount it applies to) the amount does not meet. */
  'coupon_requirement_unmet',
  /** A coupon that is not a put coupon, or not this merchant's. */
  'coupon_not_applicable',
  /** A put for a plan that is no longer waiting to be put (put already, from another device or tab). */
  'plan_not_waiting',
  'coupon_daily_limit',
  'coupon_received',
  /** A put coupon (COUPON_USE 'put') cannot be redeemed from the list: it applies when a plan is put. */
  'coupon_put_only',
  'already_signed',
  'image_too_large',
  'not_image',
  /** A feedback names an upload that does not exist or is another merchant's (the two are not told apart). */
  'upload_unknown',
  'not_modified',
  'not_found',
  'rate_limited',
  /** A partner entry link without a valid signature (unsigned, forged, for another user, from the future). */
  'entry_link_invalid',
  /** A partner entry link (or the entry ticket it gave) that is too old or already used. */
  'entry_link_expired',
  // Only the wallet's calls give these.
  /** The transaction password is locked after too many wrong answers; `retry_after` says for how many seconds. */
  'pay_password_locked',
  /** `/set/password` when one is set already: changing it goes through `/update/pay_password` with the old one. */
  'pay_password_already_set',
  /** A withdrawal with no bank card or wallet address bound to pay it to. */
  'card_unbound',
  /**
   * A withdrawal over what the level's daily limit (the withdraw_limit benefit) leaves on the merchant's day (X-TZ);
   * `left` says how much that is. Judged before the password, so it costs no guess.
   */
  'withdraw_limit_exceeded',
  /**
   * The first transaction password (`/set/password`) with a login password that is not the account's; on the
   * field `login_password`. Counted with a login-password change's wrong old passwords.
   */
  'login_password_wrong',
  /**
   * A withdrawal within PAYOUT_HOLD_HOURS of the payout account (bank card or wallet address) being bound or
   * changed; `retry_after` (seconds) and `held_until` (ISO time) say when it ends. Judged before the password.
   */
  'payout_account_held',
  /**
   * The first transaction password (`/set/password`) asked for by a merchant without a login password (one who
   * signs in only through a partner's signed link) with a session opened more than FRESH_SIGN_IN_MINUTES ago: a
   * fresh signed sign-in is its proof that it is them, so the merchant opens the app again from the partner's app.
   */
  'reauth_required',
] as const;

export type ErrorReason = (typeof REASONS)[number];
