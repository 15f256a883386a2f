/** The basic configuration (`/basic_config`) and the operator texts it carries. */
import type { Language } from '../languages';
import type { Cta } from './cta';

/** A customer-service contact: type 1 opens inside the app (/customer), anything else in a new window. */
export interface Contact {
  id: number;
  type: number;
  url: string;
  label: Record<string, string>;
  icon?: string;
}

export interface LanguageMapEntry {
  source: string;
  targets: Language;
  description?: string;
}

/**
 * Rich text: HTML written by operators (FAQ answers, rules, banner details, notification bodies). The server
 * sanitizes it when it is stored or seeded (server/lib/sanitize.ts, sanitize-html); the client still never sets
 * it as HTML: ui/rich-text parses it inertly and renders an allowlist. Per language, falling back to `en`.
 */
export type RichText = Record<string, string>;
/** Plain text per language code, falling back to `en`. */
export type Localized = Record<string, string>;

export interface Faq {
  id: number;
  question: Localized;
  answer: RichText;
  cta?: Cta;
}
/** A banner: artwork without words; its title (and an optional subtitle) are shown over it in the merchant's language. */
export interface Banner {
  id: number;
  image: string;
  title: Localized;
  subtitle?: Localized;
  content: RichText;
  cta?: Cta;
}
export interface WithdrawMethod {
  id: number;
  name: string;
  kind: 'bank' | 'wallet';
}

export interface BasicConfig {
  client_language_map: LanguageMapEntry[];
  customer_service_url: Contact[];
  recharge_customer_service_url: Contact[];
  withdraw_method_config: WithdrawMethod[];
  faq_config: Faq[];
  privacy_policy: string;
  banner_config: Banner[];
  /** The ad centre's operating rules (shown on home and on plan follow). */
  operating_rules: RichText;
  /** The ISO 4217 code every amount is in (USD for the demo): the client formats all money in it. */
  currency: string;
}
/** The keys of BasicConfig never kept in local storage (docs/product.md, "Stored locally"). */
export const UNSTORED_CONFIG_KEYS = [
  'faq_config',
  'privacy_policy',
  'banner_config',
  'withdraw_method_config',
  'operating_rules',
] as const;
