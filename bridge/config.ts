/**
 * The host page's settings: a JSON config script (`<script type="application/json" id="merchant-ads-config">`)
 * overridden by the query string. Prefer `init` over a token in the URL: URLs end up in logs and histories.
 */
export interface HostConfig {
  apiBase: string;
  allowedOrigins: string[];
  language?: string;
  token?: string;
  handlerName?: string;
  fallbackTimeout?: number;
  localesBase?: string;
  initialRoute?: string;
}

export function readConfig(loc: Location, doc: Document): HostConfig {
  let fromScript: Partial<HostConfig> = {};
  const el = doc.getElementById('merchant-ads-config');
  if (el?.textContent?.trim()) {
    try {
      const parsed: unknown = JSON.parse(el.textContent);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) fromScript = parsed as Partial<HostConfig>;
      else console.warn('[merchant-ads bridge] the config script is not a JSON object; using defaults');
    } catch {
      console.warn('[merchant-ads bridge] the config script is not valid JSON; using defaults');
    }
  }
  const q = new URLSearchParams(loc.search);
  const list = (v: string | null) => (v === null ? undefined : v.split(',').map((s) => s.trim()).filter(Boolean));
  const num = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);
  return {
    apiBase: q.get('apiBase') ?? fromScript.apiBase ?? '/api',
    allowedOrigins: list(q.get('origins')) ?? (Array.isArray(fromScript.allowedOrigins) ? fromScript.allowedOrigins.map(String) : []),
    language: q.get('lang') ?? fromScript.language,
    token: q.get('token') ?? fromScript.token,
    handlerName: q.get('handler') ?? fromScript.handlerName,
    fallbackTimeout: num(q.get('fallbackTimeout')) ?? fromScript.fallbackTimeout,
    localesBase: fromScript.localesBase,
    initialRoute: q.get('route') ?? fromScript.initialRoute,
  };
}
