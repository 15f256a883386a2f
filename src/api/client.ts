/**
 * The HTTP client: it sends a call of the table (api/calls/) it is given. One client per mounted instance: its
 * requests share the instance's AbortSignal, so unmount() cancels everything in flight.
 */
import { routeOf, type Call, type Req, type Res, type Route } from './call';
import { Code, type Envelope, type ErrorData } from './envelope';
import { timeZoneHeader } from '../lib/timezone';

export type ApiErrorKind = 'http' | 'business' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** The call's route (`POST /user/withdraw`). */
    readonly call: Route,
    /** HTTP status for 'http'; the envelope's code for 'business'. */
    readonly code: number | undefined,
    msg: string,
    readonly data: ErrorData = {},
  ) {
    super(msg);
    this.name = 'ApiError';
  }
  /**
   * The session's token as the request carried it (null: none), or undefined for a request sent with a token of its
   * own (not yet the session's). An answer about a session is about that token's: the session may have changed while
   * the request was on its way.
   */
  sessionToken?: string | null;
}

/**
 * The origin an API base resolves to from the page (`/api` → the page's own origin): what a stored token is
 * keyed by. A base that is no URL at all keys by its own text, so it still never shares another base's token.
 */
export function apiOrigin(base: string, pageUrl: string): string {
  try {
    return new URL(base, pageUrl).origin;
  } catch {
    return base;
  }
}

export interface ApiClientOptions {
  base: string;
  getToken: () => string | null;
  /** The instance's lifetime: aborting it cancels every request. */
  signal: AbortSignal;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type CallOptions = {
  signal?: AbortSignal;
  /** Use this token instead of the session's (a token not yet accepted into the session). */
  token?: string;
  /** This call's timeout in ms instead of the instance's (an upload over a slow phone connection). */
  timeout?: number;
  /** This call's transport instead of the instance's (an upload that reports its progress: api/upload-fetch.ts). */
  fetch?: typeof fetch;
  /**
   * Sent so that it outlives the instance and the page (fetch's keepalive): unmount() does not cancel it. For a
   * request whose effect must happen even when the host tears the widget down at once (revoking a session).
   */
  outlive?: boolean;
};
/** Any call of the table. */
export type AnyCall = Call<unknown>;
export type ApiCall = <C extends AnyCall>(call: C, data?: Req<C> | FormData, opts?: CallOptions) => Promise<Res<C>>;

function toQuery(data: object | undefined): string {
  if (!data) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null) q.append(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function createApiClient(o: ApiClientOptions): ApiCall {
  const base = o.base.replace(/\/+$/, '');
  const timeoutMs = o.timeoutMs ?? 15000;
  const doFetch = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));

  return async function call<C extends AnyCall>(
    route: C,
    data?: Req<C> | FormData,
    opts: CallOptions = {},
  ): Promise<Res<C>> {
    const { method, path } = routeOf(route);
    const headers: Record<string, string> = { Accept: 'application/json', 'X-TZ': timeZoneHeader() };
    const sessionToken = opts.token === undefined ? o.getToken() : undefined;
    const token = opts.token ?? sessionToken;
    if (token) headers['X-CT'] = token;

    let url = base + path;
    let body: BodyInit | undefined;
    if (data instanceof FormData) {
      body = data; // the browser sets the multipart boundary itself
    } else if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(data ?? {});
    } else {
      url += toQuery(data);
    }

    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, opts.timeout ?? timeoutMs);
    const abort = () => ctrl.abort();
    const signals = [opts.outlive ? undefined : o.signal, opts.signal].filter((s): s is AbortSignal => !!s);
    for (const s of signals) {
      if (s.aborted) ctrl.abort();
      else s.addEventListener('abort', abort, { once: true });
    }

    // A fetch or body read that throws was cut short by our timer, by an abort, or else by `otherwise`.
    const interrupted = (otherwise: ApiError) =>
      timedOut
        ? new ApiError('timeout', route, undefined, 'timeout')
        : ctrl.signal.aborted
          ? new ApiError('aborted', route, undefined, 'aborted')
          : otherwise;

    try {
      let res: Response;
      try {
        res = await (opts.fetch ?? doFetch)(url, {
          method,
          headers,
          body,
          signal: ctrl.signal,
          credentials: 'omit',
          keepalive: opts.outlive,
        });
      } catch {
        throw interrupted(new ApiError('network', route, undefined, 'network'));
      }
      if (!res.ok) throw new ApiError('http', route, res.status, res.statusText || `HTTP ${res.status}`);
      let env: Envelope<Res<C>>;
      try {
        env = (await res.json()) as Envelope<Res<C>>;
      } catch {
        throw interrupted(new ApiError('http', route, res.status, 'invalid JSON'));
      }
      if (!env || typeof env !== 'object' || env.code !== Code.OK) {
        const errData = env && typeof env.data === 'object' && env.data ? (env.data as ErrorData) : {};
        throw new ApiError(
          'business',
          route,
          env?.code ?? Code.SERVER,
          typeof env?.msg === 'string' ? env.msg : '',
          errData,
        );
      }
      return env.data;
    } catch (e) {
      if (e instanceof ApiError) e.sessionToken = sessionToken;
      throw e;
    } finally {
      clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', abort);
    }
  };
}
