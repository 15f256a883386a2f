/**
 * A fresh idempotency key per tap, so a retried request is the same action to the server and a new tap is a new
 * one. randomUUID needs a secure context; an http host page (or an old WebView) falls back to getRandomValues.
 */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
