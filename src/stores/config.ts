import { signal } from '@preact/signals-react';
import * as accountCalls from '../api/calls/account';
import type { Language } from '../api/languages';
import { UNSTORED_CONFIG_KEYS, type BasicConfig, type LanguageMapEntry } from '../api/shapes/config';
import type { ApiCall } from '../api/client';
import type { PrefixedStorage } from '../lib/storage';
import { isLanguage } from '../i18n/i18n';

const KEY = 'basicConfig';

/** Basic config (docs/product.md, "Config"): cached in storage without the large parts, refreshed on mount and language change. */
export function createConfigStore(storage: PrefixedStorage, api: ApiCall) {
  const stored = storage.get<Partial<BasicConfig>>(KEY);
  const config = signal<Partial<BasicConfig>>(stored ?? {});
  let inflight: Promise<void> | null = null;

  return {
    config,
    load(lang: Language): Promise<void> {
      inflight ??= api(accountCalls.basicConfig, { lang })
        .then((c) => {
          config.value = c;
          const slim: Record<string, unknown> = { ...c };
          for (const k of UNSTORED_CONFIG_KEYS) delete slim[k];
          storage.set(KEY, slim);
        })
        .finally(() => (inflight = null));
      return inflight;
    },
  };
}
export type ConfigStore = ReturnType<typeof createConfigStore>;

/**
 * Maps any language or region code to one of ours through client_language_map (sources are comma-separated
 * codes; targets the language to use). Our own codes map to themselves. Unknown codes give null.
 */
export function mapLanguage(code: string | undefined | null, map: LanguageMapEntry[] | undefined): Language | null {
  if (!code) return null;
  if (isLanguage(code)) return code;
  const lookup = (c: string) =>
    (map ?? []).find((e) => isLanguage(e.targets) && e.source.split(',').some((s) => s.trim().toLowerCase() === c))
      ?.targets ?? null;
  // The exact code first (zh-TW → cht), then its primary language (de-AT → de).
  const c = code.trim().toLowerCase();
  return lookup(c) ?? lookup(c.split(/[-_]/)[0]);
}
