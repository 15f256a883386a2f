import type { ApiError } from '../api/client';
import { Code } from '../api/envelope';

/** What ends or blocks the session: the error policy always handles these (sign out, account state, renewal). */
const SESSION_CODES: readonly number[] = [
  Code.NO_AUTH,
  Code.NOT_ACTIVATED,
  Code.NOT_ENABLED,
  Code.DELETED,
  Code.TOKEN_EXPIRED,
];

// The failures a request of the kit's kinds handles itself, for app.request's `handles` (the rule of
// docs/product.md, "Codes": a failure is shown once, by whoever handles it). A screen picks one by what it shows;
// it never writes its own test, so two screens cannot disagree about the same failure.

/**
 * A load the screen shows itself (an error state with Retry, a list's "tap to reload", a refresh notice): every
 * failure, network or business, except what ends or blocks the session. A toast as well would say it twice.
 */
export const loadFailures = (e: ApiError): boolean => !(e.kind === 'business' && SESSION_CODES.includes(e.code ?? 0));

/** Every failure, for decoration (a ticker): no failure is worth a word; the last figures stay. */
export const anyFailure = (): boolean => true;
