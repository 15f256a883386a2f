/**
 * The errors services throw: what went wrong in the business's own words, with no status code or envelope.
 * The HTTP layer (http/domain-errors.ts) decides how each is answered, so a service can be called from a route,
 * the seed or a test alike, and the wire format can change without touching a rule.
 */
import type { ErrorData } from '../../src/api/envelope';
import type { ErrorReason } from '../../src/api/reasons';
import type { AccountState } from '../../src/api/shapes/account';
import type { Rule } from '../../src/api/schema/types';

export abstract class DomainError extends Error {}

/**
 * A business rule said no (a used coupon, a second sign-in today…); `field` names the input it is about, if any,
 * and `detail` what else the answer tells (how many tries are left, when to try again, what
 * is left of a limit).
 */
export class Refusal extends DomainError {
  constructor(
    readonly reason: ErrorReason,
    readonly field?: string,
    readonly detail?: Pick<ErrorData, 'tries_left' | 'retry_after' | 'left' | 'held_until'>,
  ) {
    super(`refused: ${reason}`);
    this.name = 'Refusal';
  }
}

/** An input that passed the schema but breaks a rule only the data can tell (e.g. a request_id spent elsewhere). */
export class InvalidInput extends DomainError {
  constructor(
    readonly field: string,
    readonly rule: Rule,
  ) {
    super(`${field}: ${rule}`);
    this.name = 'InvalidInput';
  }
}

/**
 * The session a request was authenticated with ended while the request was being worked on (a logout, a password
 * change): what it was about to write is not written, and it is answered as any request with an ended session.
 */
export class SessionEnded extends DomainError {
  constructor() {
    super('session ended');
    this.name = 'SessionEnded';
  }
}

export type InactiveState = Exclude<AccountState, 'active'>;

/** The account may not be used (not activated, disabled, deleted); `lang` is the user's, for the message. */
export class AccountInactive extends DomainError {
  constructor(
    readonly state: InactiveState,
    readonly lang: string,
  ) {
    super(`account ${state}`);
    this.name = 'AccountInactive';
  }
}
