/**
 * Registering API routes from the call table (src/api/calls/): method, path and auth come from `calls[key]`, the
 * schema from the request schema of the same name (src/api/requests/), so the server cannot drift from what the SDK
 * sends.
 *
 * Per request, in order:
 *   1. auth (unless the call is `open`): header X-CT → token (looked up by its SHA-256).
 *      missing/unknown → 401, expired → 503; then account state: not_activated 402, disabled 403, deleted 404
 *      (each with data.lang), except on a route that ends the session (logout). Auth runs before validation so a logged-out client is sent to log in rather than
 *      shown field errors.
 *   2. validation: GET → the query string, POST → the JSON body, with `schema.validate`; the first failure →
 *      code 400 `{field, rule}`, msg `<field>: <rule>`. Unknown fields are dropped.
 *   3. the handler; its return value becomes `{code:200, msg:'success', data}`; an ApiError it throws becomes
 *      that envelope, and so does a service's domain error (mapped by domain-errors.ts); anything else goes to
 *      the app's error handler (code 500, logged, no details leaked).
 *   4. guesses the handler reserved and left unsettled are closed (guess.ts says how), whatever happened.
 * All with HTTP 200 (see envelope.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as calls from '../../src/api/calls';
import { routeOf, type CallKey, type Method, type ReqOf, type ResOf } from '../../src/api/call';
import * as requests from '../../src/api/requests';
import { empty } from '../../src/api/schema/object';
import type { Schema } from '../../src/api/schema/types';
import type { Db } from '../storage/engine';
import type { AttemptLimiter } from '../services/attempts';
import type { CpuGate } from '../lib/cpu-gate';
import { parseTz, type ClientTz } from '../lib/tz';
import { assertActive, lookupSession, type UserRow } from '../services/users';
import { asApiError } from './domain-errors';
import { ApiError, noAuth, ok, paramsError, tokenExpired } from './envelope';
import { settleGuesses } from './guess';
import { bodyLimitOf } from './body-limits';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    tokenTtlSeconds: number;
    attempts: AttemptLimiter;
    /** Failed logins per username, whatever the address (buildApp({ usernameAttemptLimit })). */
    usernameAttempts: AttemptLimiter;
    cpuGate: CpuGate;
    /** The server's clock (buildApp({ clock })), ms since the epoch. */
    clock: () => number;
    /** The ticker's payload, computed at most once per 30 s (routes/ad-center.ts). */
    ticker: BroadcastCache;
  }
}

import type { BroadcastCache } from '../services/ad-center/broadcast';

export const API_PREFIX = '/api';

export interface RouteCtx<Req> {
  input: Req;
  /** The authenticated, active user; null only on open routes (auth: false). */
  user: UserRow | null;
  db: Db;
  tz: ClientTz;
  request: FastifyRequest;
  reply: FastifyReply;
}
export type Handler<Req, Res> = (ctx: RouteCtx<Req>) => Res | Promise<Res>;

export interface EndpointDef<Req> {
  method: Method;
  path: string;
  schema: Schema<Req>;
  auth: boolean;
  form?: boolean;
  /** A live session is enough, whatever the account's state (ending it: an account in 402 may still log out). */
  anyAccountState?: boolean;
}

/** The authenticated user of an auth route (throws 401 if a handler of an open route asks for it). */
export function requireUser(ctx: RouteCtx<unknown>): UserRow {
  if (!ctx.user) throw noAuth();
  return ctx.user;
}

/** The session token the request carries (header X-CT), if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-ct'];
  return (Array.isArray(header) ? header[0] : header)?.trim();
}

async function authenticate(db: Db, token: string | undefined, nowMs: number, anyState: boolean): Promise<UserRow> {
  return (await liveSession(db, token, nowMs, anyState)).user;
}

async function liveSession(db: Db, token: string | undefined, nowMs: number, anyState: boolean) {
  const session = await lookupSession(db, token, nowMs);
  if (session.status === 'missing') throw noAuth();
  if (session.status === 'expired') throw tokenExpired();
  if (!anyState) assertActive(session.user);
  return session;
}

/** The request's session, as a call that needs an active account checks it (http/events.ts holds it open). */
export const sessionOfRequest = (app: FastifyInstance, request: FastifyRequest) =>
  liveSession(app.db, sessionToken(request), app.clock(), false);

/** Registers any endpoint (contract calls and the server's own, e.g. the test API). */
export function endpoint<Req, Res>(app: FastifyInstance, def: EndpointDef<Req>, handler: Handler<Req, Res>): void {
  app.route({
    method: def.method,
    url: API_PREFIX + def.path,
    // A JSON body may hold what the call's fields can and no more (a multipart upload has its parser's own limits).
    ...(def.method === 'POST' && !def.form ? { bodyLimit: bodyLimitOf(def.schema as Schema<unknown>) } : {}),
    handler: async (request, reply) => {
      const done = app.beginWork();
      try {
        const user = def.auth
          ? await authenticate(app.db, sessionToken(request), app.clock(), !!def.anyAccountState)
          : null;
        const raw = def.method === 'GET' ? request.query : request.body;
        const v = def.schema.validate(raw ?? {});
        if (!v.ok) throw paramsError(v.field, v.rule);
        const tz = parseTz(request.headers['x-tz']);
        const data = await handler({ input: v.value, user, db: app.db, tz, request, reply });
        await settleGuesses(request, null);
        return reply.code(200).send(ok(data));
      } catch (thrown) {
        const err = asApiError(thrown);
        await settleGuesses(request, err);
        if (err instanceof ApiError) return reply.code(200).send(err.envelope);
        throw err;
      } finally {
        done();
      }
    },
  });
}

/** A call of the table as the server registers it: its route and the schema its input is validated with. */
export function endpointOf<K extends CallKey>(key: K): EndpointDef<ReqOf<K>> {
  const schemas: Partial<Record<CallKey, Schema<unknown>>> = requests;
  return { ...routeOf(calls[key]), schema: (schemas[key] ?? empty) as Schema<ReqOf<K>> };
}

/** Registers the call `key` with a handler typed by the call's request and response. */
export function route<K extends CallKey>(
  app: FastifyInstance,
  key: K,
  handler: Handler<ReqOf<K>, ResOf<K>>,
  o: Pick<EndpointDef<unknown>, 'anyAccountState'> = {},
): void {
  endpoint(app, { ...endpointOf(key), ...o }, handler);
}
