/** The script-tag build's language files (see locale-files.ts): fetched from `locales/` beside the script. */
import type { Language } from '../api/languages';
import { assetRefusal, assetsFolder } from '../lib/assets-script';
import { afterHostPaint, whenIdle } from '../lib/host-paint';
import { fetchLocale, type LocaleOptions } from './locale-fetch';
import type { Messages } from './i18n';

const folder = (o: LocaleOptions) => o.localesBase ?? new URL('locales/', assetsFolder(o)).href;

// English is asked for once the page has painted and the browser is idle, from the script's own <script> element:
// every mount shows it, alone or as the fallback of another language, so a widget mounted or started later need
// not wait for it (the words are not in the script, whose weight every page pays). Kept for the page's mounts that
// read it from the same folder, which ask for it at once if they start first; a failure fetches again at mount.
// Evaluated anywhere else (server-side rendering), the script asks for nothing.
const early = typeof document !== 'undefined' && document.currentScript ? folder({}) : null;
let english: Promise<Messages | null> | null = null;
const fetchEnglish = (from: string) => (english ??= fetchLocale(from, 'en').catch(() => null));
if (early) afterHostPaint(window, () => whenIdle(window, () => void fetchEnglish(early)));

export function loadLocale(lang: Language, o: LocaleOptions): Promise<Messages> {
  const from = folder(o);
  if (lang === 'en' && early && from === early)
    return fetchEnglish(early).then((m) => m ?? fetchLocale(early, lang, o.signal));
  // Words beside the SDK's files come from where its files may: an assetsBase no script allowed words nothing.
  const refused = o.localesBase ? null : assetRefusal(from);
  if (refused) {
    o.report?.(refused.code, refused.message);
    return Promise.reject(refused);
  }
  return fetchLocale(from, lang, o.signal);
}
