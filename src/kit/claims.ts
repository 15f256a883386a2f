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

/**
 * The kit's claims presets (the rule of docs/product.md, "Codes": a failure is shown once, by whoever claims it). A screen picks one by
 * what it shows itself; it never writes its own test, so two screens cannot disagree about the same failure.
 */
export const claims = {
  /**
   * A load the screen shows itself (an error state with Retry, a list's "tap to reload", a refresh notice):
   * every failure, network or business, except what ends or blocks the session. A toast as well would say it twice.
   */
  load: (e: ApiError): boolean => !(e.kind === 'business' && SESSION_CODES.includes(e.code ?? 0)),
  /** Decoration (a ticker): no failure is worth a word; the last figures stay. */
  silent: (): boolean => true,
};
