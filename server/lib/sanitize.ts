/**
 * Operator HTML (FAQ answers, rules, banner details, notification bodies) is sanitized here when it is stored or
 * seeded, with sanitize-html (apostrophecms; htmlparser2 underneath, no DOM needed on the server). The allowlist
 * is the client's (src/ui/rich-text): the client renders only those tags anyway, so the two layers agree and
 * either alone holds. Links only to https:, images only from https: or the API's own /api/ paths.
 */
import sanitizeHtml from 'sanitize-html';
import type { RichText } from '../../src/api/shapes/config';
import { breaksChars } from '../../src/api/schema/text';
import { boundHtml } from '../../src/lib/bound-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'h5',
    'blockquote',
    'a',
    'img',
    'hr',
  ],
  // target and rel are written by the transform below, never taken from the operator.
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['https'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Code containers go with everything in them; other unknown tags give up their text.
  nonTextTags: [
    'script',
    'style',
    'template',
    'iframe',
    'object',
    'embed',
    'noscript',
    'svg',
    'math',
    'select',
    'textarea',
    'title',
    'head',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h3',
    h2: 'h4',
    h6: 'h5',
    del: 's',
    // Every link opens a new tab without opener or referrer. A href that is not https: is dropped by
    // allowedSchemes afterwards, leaving an inert <a> with its text (renaming the tag here trips a known
    // sanitize-html bug that mismatches the closing tag).
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImage(frame.attribs.src),
};

/** An image on https: or one of the API's own paths (uploads). */
function isAllowedImage(src: string | undefined): boolean {
  if (!src) return false;
  const s = src.trim();
  return /^https:\/\//i.test(s) || /^\/api\/[^/]/.test(s);
}

/**
 * Rich text refused, never stored: its sanitized form breaks the `chars` rule, or it is nested deeper or runs
 * longer than RICH_TEXT_BOUNDS (src/lib/bound-html.ts; what the client would flatten or cut anyway).
 */
export class UnsafeRichText extends Error {
  constructor(readonly rule: 'chars' | 'depth' | 'maxLength' = 'chars') {
    super(`rich text: ${rule}`);
    this.name = 'UnsafeRichText';
  }
}

/** Numeric character references, as a browser would read them (`&#x202E;`, `&#8238;`); named ones are never unsafe. */
const decodeNumeric = (html: string) =>
  html.replace(/&#(x[0-9a-f]+|[0-9]+);?/gi, (_, n: string) => {
    const code = n[0] === 'x' || n[0] === 'X' ? parseInt(n.slice(1), 16) : parseInt(n, 10);
    // Out of range: a browser shows U+FFFD, which is harmless; a lone surrogate stays one, so the rule sees it.
    return code > 0x10ffff
      ? '\uFFFD'
      : String.fromCharCode(
          ...(code > 0xffff ? [0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff)] : [code]),
        );
  });

/**
 * One HTML text, sanitized. The `chars` rule is judged on what comes out, references included: the sanitizer
 * decodes `&#x202E;` into a literal right-to-left override (and `&#x1b;` into ESC), which the rule on the raw input
 * never saw; such text is refused (UnsafeRichText) rather than stored. Line breaks and tabs are fine in HTML.
 */
export function sanitizeHtmlText(html: string): string {
  // Bounded before the sanitizer parses it: its parser would pay for the depth too.
  const bounded = boundHtml(html);
  if (bounded.cut) throw new UnsafeRichText('maxLength');
  if (bounded.flattened) throw new UnsafeRichText('depth');
  const out = sanitizeHtml(html, OPTIONS).trim();
  if (breaksChars(out, true) || breaksChars(decodeNumeric(out), true)) throw new UnsafeRichText();
  return out;
}

/** A rich text per language, each sanitized. */
export function sanitizeRichText(text: RichText): RichText {
  const out: RichText = {};
  for (const [lang, html] of Object.entries(text)) out[lang] = sanitizeHtmlText(html);
  return out;
}

/** Stored rich text as it is served: text older than the bounds (or written around them) is flattened and cut. */
export function clipRichText(text: RichText): RichText {
  const out: RichText = {};
  for (const [lang, html] of Object.entries(text)) out[lang] = boundHtml(html).html;
  return out;
}
