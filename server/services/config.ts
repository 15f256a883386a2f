/** Configuration documents and contacts, read from the config and contacts tables (written by the seed). */
import type { Banner, BasicConfig, Contact, Faq, Language } from '../../src/api/contract';
import { stmt, type DB } from '../db/index';
import { clipRichText } from '../lib/sanitize';

interface ContactRow { id: number; type: number; url: string; label: string; icon: string | null }

function parseJson<T>(text: string | undefined, fallback: T): T {
  if (text === undefined) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function contacts(db: DB, kind: 'service' | 'recharge'): Contact[] {
  return stmt<ContactRow>(db, 'SELECT id, type, url, label, icon FROM contacts WHERE kind = ? ORDER BY sort, id').all(kind).map((r) => {
    const c: Contact = { id: r.id, type: r.type, url: r.url, label: parseJson<Record<string, string>>(r.label, {}) };
    if (r.icon) c.icon = r.icon;
    return c;
  });
}

export function configValue<T>(db: DB, key: string, fallback: T): T {
  const row = stmt<{ value: string }>(db, 'SELECT value FROM config WHERE key = ?').get(key);
  return parseJson(row?.value, fallback);
}

/** privacy_policy is stored per language; the requested one is returned, else English, else the first. */
export function basicConfig(db: DB, lang: Language | undefined): BasicConfig {
  const policy = configValue<Record<string, string>>(db, 'privacy_policy', {});
  return {
    client_language_map: configValue(db, 'client_language_map', []),
    customer_service_url: contacts(db, 'service'),
    recharge_customer_service_url: contacts(db, 'recharge'),
    withdraw_method_config: configValue(db, 'withdraw_method_config', []),
    // Rich text is bounded as it is served too: what was stored before the limits (or around them) stays small.
    faq_config: configValue<Faq[]>(db, 'faq_config', []).map((f) => ({ ...f, answer: clipRichText(f.answer) })),
    privacy_policy: (lang && policy[lang]) || policy.en || Object.values(policy)[0] || '',
    banner_config: configValue<Banner[]>(db, 'banner_config', []).map((b) => ({ ...b, content: clipRichText(b.content) })),
    operating_rules: clipRichText(configValue(db, 'operating_rules', {})),
    currency: configValue(db, 'currency', 'USD'),
  };
}

/**
 * Test API only: appends an FAQ as given, without sanitizing (every real write sanitizes with lib/sanitize), so
 * that a browser test can prove the client's own rich-text layer holds by itself.
 */
export function appendRawFaq(db: DB, question: string, answer: string): { id: number } {
  return db.transaction(() => {
    const faqs = configValue<Faq[]>(db, 'faq_config', []);
    const id = faqs.reduce((max, f) => Math.max(max, f.id), 0) + 1;
    faqs.push({ id, question: { en: question }, answer: { en: answer } });
    stmt(db, 'INSERT OR REPLACE INTO config (key, value) VALUES (?, ?)').run('faq_config', JSON.stringify(faqs));
    return { id };
  }).immediate();
}
