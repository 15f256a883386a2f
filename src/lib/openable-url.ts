/** Hosts an http: link may name: the demo's server on this machine. Everywhere else only https: leaves the app. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A link the app may open (a customer-service contact): https:, or http: on a loopback host (the demo); null for
 * anything else (javascript:, data:, http: elsewhere, credentials in the URL), and for what is no URL at all.
 */
export function openableUrl(raw: string): string | null {
  try {
    const u = new URL(raw);
    if (u.username || u.password) return null;
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname)) ? u.href : null;
  } catch {
    return null;
  }
}
