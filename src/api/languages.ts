/** The app's 12 languages, by the codes the server and the locale files use. */
export const LANGUAGES = ['cht', 'de', 'en', 'fr', 'jp', 'kor', 'pt', 'ru', 'spa', 'th', 'vi', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
