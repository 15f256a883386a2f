/**
 * Which shots a run takes: `npm run shots -- wallet de` keeps the shots whose name matches every word. A word that
 * is one of the run's languages or widths picks that language or width exactly (so `de` is German, not every
 * "detail" screen, and `320` is the narrow phone); any other word is a piece of the name (`wallet` keeps the
 * wallet, its forms and its sheets). Case does not matter; no word keeps everything.
 */
export const LANGUAGES = ['en', 'de', 'ru', 'th', 'zh'];
export const WIDTHS = [320, 390];

/** A shot's file name (without .png): scene, language, width, in the order that sorting groups them by. */
export const shotName = (scene, lang, width) => `${scene}--${lang}--${width}`;

export function matchesFilter(words, { scene, lang, width }) {
  return words.every((raw) => {
    const w = raw.toLowerCase();
    if (LANGUAGES.includes(w)) return lang === w;
    if (WIDTHS.map(String).includes(w)) return width === Number(w);
    return shotName(scene, lang, width).toLowerCase().includes(w);
  });
}
