import rosetta from 'rosetta';
import { signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { LANGUAGES, type Language } from '../api/languages';

/** A language file's content: nested objects of strings (locales/<lang>.json). */
export type Messages = Record<string, unknown>;
export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

/** BCP 47 tags for Intl, per language code of the app. */
export const INTL_LOCALE: Record<Language, string> = {
  cht: 'zh-TW',
  de: 'de-DE',
  en: 'en-US',
  fr: 'fr-FR',
  jp: 'ja-JP',
  kor: 'ko-KR',
  pt: 'pt-BR',
  ru: 'ru-RU',
  spa: 'es-ES',
  th: 'th-TH',
  vi: 'vi-VN',
  zh: 'zh-CN',
};

/**
 * The language of the widget's content, for its `lang` attribute: screen readers pick their voice from it and
 * browsers their Han glyph forms and line breaking, so Chinese is named by script, not by region.
 */
export const CONTENT_LANG: Record<Language, string> = {
  cht: 'zh-Hant',
  de: 'de',
  en: 'en',
  fr: 'fr',
  jp: 'ja',
  kor: 'ko',
  pt: 'pt',
  ru: 'ru',
  spa: 'es',
  th: 'th',
  vi: 'vi',
  zh: 'zh-Hans',
};

/**
 * A text without the soft hyphens (U+00AD) a translation puts into long words so they break with a hyphen where
 * they wrap (tokens.css): for what never wraps and is read rather than laid out (the page's title, the host's route
 * event, an accessible name).
 */
export const withoutSoftHyphens = (s: string): string => s.replace(/\u00ad/g, '');

export const isLanguage = (x: unknown): x is Language => (LANGUAGES as readonly unknown[]).includes(x);

export type LocaleLoader = (lang: Language) => Promise<Record<string, unknown>>;

export interface I18n {
  /** The language whose messages are showing; changes only after its file has loaded. */
  readonly lang: ReadonlySignal<Language>;
  /** Whether any language's messages are loaded yet (nothing is worded before). */
  readonly ready: ReadonlySignal<boolean>;
  t: Translate;
  /** Loads the language if needed, then switches to it. Unknown codes are ignored. */
  setLanguage: (lang: string) => Promise<void>;
  formatNumber: (n: number | string, opts?: Intl.NumberFormatOptions) => string;
  /**
   * The ISO 4217 code every amount is shown in (basic config's `currency`); empty until the config names one,
   * when amounts are plain decimals with two places.
   */
  readonly currency: Signal<string>;
  /**
   * Money arrives as a decimal string; Intl formats it as money in `currency` (or `opts.currency`) without
   * passing through a float when it can. `compact` shortens large amounts for a chart's axis ("$1.2K").
   */
  formatMoney: (amount: string, opts?: { currency?: string; compact?: boolean }) => string;
  formatDate: (iso: string | Date, opts?: Intl.DateTimeFormatOptions) => string;
}

/**
 * One i18n per mounted instance. Every language, English included, is fetched once through `load` and cached:
 * the words are not in the script-tag bundle, whose weight every partner page pays, and English would be the
 * largest single part of it. A language is shown together with English, which a key missing from it falls back
 * to; a key missing from both shows the key itself. `preloaded` is for tests and hosts that bundle a language.
 */
export function createI18n(
  load: LocaleLoader,
  initial: Language = 'en',
  preloaded: Partial<Record<Language, Messages>> = {},
): I18n {
  const r = rosetta<Record<string, unknown>>(preloaded);
  const loaded = new Set<Language>(Object.keys(preloaded).filter(isLanguage));
  const ready = signal(loaded.size > 0);
  const lang = signal<Language>(loaded.has('en') || !loaded.size ? 'en' : [...loaded][0]);
  const currency = signal('');
  const pending = new Map<Language, Promise<void>>();
  let wanted: Language = initial;

  // Reading lang.value subscribes the calling component, so text re-renders on a language switch. A key the
  // language lacks (rosetta gives '') is taken from English, else shown as itself.
  const t: Translate = (key, params) => String(r.t(key, params, lang.value) || r.t(key, params, 'en') || key);

  const ensure = (code: Language) => {
    if (loaded.has(code)) return Promise.resolve();
    let p = pending.get(code);
    if (!p) {
      p = load(code)
        .then((dict) => {
          r.set(code, dict);
          loaded.add(code);
          // The language showing has its words now (English at start, while a later choice still loads): the app
          // can render, even though the setLanguage() that asked for this file has been overtaken.
          if (code === lang.peek()) ready.value = true;
        })
        .finally(() => pending.delete(code));
      // A failed file is asked again next time (a language switch, a retry), not remembered as failed.
      pending.set(code, p);
    }
    return p;
  };

  const setLanguage = async (code: string) => {
    if (!isLanguage(code)) return;
    wanted = code;
    // English comes along as the fallback; its failure alone does not stop another language.
    await Promise.all([ensure(code), code === 'en' || ensure('en').catch(() => undefined)]);
    // A slower earlier request must not override a later choice.
    if (wanted === code) {
      lang.value = code;
      ready.value = true;
    }
  };

  // Every tag of INTL_LOCALE is well-formed, so Intl takes it on any engine (one without its data uses its default).
  const numberIntl = (opts?: Intl.NumberFormatOptions) => new Intl.NumberFormat(INTL_LOCALE[lang.value], opts);

  const i18n: I18n = {
    lang,
    ready,
    t,
    setLanguage,
    // Intl.NumberFormat.format accepts decimal strings exactly (ES2023); the casts only satisfy older lib types.
    formatNumber: (n, opts) => numberIntl(opts).format(n as unknown as number),
    currency,
    formatMoney: (amount, opts) => {
      const code = opts?.currency ?? currency.value;
      const cents: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
      const compact: Intl.NumberFormatOptions | false = !!opts?.compact && {
        notation: 'compact',
        maximumFractionDigits: 1,
      };
      try {
        return numberIntl(code ? { style: 'currency', currency: code, ...compact } : compact || cents).format(
          amount as unknown as number,
        );
      } catch {
        // A code Intl does not know (a misconfigured server): the amount still shows, with the code beside it.
        return `${numberIntl(cents).format(amount as unknown as number)} ${code}`;
      }
    },
    // A year and its Russian unit ("2026 г.") stay on one line wherever a date wraps.
    formatDate: (iso, opts) =>
      new Intl.DateTimeFormat(INTL_LOCALE[lang.value], opts ?? { dateStyle: 'medium', timeStyle: 'short' })
        .format(typeof iso === 'string' ? new Date(iso) : iso)
        .replace(/(\d)\s(г\.)/g, '$1\u00a0$2'),
  };
  if (!loaded.has(initial)) void setLanguage(initial).catch(() => undefined);
  return i18n;
}
