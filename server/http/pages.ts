/**
 * The HTML pages this server hands to browsers (examples/*.html, the bridge host page, dist/bridge/index.html, and
 * the bridge protocol the build renders beside it, dist/bridge/protocol.html), each with a content and framing policy:
 *   - a fresh nonce per answer, put on every <script> and <style> of the page; the page hands it to the SDK
 *     (`nonce`), which puts it on the one <style> it injects. No inline script runs without it, no 'unsafe-inline';
 *   - `frame-ancestors 'none'` for the examples and the protocol page (nobody frames them), except the demo chat,
 *     which the app frames as customer service ('self'); the bridge host page may be framed by its allowed origins
 *     only;
 *   - `Referrer-Policy: no-referrer`: a page's URL (with a partner entry's query) never travels to another site;
 *   - the examples' shared stylesheet (examples/examples.css) written into the page, under the same nonce: as a file
 *     of its own it held the first paint back for a request, and with it the deferred SDK script, which then ran
 *     before anything was on screen (Lighthouse measured the page's paint as late as the script's download).
 * The bridge page's config script is written here from the server's settings (`bridgeOrigins`), as a deployer
 * writes it: the page takes whom to trust from its config, never from its URL.
 * The protocol's old address, /bridge/PROTOCOL.md (the raw markdown the build once copied to dist/bridge/), moves to
 * the page.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface PageOptions {
  /** Where examples/ and dist/bridge/ live. */
  root: string;
  /**
   * Origins that may frame the bridge page and talk to it over postMessage: exact origins, "self" (this server's
   * own pages) or "null" (a sandboxed shell). Empty: no parent at all (a WebView needs none).
   */
  bridgeOrigins: readonly string[];
}

/** `/`, `/name.html`, `/bridge/`, `/bridge/name.html`: plain names only, so no path can leave its folder. */
const PAGE = /^\/(?:(bridge)\/)?([\w-]+\.html)?$/;
/** The bridge host page; any other page in dist/bridge/ is a document about it. */
const BRIDGE_HOST_PAGE = 'index.html';
const OLD_PROTOCOL = '/bridge/PROTOCOL.md';
const PROTOCOL_PAGE = '/bridge/protocol.html';
const CONFIG_SCRIPT = /(<script type="application\/json" id="merchant-ads-config">)[^<]*(<\/script>)/;
/** The examples' one stylesheet link, as every example page writes it (HTML's void tag, with or without its slash). */
const EXAMPLES_CSS = /<link rel="stylesheet" href="examples\.css"\s*\/?>/;
/** Pages the app itself frames (the demo customer-service chat). */
const FRAMED_BY_APP = new Set(['chat.html']);

/** The bridge page's frame-ancestors: "null" cannot be named there, so a list with it leaves framing open. */
function frameAncestors(origins: readonly string[]): string | null {
  if (origins.includes('null')) return null;
  if (!origins.length) return "'none'";
  return origins.map((o) => (o === 'self' ? "'self'" : o)).join(' ');
}

function contentSecurityPolicy(nonce: string, ancestors: string | null): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The app frames customer-service chats (https, or this server's demo chat).
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // Scripts only from addresses a named policy vouched for: the script tag's loader makes `merchant-ads`.
    "require-trusted-types-for 'script'",
    'trusted-types merchant-ads',
    ...(ancestors ? [`frame-ancestors ${ancestors}`] : []),
  ].join('; ');
}

/** Puts the nonce on every <script> and <style> tag of a page we wrote ourselves. */
const withNonce = (html: string, nonce: string) => html.replace(/<(script|style)\b/g, `<$1 nonce="${nonce}"`);

/** Writes the bridge page's config script (JSON, with `<` escaped so it cannot close the script). */
const withBridgeConfig = (html: string, config: object) =>
  html.replace(
    CONFIG_SCRIPT,
    (_, open: string, close: string) => open + JSON.stringify(config).replace(/</g, '\\u003c') + close,
  );

export function registerPages(app: FastifyInstance, opts: PageOptions): void {
  const bridgeConfig = { apiBase: '/api', allowedOrigins: opts.bridgeOrigins };
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const path = request.url.split('?')[0];
    if (path === OLD_PROTOCOL) return reply.redirect(PROTOCOL_PAGE, 301);
    const m = PAGE.exec(path);
    if (!m) return undefined;
    const [, bridge, name = 'index.html'] = m;
    const host = Boolean(bridge) && name === BRIDGE_HOST_PAGE;
    let html: string;
    try {
      html = await readFile(
        bridge ? join(opts.root, 'dist', 'bridge', name) : join(opts.root, 'examples', name),
        'utf8',
      );
    } catch {
      return undefined; // not there (yet): the static handler answers 404
    }
    if (!bridge && EXAMPLES_CSS.test(html)) {
      const css = await readFile(join(opts.root, 'examples', 'examples.css'), 'utf8');
      html = html.replace(EXAMPLES_CSS, () => `<style>\n${css}</style>`);
    }
    const nonce = randomBytes(18).toString('base64');
    html = withNonce(host ? withBridgeConfig(html, bridgeConfig) : html, nonce);
    const ancestors = host
      ? frameAncestors(opts.bridgeOrigins)
      : !bridge && FRAMED_BY_APP.has(name)
        ? "'self'"
        : "'none'";
    void reply
      .header('content-security-policy', contentSecurityPolicy(nonce, ancestors))
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
    return reply;
  });
}
