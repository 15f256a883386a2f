/**
 * The HTTP client, built from the call table (api/calls.ts). One client per mounted instance: its
 * requests share the instance's AbortSignal, so unmount() cancels everything in flight.
 */
import { calls, routeOf, type CallKey, type ReqOf, type ResOf } from './calls';
import { Code, type Envelope, type ErrorData } from './envelope';
import { timeZoneHeader } from '../lib/timezone';

export type ApiErrorKind = 'http' | 'business' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly call: CallKey,
    /** HTTP status for 'http'; the envelope's code for 'business'. */
    readonly code: number | undefined,
    msg: string,
    readonly data: ErrorData = {},
  ) {
    super(msg);
    this.name = 'ApiError';
  }
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
  getToken(): string | null;
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
};
export type ApiCall = <K extends CallKey>(key: K, data?: ReqOf<K> | FormData, opts?: CallOptions) => Promise<ResOf<K>>;

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

  return async function call<K extends CallKey>(key: K, data?: ReqOf<K> | FormData, opts: CallOptions = {}): Promise<ResOf<K>> {
    const { method, path } = routeOf(calls[key]);
    const headers: Record<string, string> = { Accept: 'application/json', 'X-TZ': timeZoneHeader() };
    const token = opts.token ?? o.getToken();
    if (token) headers['X-CT'] = token;

    let url = base + path;
    let body: BodyInit | undefined;
    if (data instanceof FormData) {
      body = data; // the browser sets the multipart boundary itself
    } else if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(data ?? {});
    } else {
      url += toQuery(data as object | undefined);
    }

    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, opts.timeout ?? timeoutMs);
    const abort = () => ctrl.abort();
    const signals = [o.signal, opts.signal].filter((s): s is AbortSignal => !!s);
    for (const s of signals) {
      if (s.aborted) ctrl.abort();
      else s.addEventListener('abort', abort, { once: true });
    }

    // A fetch or body read that throws was cut short by our timer, by an abort, or else by `otherwise`.
    const interrupted = (otherwise: ApiError) =>
      timedOut ? new ApiError('timeout', key, undefined, 'timeout') : ctrl.signal.aborted ? new ApiError('aborted', key, undefined, 'aborted') : otherwise;

    try {
      let res: Response;
      try {
        res = await (opts.fetch ?? doFetch)(url, { method, headers, body, signal: ctrl.signal, credentials: 'omit' });
      } catch {
        throw interrupted(new ApiError('network', key, undefined, 'network'));
      }
      if (!res.ok) throw new ApiError('http', key, res.status, res.statusText || `HTTP ${res.status}`);
      let env: Envelope<ResOf<K>>;
      try {
        env = (await res.json()) as Envelope<ResOf<K>>;
      } catch {
        throw interrupted(new ApiError('http', key, res.status, 'invalid JSON'));
      }
      if (!env || typeof env !== 'object' || env.code !== Code.OK) {
        const errData = env && typeof env.data === 'object' && env.data ? (env.data as ErrorData) : {};
        throw new ApiError('business', key, env?.code ?? Code.SERVER, typeof env?.msg === 'string' ? env.msg : '', errData);
      }
      return env.data;
    } finally {
      clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', abort);
    }
  };
}
