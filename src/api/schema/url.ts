/** Image addresses a merchant or an operator may store: https, or this server's own uploads. */
import { str } from './text';
import { fail, pass, type Field } from './types';

/** Where this server serves uploaded files: POST /files/upload answers a root-relative URL under it. */
export const UPLOADS_PATH = '/uploads/';
// Path segments of letters, digits, dot, dash and underscore, none starting with a dot: no "..", no dot files,
// no query or fragment.
const UPLOAD_URL = /^\/uploads\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The canonical form of an https URL without credentials, or null for anything else (javascript:, data:, http:). */
function httpsUrl(v: string): string | null {
  // "https:host" and "https:/host" parse too; ask for the plain form so what is checked is what was meant.
  if (!/^https:\/\/[^/\\]/i.test(v) || /\s/.test(v)) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  return url.protocol === 'https:' && url.hostname && !url.username && !url.password ? url.href : null;
}

/**
 * An image address that is safe to put in <img src> and to open: https, or this server's own upload URL
 * (rule `url`). Anything else (javascript:, data:, http:, protocol-relative //host) is refused. An https URL is
 * stored in its canonical form (lower-case scheme and host, non-ASCII percent-encoded); spaces are refused.
 */
/*#__NO_SIDE_EFFECTS__*/
export function imageUrl(o: { max: number }): Field<string> {
  const text = str({ max: o.max });
  return {
    kind: 'url',
    optional: false,
    meta: text.meta,
    parse(raw) {
      const r = text.parse(raw);
      if (!r.ok || UPLOAD_URL.test(r.value)) return r;
      const href = httpsUrl(r.value);
      if (!href) return fail('url');
      return href.length > o.max ? fail('maxLength') : pass(href);
    },
  };
}
