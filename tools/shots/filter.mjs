/**
 * Which shots a run takes: `npm run shots -- wallet de` keeps the shots whose name matches every word. A word that
 * is one of the run's languages or widths picks that language or width exactly (so `de` is German, not every
 * "detail" screen, and `320` is the narrow phone); any other word is a piece of the name (`wallet` keeps the
 * wallet, its forms and its sheets). Case does not matter; no word keeps everything. The engine is not a word: it
 * is `--engine` (see shots.mjs), and a run only ever takes its own engine's shots.
 */
export const LANGUAGES = ['en', 'de', 'ru', 'th', 'zh'];
export const WIDTHS = [320, 390];
/** The engines a run can photograph in; the first is the default, whose files carry no engine in their name. */
export const ENGINES = ['chromium', 'webkit', 'firefox'];

/**
 * A shot's file name (without .png): scene, language, width, in the order that sorting groups them by; then the
 * engine, but for Chromium's, so another engine's picture sorts right after Chromium's of the same screen
 * (`wallet--de--320.png`, `wallet--de--320--firefox.png`, `wallet--de--320--webkit.png`).
 */
export const shotName = (scene, lang, width, engine = ENGINES[0]) =>
  `${scene}--${lang}--${width}${engine === ENGINES[0] ? '' : `--${engine}`}`;

/** Whether a file in the shots folder is one of `engine`'s pictures (what a whole run of that engine replaces). */
export function isEngineShot(file, engine = ENGINES[0]) {
  if (!file.endsWith('.png')) return false;
  const other = ENGINES.slice(1).find((e) => file.endsWith(`--${e}.png`));
  return (other ?? ENGINES[0]) === engine;
}

export function matchesFilter(words, { scene, lang, width, engine }) {
  return words.every((raw) => {
    const w = raw.toLowerCase();
    if (LANGUAGES.includes(w)) return lang === w;
    if (WIDTHS.map(String).includes(w)) return width === Number(w);
    return shotName(scene, lang, width, engine).toLowerCase().includes(w);
  });
}
