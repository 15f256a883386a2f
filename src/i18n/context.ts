import { createContext } from 'react';
import { useContext } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { I18n, Translate } from './i18n';

export const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  // t() reads the language signal: under React the caller re-renders on a switch only if it tracks (a no-op on preact).
  useSignals();
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('MerchantAds: no I18nContext');
  return i18n;
}

/** The translate function of the current instance; re-renders the caller when the language changes. */
export function useT(): Translate {
  return useI18n().t;
}
