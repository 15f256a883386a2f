/** The script-tag build's language files (see locale-files.ts): fetched from `locales/` beside the script. */
import type { Language } from '../api/languages';
import { assetsFolder } from '../lib/assets-script';
import { fetchLocale, type LocaleOptions } from './locale-fetch';
import type { Messages } from './i18n';

export const loadLocale = (lang: Language, o: LocaleOptions): Promise<Messages> =>
  fetchLocale(o.localesBase ?? new URL('locales/', assetsFolder(o)).href, lang, o.signal);
