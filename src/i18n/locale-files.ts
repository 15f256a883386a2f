/**
 * Where the language files come from. The module builds (this file) import them, one chunk per language, so a
 * host's bundler ships them with the app and `<MerchantAds apiBase="/api" />` needs no copied files; a host's
 * `localesBase` still wins. The script-tag build swaps in locale-files-script.ts, which fetches `locales/`.
 */
import type { Language } from '../api/languages';
import { fetchLocale, type LocaleOptions } from './locale-fetch';
import type { Messages } from './i18n';

const FILES: Record<Language, () => Promise<{ default: Messages }>> = {
  cht: () => import('../../locales/cht.json'),
  de: () => import('../../locales/de.json'),
  en: () => import('../../locales/en.json'),
  fr: () => import('../../locales/fr.json'),
  jp: () => import('../../locales/jp.json'),
  kor: () => import('../../locales/kor.json'),
  pt: () => import('../../locales/pt.json'),
  ru: () => import('../../locales/ru.json'),
  spa: () => import('../../locales/spa.json'),
  th: () => import('../../locales/th.json'),
  vi: () => import('../../locales/vi.json'),
  zh: () => import('../../locales/zh.json'),
};

export function loadLocale(lang: Language, o: LocaleOptions): Promise<Messages> {
  return o.localesBase ? fetchLocale(o.localesBase, lang, o.signal) : FILES[lang]().then((m) => m.default);
}
