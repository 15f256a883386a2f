/** Raster or SVG images written inline; SVG in an <img> runs no script and loads nothing. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

/**
 * The banner's image address if it is one an <img> may load: https, an inline image, or a path on this page's
 * own origin (the API's uploads behind the same host). Anything else (http: trackers, javascript:, another
 * origin over plain http) gives no image rather than a request the merchant did not ask for.
 */
export function bannerImage(raw: string | undefined, base: string): string | null {
  if (!raw) return null;
  const s = raw.trim();
  if (DATA_IMAGE.test(s)) return s;
  let url: URL;
  try {
    url = new URL(s, base);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:' || url.origin === new URL(base).origin) return url.href;
  return null;
}
