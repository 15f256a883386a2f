import type { Language } from '../api/languages';
import { pageAddress, type AssetOptions } from '../lib/assets';
import type { Messages } from './i18n';

export interface LocaleOptions extends AssetOptions {
  /** The host's folder of language files (mount option `localesBase`). */
  localesBase?: string;
  signal?: AbortSignal;
}

/**
 * `<base>/<lang>.json`, a relative base read from the page's own address; a failed answer rejects, so the language
 * is asked for again next time.
 */
export async function fetchLocale(base: string, lang: Language, signal?: AbortSignal): Promise<Messages> {
  const res = await fetch(new URL(`${base.replace(/\/?$/, '/')}${lang}.json`, pageAddress()), { signal });
  if (!res.ok) throw Error(`locale ${lang}: HTTP ${res.status}`);
  return res.json() as Promise<Messages>;
}
