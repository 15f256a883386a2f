/**
 * The response envelope (docs/product.md, "Envelope" and "Codes") and the errors handlers throw.
 *
 * HTTP status policy: every envelope answer, success or failure (400 params, 401-404 account, 405 data,
 * 500 server, 503 token expired, and also malformed JSON / wrong content type / oversized body, which are code
 * 400), is sent with HTTP 200, because the client treats any non-2xx status as a transport failure and would
 * never show the envelope's message. The single exception is an unknown /api path or method: HTTP 404 with the
 * envelope {code:405, msg:'Not found', data:{reason:'not_found'}} (never code 404, which means "account deleted").
 */
import { Code, type Envelope, type ErrorData } from '../../src/api/envelope';
import { type ErrorReason } from '../../src/api/reasons';
import type { Rule } from '../../src/api/schema/types';

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ code: Code.OK, msg, data });

export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly data: ErrorData | Record<string, never> = {},
  ) {
    super(msg);
    this.name = 'ApiError';
  }
  get envelope(): Envelope<ErrorData | Record<string, never>> {
    return { code: this.code, msg: this.message, data: this.data };
  }
}

/** English messages for the business reasons (the client shows its own translation, keyed by reason). */
export const REASON_MESSAGES: Record<ErrorReason, string> = {
  user_exists: 'Username already exists',
  wrong_credentials: 'Incorrect username or password',
  license_invalid: 'Invalid license key',
  auth_code_not_found: 'No matching authorization code found',
  wrong_old_password: 'Wrong old password',
  pay_password_wrong: 'Please enter the correct transaction password',
  pay_password_unset: 'Please set the transaction password first',
  startup_funds_not_returned: 'Starting funds not yet returned, contact customer service',
  amount_invalid: 'Please enter a correct put amount',
  amount_out_of_range: 'Put amount not in range',
  insufficient_balance: 'Insufficient balance',
  id_error: 'ID error, please re-enter',
  acceptance_code_error: 'Acceptance code error',
  coupon_used: 'Coupon has been used',
  coupon_expired: 'Coupon has expired',
  coupon_requirement_unmet: "The put amount does not meet this coupon's requirement",
  coupon_not_applicable: 'This coupon cannot be used for a put',
  plan_not_waiting: 'This plan has already been put',
  coupon_daily_limit: 'Only one coupon of the same name per day',
  coupon_received: 'Coupon already received',
  coupon_put_only: 'This coupon applies when a plan is put; it cannot be redeemed here',
  already_signed: 'Already checked in today',
  image_too_large: 'Image too large',
  not_image: 'Please choose an image file',
  upload_unknown: 'An image of this feedback is not available; remove it and add it again',
  not_modified: 'Nothing has been changed',
  not_found: 'Not found',
  rate_limited: 'Too many attempts, please try again later',
  entry_link_invalid: 'This link is not valid, please open it again from the partner app',
  entry_link_expired: 'This link has expired or was already used, please open it again from the partner app',
  pay_password_locked: 'Too many wrong transaction passwords, please try again later',
  pay_password_already_set: 'A transaction password is already set; change it with the old one',
  card_unbound: 'Please bind a bank card or wallet address first',
  withdraw_limit_exceeded: "This amount is over your level's daily withdrawal limit",
  login_password_wrong: 'Wrong login password',
  payout_account_held: 'Withdrawals to a newly bound payout account are on hold for 24 hours',
  reauth_required: "Open the app again from your partner's app to confirm it is you, then set the password",
};

/** Too many failed guesses: code 405, reason rate_limited, and when to try again. */
export const rateLimited = (retryAfter: number) =>
  new ApiError(Code.DATA, REASON_MESSAGES.rate_limited, { reason: 'rate_limited', retry_after: retryAfter });

/** The transaction password is locked after too many wrong answers: code 405, its own reason, and when to try again. */
export const payPasswordLocked = (retryAfter: number) =>
  new ApiError(Code.DATA, REASON_MESSAGES.pay_password_locked, {
    reason: 'pay_password_locked',
    retry_after: retryAfter,
  });

/** A business failure: code 405 with data.reason. */
export const fail = (reason: ErrorReason, msg: string = REASON_MESSAGES[reason]) =>
  new ApiError(Code.DATA, msg, { reason });

export const paramsError = (field: string, rule: Rule | string) =>
  new ApiError(Code.PARAMS, `${field}: ${rule}`, { field, rule: rule });

export const MSG = {
  noAuth: 'User not authorized',
  expired: 'Login expired, please log in again',
  server: 'Server error',
  notActivated: 'Account not activated, please contact customer service',
  disabled: 'Account disabled, please contact customer service',
  deleted: 'Account deleted, please contact customer service',
} as const;

export const noAuth = (data: ErrorData | Record<string, never> = {}) => new ApiError(Code.NO_AUTH, MSG.noAuth, data);
export const tokenExpired = () => new ApiError(Code.TOKEN_EXPIRED, MSG.expired, {});
export const serverError = (): Envelope<Record<string, never>> => ({ code: Code.SERVER, msg: MSG.server, data: {} });
export const notFoundEnvelope = (): Envelope<ErrorData> => ({
  code: Code.DATA,
  msg: 'Not found',
  data: { reason: 'not_found' },
});
