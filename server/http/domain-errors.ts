/**
 * How the services' domain errors (services/errors.ts) are answered: each becomes the envelope the contract
 * names for it. The only place that knows both vocabularies, so services never import from http/.
 */
import { Code } from '../../src/api/envelope';
import {
  AccountInactive,
  DomainError,
  InvalidInput,
  Refusal,
  SessionEnded,
  type InactiveState,
} from '../services/errors';
import { ApiError, fail, MSG, paramsError, tokenExpired } from './envelope';

const INACTIVE: Record<InactiveState, { code: number; msg: string }> = {
  not_activated: { code: Code.NOT_ACTIVATED, msg: MSG.notActivated },
  disabled: { code: Code.NOT_ENABLED, msg: MSG.disabled },
  deleted: { code: Code.DELETED, msg: MSG.deleted },
};

export function domainToApiError(err: DomainError): ApiError {
  if (err instanceof Refusal) {
    const e = fail(err.reason);
    if (err.field === undefined && err.detail === undefined) return e;
    return new ApiError(e.code, e.message, {
      ...e.data,
      ...(err.field === undefined ? {} : { field: err.field }),
      ...err.detail,
    });
  }
  if (err instanceof InvalidInput) return paramsError(err.field, err.rule);
  if (err instanceof AccountInactive) {
    const { code, msg } = INACTIVE[err.state];
    return new ApiError(code, msg, { lang: err.lang });
  }
  if (err instanceof SessionEnded) return tokenExpired();
  throw new Error(`unmapped domain error ${err.name}`);
}

/** What a handler threw, with a domain error translated; anything else unchanged. */
export const asApiError = (err: unknown): unknown => (err instanceof DomainError ? domainToApiError(err) : err);
