/**
 * The host page's settings. What decides whom the page trusts and where tokens go (`apiBase`, `allowedOrigins`,
 * `token`, `persistToken`, `handlerName`) comes only from the JSON config script (`<script type="application/json"
 * id="merchant-ads-config">`), written by whoever deploys the page, or from the shell over the bridge. A link can
 * be crafted by anyone, so the query string may set only what is harmless: the language, the first route and the
 * fallback timeout. (A `?apiBase=` once sent the stored token to a stranger's server; `?origins=` let any framing
 * page allowlist itself; `?token=` forced a session on the whole origin.)
 */
export interface HostConfig {
  apiBase: string;
  allowedOrigins: string[];
  language?: string;
  token?: string;
  /** Store a token from the config or the shell under the SDK's prefix (default: this page's memory only). */
  persistToken: boolean;
  handlerName?: string;
  fallbackTimeout?: number;
  localesBase?: string;
  /** The SDK's storage prefix (two apps on one origin keep apart); script only. */
  storagePrefix?: string;
  initialRoute?: string;
}

export function readConfig(loc: Location, doc: Document): HostConfig {
  let fromScript: Partial<HostConfig> = {};
  const el = doc.getElementById('merchant-ads-config');
  if (el?.textContent?.trim()) {
    try {
      const parsed: unknown = JSON.parse(el.textContent);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) fromScript = parsed;
      else console.warn('[merchant-ads bridge] the config script is not a JSON object; using defaults');
    } catch {
      console.warn('[merchant-ads bridge] the config script is not valid JSON; using defaults');
    }
  }
  const q = new URLSearchParams(loc.search);
  const ignored = ['apiBase', 'origins', 'token', 'handler'].filter((k) => q.has(k));
  if (ignored.length)
    console.warn(
      `[merchant-ads bridge] ignored from the URL: ${ignored.join(', ')} (only the config script sets them)`,
    );
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const num = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);
  return {
    apiBase: text(fromScript.apiBase) ?? '/api',
    // "self" names this page's own origin, so one config serves wherever the page is deployed.
    allowedOrigins: Array.isArray(fromScript.allowedOrigins)
      ? fromScript.allowedOrigins.map((o) => (o === 'self' ? loc.origin : String(o)))
      : [],
    language: q.get('lang') ?? fromScript.language,
    token: text(fromScript.token),
    persistToken: fromScript.persistToken === true,
    handlerName: text(fromScript.handlerName),
    fallbackTimeout: num(q.get('fallbackTimeout')) ?? fromScript.fallbackTimeout,
    localesBase: fromScript.localesBase,
    storagePrefix: text(fromScript.storagePrefix),
    initialRoute: q.get('route') ?? fromScript.initialRoute,
  };
}
