/**
 * The envelope every answer comes in, HTTP 200 whatever happened: `code` says how it went (docs/product.md,
 * "Envelope" and "Codes"), `data` carries the answer or, for a refusal, what the client needs to word it.
 */
import type { ErrorReason } from './reasons';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

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
  lang?: string;
  field?: string;
  rule?: string;
  reason?: ErrorReason;
  /** With reason rate_limited: seconds until the next try is accepted. */
  retry_after?: number;
  /**
   * With a wrong transaction password (pay_password_wrong, wrong_old_password): how many more wrong answers the
   * guess limit allows before it locks (0: this one locked it).
   */
  tries_left?: number;
  /** With withdraw_limit_exceeded: what the daily withdrawal limit still allows today (money, "900.00"). */
  left?: string;
  /** With payout_account_held: when withdrawals to the newly bound account open (ISO 8601, UTC). */
  held_until?: string;
  /**
   * With 401 from loginV2 (a valid partner link, no open store yet): the short-lived entry ticket registerV2 needs.
   * The client keeps it in memory only, never in a URL or storage.
   */
  ticket?: string;
}
