import { computed } from '@preact/signals-react';
import type { Language } from '../api/languages';
import type { I18n } from '../i18n/i18n';
import type { PrefixedStorage } from '../lib/storage';
import { mapLanguage, type ConfigStore } from './config';

const KEY = 'lang';

/** The interface language (stored under `lang`, default en; docs/product.md, "Languages"); switching persists it and reloads the config. */
export function createLanguageStore(storage: PrefixedStorage, i18n: I18n, config: ConfigStore) {
  return {
    lang: i18n.lang,
    /** Options for the header's picker: label from description (else source), value from targets. */
    options: computed(() => {
      const map = config.config.value.client_language_map ?? [];
      const seen = new Set<Language>();
      return map
        .filter((e) => !seen.has(e.targets) && seen.add(e.targets))
        .map((e) => ({ label: e.description || e.source, value: e.targets }));
    }),
    stored: (): Language | null => mapLanguage(storage.get<string>(KEY), undefined),
    /** Accepts our codes and anything the language map knows (e.g. `zh-TW` → cht). */
    async set(code: string | undefined | null, opts: { persist?: boolean } = {}): Promise<Language | null> {
      const lang = mapLanguage(code, config.config.value.client_language_map);
      if (!lang) return null;
      await i18n.setLanguage(lang);
      if (opts.persist !== false) storage.set(KEY, lang);
      return lang;
    },
  };
}
export type LanguageStore = ReturnType<typeof createLanguageStore>;
