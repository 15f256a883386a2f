import { Reason, type ErrorReason } from '../api/contract';

/** i18n keys of the spec's messages for each business reason the server names. */
export const REASON_KEY: Record<ErrorReason, string> = {
  [Reason.USER_EXISTS]: 'errors.userExists',
  [Reason.WRONG_CREDENTIALS]: 'errors.wrongCredentials',
  [Reason.LICENSE_INVALID]: 'errors.licenseInvalid',
  [Reason.AUTH_CODE_NOT_FOUND]: 'errors.authCodeNotFound',
  [Reason.WRONG_OLD_PASSWORD]: 'errors.wrongOldPassword',
  [Reason.PAY_PASSWORD_WRONG]: 'errors.payPasswordWrong',
  [Reason.PAY_PASSWORD_UNSET]: 'errors.payPasswordUnset',
  [Reason.STARTUP_FUNDS]: 'errors.startupFunds',
  [Reason.AMOUNT_INVALID]: 'errors.amountInvalid',
  [Reason.AMOUNT_RANGE]: 'errors.amountRange',
  [Reason.INSUFFICIENT_BALANCE]: 'errors.insufficientBalance',
  [Reason.ID_ERROR]: 'errors.idError',
  [Reason.ACCEPTANCE_CODE]: 'errors.acceptanceCode',
  [Reason.COUPON_USED]: 'errors.couponUsed',
  [Reason.COUPON_EXPIRED]: 'errors.couponExpired',
  [Reason.COUPON_DAILY]: 'errors.couponDaily',
  [Reason.COUPON_RECEIVED]: 'errors.couponReceived',
  [Reason.COUPON_PUT_ONLY]: 'coupons.putOnlyRefused',
  [Reason.ALREADY_SIGNED]: 'errors.alreadySigned',
  [Reason.IMAGE_TOO_LARGE]: 'errors.imageTooLarge',
  [Reason.NOT_IMAGE]: 'errors.notImage',
  [Reason.UPLOAD_UNKNOWN]: 'errors.uploadUnknown',
  [Reason.NOT_MODIFIED]: 'errors.notModified',
  [Reason.NOT_FOUND]: 'errors.error',
  [Reason.RATE_LIMITED]: 'errors.rateLimited',
  [Reason.ENTRY_LINK_INVALID]: 'errors.entryLinkInvalid',
  [Reason.ENTRY_LINK_EXPIRED]: 'errors.entryLinkExpired',
};

/** 402/403/404 dialog texts (spec §8). */
export const ACCOUNT_STATE_KEY: Record<number, string> = {
  402: 'errors.notActivated',
  403: 'errors.notEnabled',
  404: 'errors.deleted',
};
