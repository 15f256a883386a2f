import type { Language } from '../../api/languages';
import type { Localized } from '../../api/shapes/config';
import { CONTENT_LANG, isLanguage } from '../../i18n/i18n';

/** Operator text picked for the screen, and the `lang` attribute it needs when it is not in the screen's language. */
export interface Picked {
  text: string;
  /** Set only when the text fell back to another language, so a screen reader reads it with the right voice. */
  lang?: string;
}

/**
 * Operator-written text (a FAQ, a banner, the rules) in the merchant's language, falling back to English, then
 * to whatever language the operator did write: a merchant is better served by a foreign text than by nothing.
 */
export function pickLocalized(text: Localized | undefined, lang: Language): Picked {
  if (!text) return { text: '' };
  if (text[lang]) return { text: text[lang] };
  const used = text.en ? 'en' : Object.keys(text).find((k) => text[k]);
  if (!used) return { text: '' };
  return { text: text[used], lang: isLanguage(used) ? CONTENT_LANG[used] : used };
}

/** The level RichText renders each of h1-h6 at (it keeps h3-h5: h1 → h3, h2 → h4, h6 → h5). */
const RENDERED_LEVEL = [0, 3, 4, 3, 4, 5, 5];
const HEADING_TAG = /<(\/?)h([1-6])(?=[\s/>])/gi;

/**
 * Operator rich text picked like pickLocalized, its headings moved up so that the highest is `top`, one under
 * the heading the screen puts over it. Operators write whatever levels they like (the seeded rules use h4), and
 * h4s straight under a screen's h2 skip a level for a screen-reader user going by headings. Only tag names
 * change here; RichText still parses the result inertly and decides what is rendered.
 */
export function pickRichText(text: Localized | undefined, lang: Language, top = 3): Picked {
  const picked = pickLocalized(text, lang);
  let highest = 7;
  for (const m of picked.text.matchAll(HEADING_TAG))
    if (!m[1]) highest = Math.min(highest, RENDERED_LEVEL[Number(m[2])]);
  if (highest > 6 || highest <= top) return picked;
  const up = highest - top;
  const html = picked.text.replace(
    HEADING_TAG,
    (_, close: string, n: string) => `<${close}h${Math.max(top, RENDERED_LEVEL[Number(n)] - up)}`,
  );
  return { ...picked, text: html };
}
