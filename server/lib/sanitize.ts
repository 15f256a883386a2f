/**
 * Operator HTML (FAQ answers, rules, banner details, notification bodies) is sanitized here when it is stored or
 * seeded, with sanitize-html (apostrophecms; htmlparser2 underneath, no DOM needed on the server). The allowlist
 * is the client's (src/ui/rich-text): the client renders only those tags anyway, so the two layers agree and
 * either alone holds. Links only to https:, images only from https: or the API's own /api/ paths.
 */
import sanitizeHtml from 'sanitize-html';
import type { RichText } from '../../src/api/contract';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'h5', 'blockquote', 'a', 'img', 'hr'],
  // target and rel are written by the transform below, never taken from the operator.
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['https'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Code containers go with everything in them; other unknown tags give up their text.
  nonTextTags: ['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math', 'select', 'textarea', 'title', 'head'],
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h3', h2: 'h4', h6: 'h5', del: 's',
    // Every link opens a new tab without opener or referrer. A href that is not https: is dropped by
    // allowedSchemes afterwards, leaving an inert <a> with its text (renaming the tag here trips a known
    // sanitize-html bug that mismatches the closing tag).
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
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

/** One HTML text, sanitized. */
export function sanitizeHtmlText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** A rich text per language, each sanitized. */
export function sanitizeRichText(text: RichText): RichText {
  const out: RichText = {};
  for (const [lang, html] of Object.entries(text)) out[lang] = sanitizeHtmlText(html);
  return out;
}
